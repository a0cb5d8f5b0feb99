/**
 * The records behind a check's payloads: one real record of each kind its topics name, so a
 * handler that reads back (`GET /charges/{id}`) finds what it was sent. The newest record of a kind
 * when the store has one, else one made through the API by the same recipes as a webhook test's
 * samples (src/resources/webhooks/samples.ts). A store of the check's own may have its clock moved
 * to get a paid charge and its order; a store in use never is.
 */
import { newestOf, payloadBody, payloadOf } from '../resources/webhooks/payloads.js';
import { makeRecord, SampleUnavailable } from '../resources/webhooks/samples.js';
import type { TokenRecord } from '../model/token.js';
import type { ApiVersion } from '../model/versions.js';
import type { Store } from '../store/store.js';

/** The object type of a topic (`charge/paid` → `charge`). */
export const kindOf = (topic: string): string => topic.split('/')[0] ?? topic;

/** Kinds whose records need others made first: an order (a paid charge) comes with a charge. */
const MADE_FIRST = ['order'];

/** The record of each kind, or why there is none. */
export interface CheckRecords {
  /** The id of the record behind each kind's payloads. */
  readonly ids: ReadonlyMap<string, number>;
  /** Kinds with no record, and why. */
  readonly missing: ReadonlyMap<string, string>;
}

/**
 * Finds or makes a record of each of `kinds` in `store`.
 *
 * @example
 * const records = await recordsFor(store, token, ['charge', 'customer'], { advance: true });
 */
export async function recordsFor(
  store: Store,
  token: TokenRecord,
  kinds: readonly string[],
  options: { readonly advance: boolean },
): Promise<CheckRecords> {
  const ids = new Map<string, number>();
  const missing = new Map<string, string>();
  const wanted = [...new Set(kinds)].sort(
    (a, b) => Number(MADE_FIRST.includes(b)) - Number(MADE_FIRST.includes(a)),
  );
  for (const kind of wanted) {
    const found = newestOf(store, kind);
    if (found !== undefined) {
      ids.set(kind, found);
      continue;
    }
    try {
      const made = await makeRecord(store, token, kind, options);
      if (made === undefined) missing.set(kind, `no ${kind} can be made for a check`);
      else ids.set(kind, made);
    } catch (error) {
      if (!(error instanceof SampleUnavailable)) throw error;
      missing.set(kind, error.message);
    }
  }
  return { ids, missing };
}

/**
 * The exact bytes a webhook of `topic` would be sent for the record `id`: the record as its
 * retrieve answers in `version`, in the store's words, with `include` (the dispatcher's render).
 */
export function renderPayload(
  store: Store,
  topic: string,
  id: number,
  version: ApiVersion,
  include: readonly string[],
): string {
  const payload = payloadOf(store, kindOf(topic), id, version, include);
  // A deleted record is announced by its id (the dispatcher's payload of a record that is gone).
  if (topic.endsWith('/deleted')) for (const key of Object.keys(payload)) payload[key] = { id };
  return payloadBody(store, payload);
}
