/**
 * The indexes of one collection: for each index spec, the id or ids under each key, kept as
 * `LayeredMap`s so that an image of them (`image()`) shares them, and an id set is copied only
 * when written after an image (decision 0027). `Collection` holds one and keeps it in step with
 * its rows.
 *
 * An index that is not unique is filed from the rows the first time it is read, and kept up from
 * then on (decision 0055): a clock advance writes indexes no one reads while it runs (an event's
 * `object_type`, five of a charge's seven, every one of an order's), and a year of billing spent
 * about a sixth of its time filing them. A unique index guards every write, so it is always kept.
 * Readers never depend on the order of the ids under a key (`findBy` sorts them, lists sort their
 * candidates, the rest count or look for one record), which is why filing late changes no answer.
 */
import { sameKeys, type IndexEntry, type IndexKey, type IndexSpec } from './index-entries.js';
import { LayeredMap, type MapImage } from './layered-map.js';

export class UniqueIndexViolation extends Error {
  constructor(
    readonly collection: string,
    readonly index: string,
    readonly key: IndexKey,
  ) {
    super(`${collection}.${index} already holds ${String(key)}`);
  }
}

/** One index: the id, or the ids, under each key. */
export type IndexMap = LayeredMap<IndexKey, IndexEntry>;

/**
 * @example
 * const indexes = new RecordIndexes<Customer>('customers', { email: { key: (c) => c.email, unique: true } });
 * indexes.add(customer); indexes.index('email').get(customer.email); // customer.id
 */
export class RecordIndexes<T extends { readonly id: number }> {
  /** One map per index, in the order of `specs`; null while an index that is not unique was never read. */
  private readonly indexes: (IndexMap | null)[];
  private readonly specs: readonly (IndexSpec<T> & { readonly name: string })[];
  /** Positions in `specs` of the unique indexes: most collections have none, and skip the check. */
  private readonly uniques: readonly number[];
  private readonly positions = new Map<string, number>();
  /** Id sets made or copied since the last image; any other set may be shared with an image. */
  private ownedSets: WeakSet<Set<number>> | null = null;

  constructor(
    /** The collection's name, for errors. */
    private readonly name: string,
    indexSpecs: Readonly<Record<string, IndexSpec<T>>>,
    /** The collection's records, to file an index from when it is first read. */
    private readonly rows: () => Iterable<T>,
  ) {
    this.specs = Object.entries(indexSpecs).map(([name, spec]) => ({ ...spec, name }));
    this.specs.forEach((spec, i) => this.positions.set(spec.name, i));
    this.uniques = this.specs.flatMap((spec, i) => (spec.unique ? [i] : []));
    this.indexes = this.specs.map((spec) => (spec.unique ? new LayeredMap() : null));
  }

  /** The index `name`'s map, filed first if it never was; throws for an index the collection does not have. */
  index(name: string): IndexMap {
    const i = this.positions.get(name);
    if (i === undefined) throw new Error(`${this.name} has no index ${name}`);
    return this.indexes[i] ?? this.file(i);
  }

  /** Drops every key of every index; the indexes that are not unique wait to be read again. */
  clear(): void {
    for (let i = 0; i < this.specs.length; i++)
      this.indexes[i] = this.specs[i]?.unique ? new LayeredMap() : null;
    this.ownedSets = null;
  }

  /**
   * Keeps every index from now on, empty (the collection is empty): a document being loaded files
   * each row under every key, so a field an index cannot read is found while loading, as always.
   */
  keepAll(): void {
    for (let i = 0; i < this.specs.length; i++) this.indexes[i] ??= new LayeredMap();
  }

  /** The indexes now, sharing their maps; the id sets written from now on are copied first. */
  image(): readonly (MapImage<IndexKey, IndexEntry> | null)[] {
    this.ownedSets = new WeakSet();
    return this.indexes.map((index) => (index === null ? null : index.image()));
  }

  /** Puts back the indexes of an image, sharing its maps (an index it did not hold waits to be read). */
  restore(images: readonly (MapImage<IndexKey, IndexEntry> | null)[]): void {
    images.forEach((image, i) => {
      if (image === null) {
        if (!this.specs[i]?.unique) this.indexes[i] = null;
        else this.indexes[i] = new LayeredMap();
        return;
      }
      const index = (this.indexes[i] ??= new LayeredMap());
      index.restore(image);
    });
    // Every id set there is may belong to an image.
    this.ownedSets = new WeakSet();
  }

  /** Files every record under its keys in the index at `i`, which was not kept until now. */
  private file(i: number): IndexMap {
    const index: IndexMap = new LayeredMap();
    const spec = this.specs[i] as IndexSpec<T>;
    for (const row of this.rows()) {
      const key = spec.key(row);
      if (key === null || key === undefined) continue;
      if (Array.isArray(key)) for (const one of key as readonly IndexKey[]) this.addId(index, one, row.id);
      else this.addId(index, key as IndexKey, row.id);
    }
    this.indexes[i] = index;
    return index;
  }

