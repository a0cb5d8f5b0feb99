/**
 * Seeding: the records a recording reads but never creates (a customer the flow only looks up,
 * made before the recording started) are put into the replay's store before its first request,
 * as their first recorded answer shows them and with their ids, so the requests that read or use
 * them find them. Answers become store records through the clone's converters (src/clone/), which
 * also rebuild what the store derives from them (queued charges' jobs, sequences); the store takes
 * them as a snapshot.
 */
import { storeDocument } from '../clone/document.js';
import { recordsOfAnswer, type SkippedRecord, type WireCollection } from '../clone/from-wire/index.js';
import { rebuildDerived, sequencesOf, type CloneRecords } from '../clone/rebuild.js';
import type { StoreSnapshot } from '../client/client.js';
import { parseTimestampMs } from '../platform/calendar.js';
import { completeSettings, storeSettingsSchema } from '../store/settings.js';
import { singular } from './forms.js';
import type { IdMap } from './id-map.js';
import type { ReplayPlan } from './plan.js';
import type { ReplayTarget } from './target.js';

/** What seeding put into the store, and what it could not. */
export interface Seeding {
  /** Records seeded, by collection. */
  readonly seeded: Record<string, number>;
  /** Records read before they were made that could not be seeded, with why. */
  readonly unseeded: readonly SkippedRecord[];
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** When a store record was made (epoch ms), when it says. */
function createdAt(record: unknown): number | null {
  const value = (record as { created_at?: unknown }).created_at;
  return typeof value === 'string' ? parseTimestampMs(value) : null;
}

/**
 * Finds the records the recording's answers show that were made before its first request, and
 * puts them into the target's store (ids kept); their ids are paired with themselves.
 *
 * @example
 * const { seeded } = await seedReadRecords(plan, target, ids); // { customers: 1, addresses: 1 }
 */
export async function seedReadRecords(plan: ReplayPlan, target: ReplayTarget, ids: IdMap): Promise<Seeding> {
  const start = plan.exchanges.find((exchange) => exchange.at !== null)?.at ?? null;
  if (start === null) return { seeded: {}, unseeded: [] };
  const currency = typeof plan.settings.currency === 'string' ? plan.settings.currency : undefined;
  const records: CloneRecords = {};
  const unseeded: SkippedRecord[] = [];
  const seen = new Set<string>();
  for (const exchange of plan.exchanges) {
    if (exchange.status < 200 || exchange.status >= 300) continue;
    const converted = recordsOfAnswer(parseJson(exchange.responseBody), {
      version: exchange.version,
      platformWord: plan.platformWord,
      headerPrefix: plan.headerPrefix,
      currency,
    });
    if (!converted) continue;
    const collection: WireCollection = converted.collection;
    for (const record of converted.records) {
      const key = `${collection} ${String((record as { id?: unknown }).id)}`;
      const made = createdAt(record);
      // Made during the recording (by its requests, or by the jobs its time ran): the replay makes it too.
      if (seen.has(key) || made === null || made >= start) continue;
      seen.add(key);
      ((records as Record<string, unknown[]>)[collection] ??= []).push(record);
    }
    // A record read before it was made but that cannot be held is told, once.
    for (const skipped of converted.skipped)
      if (!unseeded.some((item) => item.collection === skipped.collection && item.id === skipped.id))
        unseeded.push(skipped);
  }
  const seeded = Object.fromEntries(Object.entries(records).map(([name, rows]) => [name, rows.length]));
  if (Object.keys(seeded).length === 0) return { seeded, unseeded };
  const store = await target.control.getStore(target.storeId);
  // As the control API shows them: `email` is null when unset, which the schema takes as absent.
  const { email, ...rest } = store.settings;
  const settings = completeSettings(storeSettingsSchema.parse({ ...rest, ...(email ? { email } : {}) }));
  const rebuilt = rebuildDerived(records, new Map());
  const document = await storeDocument({
    name: store.name,
    settings,
    now: start,
    records: rebuilt,
    sequences: sequencesOf(rebuilt),
  });
  await target.control.restoreSnapshot(document as unknown as StoreSnapshot);
  for (const [collection, rows] of Object.entries(rebuilt))
    for (const row of rows as { id?: unknown }[])
      if (typeof row.id === 'number' || typeof row.id === 'string')
        ids.pair(singular(collection), row.id, row.id);
  return { seeded, unseeded };
}
