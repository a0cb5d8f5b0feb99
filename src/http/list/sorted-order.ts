/**
 * The records of a collection in the order of one sort key (then id), kept beside the collection
 * and updated by its write listeners. A list sorted by a field walks this order and stops once its
 * page is full, as a list in id order walks the ids, instead of filtering and sorting every record
 * on every request (decision 0049).
 */
import type { Collection, Identified } from '../../platform/persistence/collection.js';
import type { SortKey } from './cursor.js';

/** Reads a record's sort key (a member of a list's `sorts`: a pure function of the record). */
export type SortKeyOf<T> = (row: T) => SortKey;

/** Ascending (key, id) pairs, in two arrays; null until first read and after a bulk change. */
interface Order {
  ids: number[] | null;
  keys: SortKey[];
}

/** Orders per collection, by the function that reads their key. */
const ordersOf = new WeakMap<object, Map<SortKeyOf<never>, Order>>();

function compare(keyA: SortKey, idA: number, keyB: SortKey, idB: number): number {
  return keyA < keyB ? -1 : keyA > keyB ? 1 : idA - idB;
}

/** Index of the first entry at or after (key, id). */
function position(order: Order & { ids: number[] }, key: SortKey, id: number): number {
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
function apply<T extends Identified>(order: Order, key: SortKeyOf<T>, before?: T, after?: T): void {
  if (order.ids === null) return;
  const sorted = order as Order & { ids: number[] };
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

function build<T extends Identified>(collection: Collection<T>, key: SortKeyOf<T>): Order {
  const entries: { id: number; key: SortKey }[] = [];
  for (const id of collection.ids()) {
    const row = collection.get(id);
    if (row) entries.push({ id, key: key(row) });
  }
  entries.sort((a, b) => compare(a.key, a.id, b.key, b.id));
  return { ids: entries.map((entry) => entry.id), keys: entries.map((entry) => entry.key) };
}

/**
 * The ids of `collection` in ascending order of `key` (ties by id). Built on first use, then kept
 * current by the collection's write listeners (a bulk change drops it, to be rebuilt on next use).
 * The array is the live order: read it now, do not keep it.
 *
 * @example
 * const ids = sortedIds(store.collections.charges, (charge) => charge.scheduled_at);
 */
export function sortedIds<T extends Identified>(
  collection: Collection<T>,
  key: SortKeyOf<T>,
): readonly number[] {
  let orders = ordersOf.get(collection) as Map<SortKeyOf<T>, Order> | undefined;
  if (!orders) {
    const created = new Map<SortKeyOf<T>, Order>();
    orders = created;
    ordersOf.set(collection, created as Map<SortKeyOf<never>, Order>);
    collection.onWrite((before, after) => {
      for (const [read, order] of created) apply(order, read, before, after);
    });
    collection.onBulk(() => {
      for (const order of created.values()) order.ids = null;
    });
  }
  let order = orders.get(key);
  // The size check guards against a write path that would tell no listener.
  if (!order || order.ids === null || order.ids.length !== collection.size) {
    order = build(collection, key);
    orders.set(key, order);
  }
  return order.ids ?? [];
}