  /** Throws `UniqueIndexViolation` when `row` takes a unique key another record holds (`current`: the record it replaces). */
  checkUnique(row: T, current: T | undefined): void {
    // Spelled out like `add`: a closure and an id set a write showed in a clock advance's garbage.
    for (const i of this.uniques) {
      const index = this.indexes[i] as IndexMap;
      const key = (this.specs[i] as IndexSpec<T>).key(row);
      if (key === null || key === undefined) continue;
      if (Array.isArray(key))
        for (const one of key as readonly IndexKey[]) this.checkFree(index, i, one, current);
      else this.checkFree(index, i, key as IndexKey, current);
    }
  }

  /** Throws `UniqueIndexViolation` when a record other than `current` holds `key` in the index at `i`. */
  private checkFree(index: IndexMap, i: number, key: IndexKey, current: T | undefined): void {
    const entry = index.get(key);
    if (entry === undefined) return;
    const taken =
      typeof entry === 'number'
        ? entry !== current?.id
        : entry.size > (current && entry.has(current.id) ? 1 : 0);
    if (taken) throw new UniqueIndexViolation(this.name, this.specs[i]?.name ?? '', key);
  }

  /** Moves a replaced record in the indexes whose key changed (most updates change none). */
  reindex(current: T, next: T): void {
    for (let i = 0; i < this.specs.length; i++) {
      const index = this.indexes[i];
      if (index === null || index === undefined) continue;
      const spec = this.specs[i] as IndexSpec<T>;
      if (spec.fields !== undefined && sameFields(spec.fields, current, next)) continue;
      const before = spec.key(current);
      const after = spec.key(next);
      if (sameKeys(before, after)) continue;
      if (before !== null && before !== undefined) {
        if (Array.isArray(before))
          for (const one of before as readonly IndexKey[]) this.removeId(index, one, current.id);
        else this.removeId(index, before as IndexKey, current.id);
      }
      if (after !== null && after !== undefined) {
        if (Array.isArray(after))
          for (const one of after as readonly IndexKey[]) this.addId(index, one, next.id);
        else this.addId(index, after as IndexKey, next.id);
      }
    }
  }

  /** Files a new record under its keys. */
  add(row: T): void {
    // Spelled out, not with a callback a key: a closure a record and index cost a tenth of a load.
    for (let i = 0; i < this.specs.length; i++) {
      const index = this.indexes[i];
      if (index === null || index === undefined) continue;
      const key = (this.specs[i] as IndexSpec<T>).key(row);
      if (key === null || key === undefined) continue;
      if (Array.isArray(key)) for (const one of key as readonly IndexKey[]) this.addId(index, one, row.id);
      else this.addId(index, key as IndexKey, row.id);
    }
  }

  /** Takes a record out from under its keys. */
  remove(row: T): void {
    // Spelled out like `add`: a closure per index and write shows in a clock advance.
    for (let i = 0; i < this.specs.length; i++) {
      const index = this.indexes[i];
      if (index === null || index === undefined) continue;
      const key = (this.specs[i] as IndexSpec<T>).key(row);
      if (key === null || key === undefined) continue;
      if (Array.isArray(key)) for (const one of key as readonly IndexKey[]) this.removeId(index, one, row.id);
      else this.removeId(index, key as IndexKey, row.id);
    }
  }

  private addId(index: IndexMap, key: IndexKey, id: number): void {
    const entry = index.get(key);
    if (entry === undefined) index.set(key, id);
    else if (typeof entry !== 'number') this.writable(index, key, entry).add(id);
    else if (entry !== id) {
      const ids = new Set([entry, id]);
      this.ownedSets?.add(ids);
      index.set(key, ids);
    }
  }

  private removeId(index: IndexMap, key: IndexKey, id: number): void {
    const entry = index.get(key);
    if (entry === undefined) return;
    if (typeof entry === 'number') {
      if (entry === id) index.delete(key);
      return;
    }
    if (!entry.has(id)) return;
    if (entry.size === 2) {
      // Back to a plain number: the set (maybe an image's) is left as it is.
      for (const other of entry) if (other !== id) index.set(key, other);
      return;
    }
    this.writable(index, key, entry).delete(id);
  }

  /** `ids`, the set under `key` in `index`, safe to write (copied first if an image may share it). */
  private writable(index: IndexMap, key: IndexKey, ids: Set<number>): Set<number> {
    if (this.ownedSets === null || this.ownedSets.has(ids)) return ids;
    const copy = new Set(ids);
    this.ownedSets.add(copy);
    index.set(key, copy);
    return copy;
  }
}

/**
 * Whether `current` and `next` hold the same value in each of `fields` (an update of a charge's
 * status then makes no key of its purchase items, two arrays a write, to find they did not move).
 */
function sameFields<T>(fields: readonly (keyof T & string)[], current: T, next: T): boolean {
  for (const field of fields) if (current[field] !== next[field]) return false;
  return true;
}
