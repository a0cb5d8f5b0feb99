/**
 * Snapshots: a store's whole state (data, clock, scheduled jobs, webhooks and their deliveries,
 * settings, id sequences). Exported, it is one versioned JSON document, made from `Store.toJSON()`
 * and put back through `Store.load()`, the same path as the `--data` file: indexes and the
 * scheduler's heap are rebuilt from the records. A named snapshot is kept in memory as a
 * `StoreImage` instead: it shares the collections' maps copy-on-write, so saving and restoring one
 * take milliseconds whatever the store's size (docs/decisions/0027). A store's identity (id, name,
 * tokens, client secret, creation time) is not part of a snapshot, so restoring never locks a test
 * out or hands its tokens to another store (docs/decisions/0014).
 */
import * as z from 'zod';
import { errors } from '../errors/messages.js';
import { parseWith } from '../errors/validation.js';
import { parseTimestampMs } from '../platform/calendar.js';
import { toIso } from '../platform/clock.js';
import { onFirstUse } from '../platform/first-use.js';
import { UniqueIndexViolation, UnindexableRecord } from '../platform/persistence/collection.js';
import { VERSION } from '../platform/version.js';
import { createCollections, type CollectionName } from './collections.js';
import { recordsOfColumns } from './snapshot-columns.js';
import { recordProblems } from './record-fields.js';
import { completeSettings, storeSettingsSchema, type StoreSettings } from './settings.js';
import type { Store, StoreDoc, StoreImage } from './store.js';

export const SNAPSHOT_KIND = 'billing-emulator/snapshot';
export const SNAPSHOT_VERSION = 1;
/** The columnar layout of the records (src/store/snapshot-columns.ts); `PUT` takes either version. */
export const SNAPSHOT_COLUMNAR_VERSION = 2;

/** A store's state as `GET /_emulator/snapshot` answers it and `PUT /_emulator/snapshot` takes it. */
export interface SnapshotDoc {
  readonly kind: typeof SNAPSHOT_KIND;
  readonly version: typeof SNAPSHOT_VERSION;
  /** The emulator release that took it (informative). */
  readonly emulator_version: string;
  /** The store it was taken from (informative; it can be restored into any store). */
  readonly store_id: number;
  /** The store's virtual time when it was taken. */
  readonly taken_at: string;
  readonly store: {
    readonly settings: StoreSettings;
    readonly clock: { readonly now: string; readonly mode: 'frozen' | 'realtime' };
    readonly sequences: Readonly<Record<string, number>>;
    readonly uninstalled_at: string | null;
    readonly collections: StoreDoc['collections'];
  };
}

/** Names of every collection a store holds (a snapshot may hold no others). */
export const COLLECTION_NAMES = Object.keys(createCollections(() => undefined)) as CollectionName[];

/**
 * The store's state now, once the webhook deliveries in flight have their answers.
 *
 * @example
 * const doc = await takeSnapshot(store); // doc.store.collections.customers, doc.taken_at, ...
 */
export async function takeSnapshot(store: Store): Promise<SnapshotDoc> {
  await store.settle();
  const doc = store.toJSON();
  // Tokens are the store's identity, not its state: their sequence stays with the store.
  const { tokens: _tokens, ...sequences } = doc.sequences;
  return {
    kind: SNAPSHOT_KIND,
    version: SNAPSHOT_VERSION,
    emulator_version: VERSION,
    store_id: store.id,
    taken_at: toIso(doc.clock.now),
    store: {
      settings: doc.settings,
      clock: { now: toIso(doc.clock.now), mode: doc.clock.mode },
      sequences,
      uninstalled_at: doc.uninstalled_at ?? null,
      collections: doc.collections,
    },
  };
}

/**
 * Puts a snapshot's state back into `store`: data, jobs (the scheduler rebuilds its heap), clock,
 * settings and sequences. All or nothing: a document whose records collide (two customers with
 * one email, a repeated id) leaves the store as it was and throws the 422.
 */
