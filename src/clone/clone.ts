/**
 * Clones a store of the real API: reads its store record and lists through `Upstream`, converts
 * the answers (src/clone/from-wire), fills in what only the whole store tells (`rebuildDerived`)
 * and makes the snapshot document an emulator imports, jobs included (`storeDocument`). Nothing
 * is written anywhere: the callers (CLI, control API, `start --clone-from`) decide where it goes.
 */
import { monotonicMs, wallClockMs } from '../platform/clock.js';
import { createRedactor, type RedactionSummary, type Redactor } from '../platform/redact.js';
import {
  completeSettings,
  storeSettingsSchema,
  type StoreSettings,
  type StoreSettingsInput,
} from '../store/settings.js';
import type { SnapshotDoc } from '../store/snapshots.js';
import type { ApiVersion } from '../model/versions.js';
import { storeDocument } from './document.js';
import {
  fromWire,
  Reader,
  storeFromWire,
  type FromWireOptions,
  type SkippedRecord,
} from './from-wire/index.js';
import { complementOf, COUNTED, METAFIELD_OWNERS, selectLists, versionOf, type ListPlan } from './lists.js';
import { rebuildDerived, sequencesOf, type CloneRecords } from './rebuild.js';
import {
  CloneError,
  RefusedUpstream,
  since,
  UnavailableList,
  Upstream,
  type UpstreamOptions,
  type UpstreamStats,
} from './upstream.js';

export interface CloneOptions extends UpstreamOptions {
  /** The version lists that exist in both are read in (default 2021-11). */
  readonly apiVersion?: ApiVersion;
  /** The store's word for the platform (`shopify`); default `platform`. */
  readonly platformWord?: string;
  /** The store's names for neutral values (`{platform_payments: 'shopify_payments'}`). */
  readonly valueNames?: Readonly<Record<string, string>>;
  /** Lists to read (`customers`, `subscriptions`, ...: src/clone/lists.ts), with what they need; all when empty. */
  readonly only?: readonly string[];
  /** Clone only these customers and their records (the catalog is cloned whole). */
  readonly customers?: readonly number[];
  /** The clone's virtual time (epoch ms); default the upstream's `Date` header, else now. */
  readonly now?: number;
  /** Told as records come in: `total` when the upstream can count the list, else null. */
  readonly onProgress?: (progress: CloneProgress) => void;
  /**
   * Replace emails, phones, names and street lines with stand-ins, the same stand-in for the same
   * value everywhere in the clone (src/platform/redact.ts, shared with the parity recorder).
   */
  readonly redactPii?: boolean;
}

export interface CloneProgress {
  readonly list: string;
  readonly done: number;
  readonly total: number | null;
  /** True once the list is read whole. */
  readonly finished: boolean;
}

/** What a clone read and what it left out. */
export interface CloneSummary extends UpstreamStats {
  /** Records cloned per list. */
  readonly counts: Record<string, number>;
  /** Records and lists not cloned, with the reason. */
  readonly skipped: SkippedRecord[];
  readonly duration_ms: number;
  /** With `redactPii`: the distinct values replaced, by kind. */
  readonly redacted?: RedactionSummary;
}

export interface CloneResult {
  readonly name: string;
  readonly settings: StoreSettings;
  readonly document: SnapshotDoc;
  readonly summary: CloneSummary;
}

/** What a clone never copies, whatever the store holds (listed in every summary). */
export const NEVER_CLONED: readonly SkippedRecord[] = [
  {
    collection: 'payment_methods',
    id: null,
    reason:
      'card numbers never come through the API: cloned payment methods keep brand, last 4 digits, expiry and processor tokens, and the emulator charges them as its test tokens say (any other token succeeds)',
  },
  {
    collection: 'webhooks',
    id: null,
    reason: "not cloned: the clone would send the store's events to its real receivers",
  },
  { collection: 'events', id: null, reason: "not cloned: the clone's event log starts empty" },
  {
    collection: 'charges',
    id: null,
    reason:
      'processed charges older than 90 days are hidden by the service (spec, Errors 5), so they are not in the clone',
  },
  { collection: 'checkouts', id: null, reason: 'not cloned: the API has no list of checkouts' },
  { collection: 'async_batches', id: null, reason: 'not cloned: finished batch work' },
  { collection: 'accounts', id: null, reason: "not cloned: the store's staff accounts" },
];

class Reading {
  readonly records: CloneRecords = {};
  readonly skipped: SkippedRecord[] = [...NEVER_CLONED];
  readonly counts: Record<string, number> = {};
  productIds = new Map<string, number>();

  constructor(
    readonly upstream: Upstream,
    readonly options: CloneOptions,
    readonly wire: FromWireOptions,
    readonly redactor: Redactor | null,
  ) {}

  unavailable(list: string, error: UnavailableList): void {
    const why =
      error.status === 403
        ? 'the token may not read it'
        : error.status === 404
          ? 'the API does not have it'
          : '';
    this.skipped.push({
      collection: list,
      id: null,
      reason: `not cloned: ${error.message}${why ? ` (${why})` : ''}`,
    });
  }

