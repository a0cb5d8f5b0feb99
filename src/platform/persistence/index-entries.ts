/**
 * What a collection's indexes are made of: the keys a record is found under, and the ids kept under
 * a key. A key with one record holds its id as a plain number; a `Set` is made only for a second id:
 * most keys (an email, a customer's address, a charge's purchase item) have one record, and a store
 * of 135,000 records kept over 100,000 one-element sets (about 14 MB for the garbage collector to
 * copy while seeding).
 */

export type IndexKey = string | number | boolean;

export interface IndexSpec<T> {
  /** The key(s) a record is found under; `null`/`undefined` leave it out of the index. */
  key: (row: T) => IndexKey | readonly IndexKey[] | null | undefined;
  /** A unique index refuses a second record under the same key (checked by `insert`/`update`). */
  unique?: boolean;
  /**
   * The fields `key` reads. An update that leaves each of them the same value leaves the keys as
   * they were, so the record is not looked at again in this index (no key made and compared).
   * Absent: the keys before and after every update are made and compared.
   */
  fields?: readonly (keyof T & string)[];
}

/** The id under a key when there is one, the set of them when there are more. */
export type IndexEntry = number | Set<number>;
export type IndexMap = Map<IndexKey, IndexEntry>;

type KeyValue = IndexKey | readonly IndexKey[] | null | undefined;

/** Whether two key values (one key or a list) are the same. */
export function sameKeys(a: KeyValue, b: KeyValue): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return (a as readonly IndexKey[]).every((key, i) => key === (b as readonly IndexKey[])[i]);
}

export const EMPTY: ReadonlySet<number> = new Set();

/** The one id of an index key, read as a set (what `idsBy` answers; nothing keeps it). */
export class SingleId implements ReadonlySet<number> {
  constructor(private readonly id: number) {}

  get size(): number {
    return 1;
  }

  has(value: number): boolean {
    return value === this.id;
  }

  forEach(fn: (value: number, key: number, set: ReadonlySet<number>) => void, thisArg?: unknown): void {
    fn.call(thisArg, this.id, this.id, this);
  }

  [Symbol.iterator](): SetIterator<number> {
    // An array's iterator, not a generator: V8 runs `for...of` and spreads over it without one.
    return [this.id][Symbol.iterator]() as unknown as SetIterator<number>;
  }

  keys(): SetIterator<number> {
    return this[Symbol.iterator]();
  }

  values(): SetIterator<number> {
    return this[Symbol.iterator]();
  }

  *entries(): SetIterator<[number, number]> {
    yield [this.id, this.id];
  }
}

/** The ids of an index entry, read as a set. */
export function entryIds(entry: IndexEntry | undefined): ReadonlySet<number> {
  if (entry === undefined) return EMPTY;
  return typeof entry === 'number' ? new SingleId(entry) : entry;
}