export async function restoreSnapshot(store: Store, snapshot: SnapshotDoc): Promise<void> {
  await store.settle();
  // Not toJSON(): that copies every collection's rows, which are about to be replaced.
  const current = store.metaJSON();
  // Constant time (copy-on-write): what the store goes back to if the document is refused.
  const backup = store.image();
  const state = snapshot.store;
  // The store keeps its tokens, so it keeps their sequence too.
  const { tokens: _ignored, ...restored } = state.sequences;
  const sequences: Record<string, number> = { ...restored };
  if (current.sequences.tokens !== undefined) sequences.tokens = current.sequences.tokens;
  const doc: StoreDoc = {
    ...current,
    clock: { mode: state.clock.mode, now: parseTimestampMs(state.clock.now) ?? 0, anchoredAt: 0 },
    sequences,
    collections: ownedByThisStore(state.collections, store.id),
    uninstalled_at: state.uninstalled_at,
  };
  try {
    store.load(doc);
    store.updateSettings(state.settings);
  } catch (error) {
    store.restoreImage(backup);
    if (error instanceof UniqueIndexViolation)
      throw invalid(error.collection, `Two records share the ${error.index} ${String(error.key)}.`);
    if (error instanceof Error && /already holds id/.test(error.message))
      throw invalid('_schema', `${error.message}: ids must be unique.`);
    if (error instanceof UnindexableRecord)
      throw invalid(error.collection, `Record ${error.id} has a field of the wrong type.`);
    throw error;
  }
}

/**
 * A document's records as this store holds them: the store's own metafields name this store as
 * their owner, where a document taken from another store, or cloned from the real service, names
 * that one (updating such a metafield answered 422: no store with that id).
 */
function ownedByThisStore(collections: StoreDoc['collections'], storeId: number): StoreDoc['collections'] {
  const metafields = collections.metafields;
  if (!metafields?.some((m) => m.owner_resource === 'store' && m.owner_id !== storeId)) return collections;
  return {
    ...collections,
    metafields: metafields.map((m) => (m.owner_resource === 'store' ? { ...m, owner_id: storeId } : m)),
  };
}

function invalid(collection: string, message: string) {
  return errors.validation({ store: { collections: { [collection]: [message] } } });
}

/**
 * The schemas of a snapshot document, built on first use (src/platform/first-use.ts): a start
 * that reads no snapshot builds none.
 */
export const snapshotSchemas = onFirstUse(() => {
  const timestamp = z
    .string()
    .refine((value) => parseTimestampMs(value) !== null, 'Not a valid ISO-8601 datetime.');

  const record = z.looseObject({ id: z.number().int().positive() });
  const job = z.looseObject({
    id: z.number().int().positive(),
    type: z.string().min(1),
    due_at: z.number().int(),
    subject: z.string(),
    payload: z.record(z.string(), z.unknown()),
  });

  const collectionsSchema = z
    .object(
      Object.fromEntries(
        COLLECTION_NAMES.map((name) => [name, z.array(name === 'jobs' ? job : record).optional()]),
      ) as Record<CollectionName, z.ZodOptional<z.ZodArray<typeof record>>>,
    )
    .strict();

  /** The settings of a snapshot are the complete ones `GET` gives; `email` may be null there. */
  const snapshotSettings = z
    .preprocess(
      (value) =>
        typeof value === 'object' && value !== null && (value as { email?: unknown }).email === null
          ? { ...value, email: undefined }
          : value,
      storeSettingsSchema,
    )
    .transform(completeSettings);

  function documentSchema<C extends z.ZodType>(collections: C) {
    return z
      .object({
        kind: z.literal(SNAPSHOT_KIND),
        version: z.literal(SNAPSHOT_VERSION),
        emulator_version: z.string().optional(),
        store_id: z.number().int().optional(),
        taken_at: timestamp.optional(),
        store: z
          .object({
            settings: snapshotSettings,
            clock: z.object({ now: timestamp, mode: z.enum(['frozen', 'realtime']) }).strict(),
            sequences: z.record(z.string(), z.number().int().nonnegative()),
            uninstalled_at: timestamp.nullable().optional(),
            collections,
          })
          .strict(),
      })
      .strict();
  }

  return {
    document: documentSchema(collectionsSchema),
    /** Everything but the records, which `fastCollections` checks. */
    head: documentSchema(z.unknown()),
  };
});

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isId = (value: unknown): boolean => Number.isInteger(value) && (value as number) > 0;

function isJob(row: Record<string, unknown>): boolean {
  return (
    typeof row.type === 'string' &&
    row.type !== '' &&
    Number.isInteger(row.due_at) &&
    typeof row.subject === 'string' &&
    isObject(row.payload)
  );
}

/**
 * The collections of a document when every record passes the `document` schema, checked in a plain
 * loop (zod copies each of 100,000s of records); null when one does not (zod then names it).
 */
