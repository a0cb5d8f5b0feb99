/**
 * The records of a collection in the order of one sort key (then id), kept beside the collection.
 * A list sorted by a field walks this order and stops once its page is full, as a list in id order
 * walks the ids, instead of filtering and sorting every record on every request (decision 0049).
 * A write only notes what changed (the clock writes thousands of records between two lists): the
 * next read moves those few entries, or sorts again after many writes or a bulk change.
 */
import type { Collection, Identified } from '../../platform/persistence/collection.js';
import type { SortKey } from './cursor.js';

/** Reads a record's sort key (a member of a list's `sorts`: a pure function of the record). */
export type SortKeyOf<T> = (row: T) => SortKey;

/** Ascending (key, id) pairs, in two arrays; null until first read and after a bulk change. */
interface Order<T> {
  ids: number[] | null;
  keys: SortKey[];
  /** Writes since the last read, in their order: record before and after. */
  pending: [T | undefined, T | undefined][];
}

/** Past this many writes between two reads, sorting again costs less than moving each entry. */
const MOST_PENDING = 64;

/** Orders per collection (a `Map<SortKeyOf<T>, Order<T>>`), by the function that reads their key. */
const ordersOf = new WeakMap<object, unknown>();

function compare(keyA: SortKey, idA: number, keyB: SortKey, idB: number): number {
  return keyA < keyB ? -1 : keyA > keyB ? 1 : idA - idB;
}

/** Index of the first entry at or after (key, id). */
function position(order: { ids: number[]; keys: SortKey[] }, key: SortKey, id: number): number {
  let low = 0;
  let high = order.ids.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compare(order.keys[mid] as SortKey, order.ids[mid] as number, key, id) < 0) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Moves one record's entry after a write: a splice of two arrays, no sort. */
function apply<T extends Identified>(
  sorted: { ids: number[]; keys: SortKey[] },
  key: SortKeyOf<T>,
  before?: T,
  after?: T,
): void {
  const oldKey = before && key(before);
  const newKey = after && key(after);
  if (before && after && oldKey === newKey) return;
  if (before && oldKey !== undefined) {
    const at = position(sorted, oldKey, before.id);
    if (sorted.ids[at] === before.id) {
      sorted.ids.splice(at, 1);
      sorted.keys.splice(at, 1);
    }
  }
  if (after && newKey !== undefined) {
    const at = position(sorted, newKey, after.id);
    sorted.ids.splice(at, 0, after.id);
    sorted.keys.splice(at, 0, newKey);
  }
}

function build<T extends Identified>(collection: Collection<T>, key: SortKeyOf<T>): Order<T> {
  const entries: { id: number; key: SortKey }[] = [];
  for (const id of collection.ids()) {
    const row = collection.get(id);
    if (row) entries.push({ id, key: key(row) });
  }
  entries.sort((a, b) => compare(a.key, a.id, b.key, b.id));
  return { ids: entries.map((entry) => entry.id), keys: entries.map((entry) => entry.key), pending: [] };
}

/**
 * The ids of `collection` in ascending order of `key` (ties by id). Built on first use, then
 * brought up to date on each use with the writes the collection's listeners noted (a bulk change
 * or many writes drop it, to be sorted again). The array is the live order: read it now, do not
 * keep it.
 *
 * @example
 * const ids = sortedIds(store.collections.charges, (charge) => charge.scheduled_at);
 */
export function sortedIds<T extends Identified>(
  collection: Collection<T>,
  key: SortKeyOf<T>,
): readonly number[] {
  let orders = ordersOf.get(collection) as Map<SortKeyOf<T>, Order<T>> | undefined;
  if (!orders) {
    const created = new Map<SortKeyOf<T>, Order<T>>();
    orders = created;
    ordersOf.set(collection, created);
    collection.onWrite((before, after) => {
      for (const order of created.values()) {
        if (order.ids === null) continue;
        if (order.pending.length < MOST_PENDING) order.pending.push([before, after]);
        else drop(order);
      }
    });
    collection.onBulk(() => {
      for (const order of created.values()) drop(order);
    });
  }
  let order = orders.get(key);
  if (order?.ids) {
    const sorted = { ids: order.ids, keys: order.keys };
    for (const [before, after] of order.pending) apply(sorted, key, before, after);
    order.pending = [];
  }
  // The size check guards against a write path that would tell no listener.
  if (!order || order.ids === null || order.ids.length !== collection.size) {
    order = build(collection, key);
    orders.set(key, order);
  }
  return order.ids ?? [];
}

function drop<T>(order: Order<T>): void {
  order.ids = null;
  order.keys = [];
  order.pending = [];
}