  async total(list: ListPlan): Promise<number | null> {
    if (!COUNTED.has(list.name) || this.options.customers?.length) return null;
    try {
      const { body } = await this.upstream.get(`${list.path}/count`, '2021-01');
      const count = (body as { count?: unknown } | undefined)?.count;
      return typeof count === 'number' ? count : null;
    } catch (error) {
      if (error instanceof UnavailableList) return null;
      throw error;
    }
  }

  /** The queries a list is read with: one, or one per chosen customer. */
  queries(list: ListPlan): Record<string, string>[] {
    const customers = this.options.customers ?? [];
    if (customers.length === 0) return [{}];
    if (list.name === 'customers') return [{ ids: customers.join(',') }];
    if (list.byCustomer) return customers.map((id) => ({ [list.byCustomer as string]: String(id) }));
    return [{}];
  }

  /** Every record of `list` in `version`; told to `onProgress` unless `quiet` (a second read). */
  async read(list: ListPlan, version: ApiVersion, quiet = false): Promise<unknown[]> {
    const total = quiet ? null : await this.total(list);
    const progress = (done: number, finished: boolean) => {
      if (!quiet) this.options.onProgress?.({ list: list.name, done, total, finished });
    };
    progress(0, false);
    const rows: unknown[] = [];
    const queries =
      list.name === 'metafields'
        ? METAFIELD_OWNERS.map((owner) => ({ owner_resource: owner }))
        : this.queries(list);
    for (const query of queries) {
      const before = rows.length;
      const page = await this.upstream.list(list.path, list.key, version, query, (n) =>
        progress(before + n, false),
      );
      for (const row of page) rows.push(row);
    }
    progress(rows.length, true);
    return rows;
  }

  private redacted(rows: readonly unknown[]): readonly unknown[] {
    const redactor = this.redactor;
    return redactor ? rows.map((row) => redactor.json(row)) : rows;
  }

  convert(list: ListPlan, rows: readonly unknown[], version: ApiVersion): void {
    const { records, skipped } = fromWire(list.collection, this.redacted(rows), { ...this.wire, version });
    (this.records as Record<string, unknown[]>)[list.collection] = records;
    this.counts[list.name] = records.length;
    this.skipped.push(...skipped);
  }

  /**
   * The fields `version` does not show, read from the list in the other version and set on the
   * records converted (by id). A record the second read lacks keeps what the first one gave.
   */
  async complete(list: ListPlan, version: ApiVersion): Promise<void> {
    const complement = complementOf(list, version);
    const records = (this.records as Record<string, { id: number }[]>)[list.collection];
    if (!complement || !records?.length) return;
    let rows: unknown[];
    try {
      rows = await this.read(list, complement.version, true);
    } catch (error) {
      if (!(error instanceof UnavailableList)) throw error;
      this.skipped.push({
        collection: list.name,
        id: null,
        reason: `${complement.fields.join(', ')} not cloned (only ${complement.version} shows them): ${error.message}`,
      });
      return;
    }
    const other = fromWire(list.collection, this.redacted(rows), {
      ...this.wire,
      version: complement.version,
    });
    const shownRecords = other.records as unknown as readonly ({ id: number } & Record<string, unknown>)[];
    const byId = new Map(shownRecords.map((record) => [record.id, record]));
    (this.records as Record<string, unknown[]>)[list.collection] = records.map((record) => {
      const shown = byId.get(record.id);
      if (!shown) return record;
      return { ...record, ...Object.fromEntries(complement.fields.map((field) => [field, shown[field]])) };
    });
  }
}

/** Keeps the records that belong to what was cloned (`--customer`): metafields and bundle selections. */
function keepOwned(records: CloneRecords): void {
  const owners: Record<string, Set<number>> = {
    customer: new Set((records.customers ?? []).map((r) => r.id)),
    address: new Set((records.addresses ?? []).map((r) => r.id)),
    subscription: new Set((records.subscriptions ?? []).map((r) => r.id)),
    order: new Set((records.orders ?? []).map((r) => r.id)),
    charge: new Set((records.charges ?? []).map((r) => r.id)),
  };
  if (records.metafields)
    records.metafields = records.metafields.filter(
      (m) => m.owner_resource === 'store' || owners[m.owner_resource]?.has(m.owner_id),
    );
  const items = new Set([...(owners.subscription ?? []), ...(records.onetimes ?? []).map((o) => o.id)]);
  if (records.bundle_selections)
    records.bundle_selections = records.bundle_selections.filter((b) => items.has(b.purchase_item_id));
}

/**
 * The clone's settings: the store record's, what the gated lists' answers told (`gated`), the
 * dialect given, the emulator's defaults for the rest.
 */