function fastCollections(input: unknown): StoreDoc['collections'] | null {
  const collections = isObject(input) && isObject(input.store) ? input.store.collections : undefined;
  if (!isObject(collections)) return null;
  for (const [name, rows] of Object.entries(collections)) {
    if (!KNOWN.has(name)) return null;
    if (rows === undefined) continue;
    if (!Array.isArray(rows)) return null;
    const jobs = name === 'jobs';
    for (const row of rows as unknown[]) {
      if (!isObject(row) || !isId(row.id) || (jobs && !isJob(row))) return null;
    }
  }
  return collections as StoreDoc['collections'];
}

const KNOWN = new Set<string>(COLLECTION_NAMES);

/**
 * A version-2 document as the version-1 document of the same state (its records rebuilt in place
 * from their columns); any other input as it is. 422 naming the collections that are malformed.
 */
function asVersion1(input: unknown): unknown {
  if (!isObject(input) || input.version !== SNAPSHOT_COLUMNAR_VERSION) return input;
  const store = input.store;
  if (!isObject(store) || !isObject(store.collections)) return { ...input, version: SNAPSHOT_VERSION };
  // Null prototypes: a collection named __proto__ is a key here, refused, not a prototype.
  const collections = Object.create(null) as Record<string, unknown>;
  const problems = Object.create(null) as Record<string, string[]>;
  for (const [name, collection] of Object.entries(store.collections)) {
    const records = KNOWN.has(name) ? recordsOfColumns(collection) : 'Not a collection of a store.';
    if (typeof records === 'string') problems[name] = [records];
    else collections[name] = records;
  }
  if (Object.keys(problems).length > 0) throw errors.validation({ store: { collections: problems } });
  return { ...input, version: SNAPSHOT_VERSION, store: { ...store, collections } };
}

/**
 * Checks the structure of a snapshot document, version 1 or 2 (every record's fields are taken as
 * they are), and answers it as a version-1 document.
 */
export function parseSnapshot(document: unknown): SnapshotDoc {
  const input = asVersion1(document);
  const records = fastCollections(input);
  const parsed =
    records === null
      ? parseWith(snapshotSchemas().document, input)
      : parseWith(snapshotSchemas().head, input);
  const { store } = parsed;
  const collections = records ?? (store.collections as StoreDoc['collections']);
  // Records without their fields, or of the wrong kinds, would be stored, then answer 500 on reads.
  const problems = recordProblems(collections as Partial<Record<CollectionName, readonly object[]>>);
  if (problems !== null) throw errors.validation({ store: { collections: problems } });
  return {
    kind: SNAPSHOT_KIND,
    version: SNAPSHOT_VERSION,
    emulator_version: parsed.emulator_version ?? VERSION,
    store_id: parsed.store_id ?? 0,
    taken_at: parsed.taken_at ?? store.clock.now,
    store: {
      settings: store.settings,
      clock: { now: toIso(parseTimestampMs(store.clock.now) ?? 0), mode: store.clock.mode },
      sequences: store.sequences,
      uninstalled_at: store.uninstalled_at ?? null,
      collections,
    },
  };
}

/** A named snapshot: the store's image and what `GET /_emulator/snapshots` says about it. */
export interface NamedSnapshot {
  readonly image: StoreImage;
  readonly taken_at: string;
  readonly store_id: number;
  readonly records: number;
}

/**
 * Keeps the store's state now under `name` (replacing a snapshot of that name), once the webhook
 * deliveries in flight have their answers. No record is copied: see `Store.image()`.
 *
 * @example
 * await saveNamedSnapshot(store, 'seeded'); // ...; await restoreNamedSnapshot(store, 'seeded');
 */
export async function saveNamedSnapshot(store: Store, name: string): Promise<NamedSnapshot> {
  await store.settle();
  const image = store.image();
  const records = Object.values(image.collections).reduce((sum, collection) => sum + collection.size, 0);
  const snapshot = { image, taken_at: toIso(image.clock.now), store_id: store.id, records };
  namedSnapshots(store).set(name, snapshot);
  return snapshot;
}

/**
 * Puts the store back to the named snapshot (answers false when there is none of that name); the
 * snapshot stays, so a suite can restore it before every test.
 */
export async function restoreNamedSnapshot(store: Store, name: string): Promise<boolean> {
  const snapshot = namedSnapshots(store).get(name);
  if (!snapshot) return false;
  await store.settle();
  store.restoreImage(snapshot.image);
  return true;
}

const named = new WeakMap<Store, Map<string, NamedSnapshot>>();

/** The named in-memory snapshots of a store (gone with the process or the store). */
export function namedSnapshots(store: Store): Map<string, NamedSnapshot> {
  let map = named.get(store);
  if (!map) named.set(store, (map = new Map()));
  return map;
}
