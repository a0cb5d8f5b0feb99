/**
 * Start-up of a persisted registry: the base document with the change log's committed batches
 * applied on top, in order (the records `RegistryChanges` writes). Every change sets a value
 * (a record, a store's settings), never adds to one, so a batch applied twice leaves what applying
 * it once does.
 */
import type { LogBatch } from '../platform/persistence/change-log.js';
import type { RegistryDoc } from './registry.js';
import type { StoreDoc, StoreMeta } from './store.js';

type Row = { readonly id: number } & Record<string, unknown>;

interface Working {
  meta: StoreMeta;
  /** Rows of each collection: the base's array until a change needs them by id. */
  collections: Map<string, readonly Row[] | Map<number, Row>>;
}

type Change =
  | { op: 'registry'; next_store_id: number; default_store_id: number }
  | { op: 'store'; store: number; meta: StoreMeta }
  | { op: 'drop'; store: number }
  | { op: 'put'; store: number; collection: string; row: Row }
  | { op: 'delete'; store: number; collection: string; id: number }
  | { op: 'clear'; store: number; collection: string };

/** A change record that is not one the emulator writes. */
export class UnreadableChange extends Error {}

/**
 * The registry document `base` becomes with `batches` applied.
 *
 * @example
 * const doc = replayChanges(base, [{ seq: 8, records: [{ op: 'delete', store: 1, collection: 'customers', id: 10000001 }] }]);
 */
export function replayChanges(base: RegistryDoc, batches: readonly LogBatch[]): RegistryDoc {
  if (batches.length === 0) return base;
  let header = { next_store_id: base.next_store_id, default_store_id: base.default_store_id };
  const stores = new Map<number, Working>();
  for (const { collections, ...meta } of base.stores) {
    const rows = new Map<string, readonly Row[]>(
      Object.entries(collections) as unknown as [string, readonly Row[]][],
    );
    stores.set(meta.id, { meta, collections: rows });
  }
  for (const batch of batches) {
    batch.records.forEach((record, index) => {
      const change = parseChange(record, `batch ${batch.seq}, change ${index + 1}`);
      if (change.op === 'registry') {
        header = { next_store_id: change.next_store_id, default_store_id: change.default_store_id };
        return;
      }
      if (change.op === 'store') {
        const existing = stores.get(change.store);
        if (existing) existing.meta = change.meta;
        else stores.set(change.store, { meta: change.meta, collections: new Map() });
        return;
      }
      if (change.op === 'drop') {
        stores.delete(change.store);
        return;
      }
      const store = stores.get(change.store);
      if (!store)
        throw new UnreadableChange(
          `batch ${batch.seq} changes store ${change.store}, which it does not hold`,
        );
      if (change.op === 'clear') {
        store.collections.set(change.collection, new Map());
        return;
      }
      const rows = byId(store, change.collection);
      if (change.op === 'put') rows.set(change.row.id, change.row);
      else rows.delete(change.id);
    });
  }
  return {
    format: 1,
    ...header,
    stores: [...stores.values()]
      .sort((a, b) => a.meta.id - b.meta.id)
      .map(({ meta, collections }) => {
        const out: Record<string, readonly Row[]> = {};
        for (const [name, rows] of collections) out[name] = rows instanceof Map ? [...rows.values()] : rows;
        return { ...meta, collections: out as StoreDoc['collections'] };
      }),
  };
}

function byId(store: Working, collection: string): Map<number, Row> {
  const rows = store.collections.get(collection) ?? [];
  if (rows instanceof Map) return rows;
  const map = new Map<number, Row>();
  for (const row of rows) map.set(row.id, row);
  store.collections.set(collection, map);
  return map;
}

const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks the shape of one change record (hand-written: a large log has many thousands). */
function parseChange(record: unknown, where: string): Change {
  if (isObject(record)) {
    const { op, store } = record;
    if (op === 'registry' && isId(record.next_store_id) && isId(record.default_store_id))
      return record as Change;
    if (isId(store)) {
      if (op === 'store' && isObject(record.meta) && record.meta.id === store) return record as Change;
      if (op === 'drop') return record as Change;
      if (typeof record.collection === 'string') {
        if (op === 'put' && isObject(record.row) && isId(record.row.id)) return record as Change;
        if (op === 'delete' && isId(record.id)) return record as Change;
        if (op === 'clear') return record as Change;
      }
    }
  }
  throw new UnreadableChange(`${where} of the change log is not a change the emulator writes`);
}