function cloneSettings(
  store: ReturnType<typeof storeFromWire> | null,
  options: CloneOptions,
  gated: StoreSettingsInput = {},
): StoreSettings {
  return completeSettings(
    storeSettingsSchema.parse({
      ...store?.settings,
      ...gated,
      ...(options.platformWord ? { platform_word: options.platformWord } : {}),
      ...(options.valueNames ? { value_names: options.valueNames } : {}),
    }),
  );
}

/**
 * Reads a store through the API and makes its snapshot document.
 *
 * @example
 * const { document, summary } = await cloneStore({ baseUrl: 'https://api.example.com', token, headerPrefix: 'Recharge', platformWord: 'shopify' });
 */
export async function cloneStore(options: CloneOptions): Promise<CloneResult> {
  const started = monotonicMs();
  const upstream = new Upstream(options);
  const lists = selectLists(options.only ?? []);
  // The service's own time when it says (its Date header), else this machine's.
  let serviceNow: number | null = null;
  // The store record first: its currency reads 2021-01 amounts, its name names the clone.
  const redactor = options.redactPii ? createRedactor({ pii: true, secrets: [options.token] }) : null;
  let store: ReturnType<typeof storeFromWire> | null = null;
  const skippedStore: SkippedRecord[] = [];
  try {
    const { body, headers } = await upstream.get('/store', '2021-11');
    const date = Date.parse(headers.get('date') ?? '');
    if (Number.isFinite(date)) serviceNow = date;
    const answer = body as { store?: unknown } | undefined;
    store = storeFromWire(Reader.of(redactor ? redactor.json(answer?.store) : answer?.store, 'store'));
  } catch (error) {
    if (!(error instanceof UnavailableList)) throw error;
    skippedStore.push({
      collection: 'store',
      id: null,
      reason: `settings not cloned (${error.message}): the emulator's defaults apply`,
    });
  }
  const read = cloneSettings(store, options);
  const wire: FromWireOptions = {
    version: options.apiVersion ?? '2021-11',
    currency: read.currency,
    platformWord: read.platform_word,
    valueNames: read.value_names,
    headerPrefix: options.headerPrefix,
  };
  const reading = new Reading(upstream, options, wire, redactor);
  reading.skipped.push(...skippedStore);
  const gated: StoreSettingsInput = {};
  for (const list of lists) {
    let rows: unknown[];
    try {
      rows = await reading.read(list, versionOf(list, wire.version));
      if (list.name === 'collections') await readCollectionProducts(reading, rows);
      if (list.name === 'products') await readProductIds(reading);
    } catch (error) {
      if (!(error instanceof UnavailableList)) throw error;
      reading.unavailable(list.name, error);
      if (error.status === 403) Object.assign(gated, list.gate?.refused);
      options.onProgress?.({ list: list.name, done: 0, total: 0, finished: true });
      continue;
    }
    Object.assign(gated, list.gate?.answered);
    reading.convert(list, rows, versionOf(list, wire.version));
    await reading.complete(list, versionOf(list, wire.version));
  }
  const settings = cloneSettings(store, options, gated);
  const now = options.now ?? serviceNow ?? wallClockMs();
  if (options.customers?.length) keepOwned(reading.records);
  const records = rebuildDerived(reading.records, reading.productIds);
  const name = store?.name ? `${store.name} (clone)` : 'Clone';
  const document = await storeDocument({ name, settings, now, records, sequences: sequencesOf(records) });
  return {
    name,
    settings,
    document,
    summary: {
      counts: reading.counts,
      skipped: reading.skipped,
      ...upstream.stats,
      duration_ms: since(started),
      ...(redactor ? { redacted: redactor.summary() } : {}),
    },
  };
}

/** The products of each collection (`GET /collection_products?collection_id=`). */
async function readCollectionProducts(reading: Reading, collections: readonly unknown[]): Promise<void> {
  const rows: unknown[] = [];
  for (const collection of collections) {
    const id = (collection as { id?: unknown }).id;
    if (typeof id !== 'number' && typeof id !== 'string') continue;
    const page = await reading.upstream.list('/collection_products', 'collection_products', '2021-11', {
      collection_id: String(id),
    });
    rows.push(...page);
  }
  reading.convert(
    {
      name: 'collection_products',
      collection: 'collection_products',
      path: '',
      key: '',
      legacy: false,
      needs: [],
    },
    rows,
    '2021-11',
  );
}

/** The integer ids of products, which only their 2021-01 records show. */
async function readProductIds(reading: Reading): Promise<void> {
  try {
    const rows = await reading.upstream.list('/products', 'products', '2021-01');
    for (const row of rows) {
      const r = row as { id?: unknown; platform_product_id?: unknown };
      const neutral = reading.wire.platformWord ?? 'platform';
      const external = (row as Record<string, unknown>)[`${neutral}_product_id`] ?? r.platform_product_id;
      if (typeof r.id === 'number' && (typeof external === 'string' || typeof external === 'number'))
        reading.productIds.set(String(external), r.id);
    }
  } catch (error) {
    if (!(error instanceof UnavailableList)) throw error;
  }
}

export { CloneError, RefusedUpstream };
