/**
 * A typed, indexed collection of records keyed by integer id. Records are immutable: `update`
 * replaces the stored object. An image of a collection (`image()`, for named snapshots) shares the
 * collection's maps instead of copying them: the row map and the index maps are `LayeredMap`s, whose
 * writes after an image go to a layer of their own, and an index's id sets are copied one at a
 * time, when written. So taking or putting back an image costs nothing, and a write after it costs
 * what it changes. Indexes are made of the entries of `index-entries.ts`.
 */

import {
  entryIds,
  forEachKey,
  sameKeys,
  type IndexEntry,
  type IndexKey,
  type IndexSpec,
} from './index-entries.js';
import { LayeredMap, type MapImage } from './layered-map.js';
import { RecordShapes } from './record-shape.js';
import { imageIds, SortedIds, type SortedIdsImage } from './sorted-ids.js';

export type { IndexKey, IndexSpec } from './index-entries.js';

export interface Identified {
  readonly id: number;
}

export class UniqueIndexViolation extends Error {
  constructor(
    readonly collection: string,
    readonly index: string,
    readonly key: IndexKey,
  ) {
    super(`${collection}.${index} already holds ${String(key)}`);
  }
}

/**
 * A collection's content at one moment, shared with the collection until either writes: opaque
 * outside this module, put back with `Collection.restore`.
 */
export interface CollectionImage<T> {
  readonly size: number;
  /** @internal */ readonly rows: MapImage<number, T & NonNullable<unknown>>;
  /** @internal */ readonly indexes: readonly MapImage<IndexKey, IndexEntry>[];
  /** @internal */ readonly sortedIds: SortedIdsImage;
  /** @internal */ readonly maxId: number;
}

/** One index: the id, or the ids, under each key. */
type IndexMap = LayeredMap<IndexKey, IndexEntry>;

/** A loaded record whose index keys cannot be read: a field an index reads has the wrong type. */
export class UnindexableRecord extends Error {
  constructor(
    readonly collection: string,
    readonly id: number,
    cause: TypeError,
  ) {
    super(`${collection} record ${id} cannot be indexed: ${cause.message}`, { cause });
  }
}

/** `write`: a record inserted, updated or deleted; `revert`: a write undone (a failed command's). */
export type WriteCause = 'write' | 'revert';

export type WriteListener<T> = (before: T | undefined, after: T | undefined, cause: WriteCause) => void;

export class Collection<T extends Identified> {
  private readonly rows = new LayeredMap<number, T>();
  /** One map per index, in the order of `specs`. */
  private readonly indexes: IndexMap[];
  private readonly specs: readonly (IndexSpec<T> & { readonly name: string })[];
  /** Positions in `specs` of the unique indexes: most collections have none, and skip the check. */
  private readonly uniques: readonly number[];
  private readonly positions = new Map<string, number>();
  private readonly sortedIds = new SortedIds();
  private maxId = 0;
  private listeners: WriteListener<T>[] = [];
  private bulkListeners: (() => void)[] = [];
  private readonly shapes = new RecordShapes();
  /** Id sets made or copied since the last image; any other set may be shared with an image. */
  private ownedSets: WeakSet<Set<number>> | null = null;
  /** Counts `clear` calls (also made by `load`): indexes kept outside know to rebuild. */
  generation = 0;

  constructor(
    readonly name: string,
    private readonly indexSpecs: Readonly<Record<string, IndexSpec<T>>> = {},
    private readonly onChange: () => void = () => undefined,
  ) {
    this.specs = Object.entries(indexSpecs).map(([name, spec]) => ({ ...spec, name }));
    this.specs.forEach((spec, i) => this.positions.set(spec.name, i));
    this.uniques = this.specs.flatMap((spec, i) => (spec.unique ? [i] : []));
    this.indexes = this.specs.map(() => new LayeredMap());
  }

  get size(): number {
    return this.rows.size;
  }

  get(id: number): T | undefined {
    return this.rows.get(id);
  }

  has(id: number): boolean {
    return this.rows.has(id);
  }

  /** Ids in ascending order (cached until the next insert or delete). */
  ids(): readonly number[] {
    return this.sortedIds.list(() => this.rows.keys());
  }

  /** Records in ascending id order. */
  *values(): IterableIterator<T> {
    for (const id of this.ids()) {
      const row = this.rows.get(id);
      if (row) yield row;
    }
  }

  /** Ids of the records found under `key` in the index `index`. */
  idsBy(index: string, key: IndexKey): ReadonlySet<number> {
    return entryIds(this.index(index).get(key));
  }

  /** Records found under `key` in the index `index`, in ascending id order. */
  findBy(index: string, key: IndexKey): T[] {
    const entry = this.index(index).get(key);
    if (entry === undefined) return [];
    if (typeof entry === 'number') {
      const row = this.rows.get(entry);
      return row === undefined ? [] : [row];
    }
    // A key's ids are added as records are made, so they are usually in order already.
    const ids = [...entry];
    for (let i = 1; i < ids.length; i++)
      if ((ids[i - 1] as number) > (ids[i] as number)) {
        ids.sort((a, b) => a - b);
        break;
      }
    const rows: T[] = [];
    for (const id of ids) {
      const row = this.rows.get(id);
      if (row !== undefined) rows.push(row);
    }
    return rows;
  }

  /** The single record under `key` in `index` (meant for unique indexes). */
  findOne(index: string, key: IndexKey): T | undefined {
    const entry = this.index(index).get(key);
    if (entry === undefined) return undefined;
    if (typeof entry === 'number') return this.rows.get(entry);
    for (const id of entry) return this.rows.get(id);
    return undefined;
  }

  /** Counts the records under `key` in `index`. */
  countBy(index: string, key: IndexKey): number {
    const entry = this.index(index).get(key);
    return entry === undefined ? 0 : typeof entry === 'number' ? 1 : entry.size;
  }

  insert(row: T): T {
    const frozen = this.add(row);
    this.onChange();
    this.notify(undefined, frozen);
    return frozen;
  }

  /**
   * Stores a new record and indexes it, without telling anyone. `parsed`: the row comes from a
   * document being loaded, in strictly ascending ids (so none is held yet), and is kept as it is.
   */
  private add(row: T, parsed = false): T {
    // `maxId` bounds every id held (ids come from growing sequences): a greater one needs no lookup.
    if (!parsed && row.id <= this.maxId && this.rows.has(row.id))
      throw new Error(`${this.name} already holds id ${row.id}`);
    this.checkUnique(row, undefined);
    // A frozen row was stored before: a snapshot restores the very same objects. A row of a
    // parsed document is kept as it came (JSON.parse keeps the fields inside the object).
    const frozen = Object.isFrozen(row) ? row : (Object.freeze(parsed ? row : this.shapes.copy(row)) as T);
    this.rows.set(row.id, frozen);
    this.addToIndexes(frozen);
    if (row.id > this.maxId) this.sortedIds.append(row.id);
    else this.sortedIds.forget();
    this.maxId = Math.max(this.maxId, row.id);
    return frozen;
  }

  /** Replaces the record `id` with `patch` applied; throws if it does not exist. */
  update(id: number, patch: Partial<T>): T {
    const current = this.rows.get(id);
    if (!current) throw new Error(`${this.name} has no id ${id}`);
    const copy = Object.assign(this.shapes.copy(current), patch);
    // A record keeps its id whatever the patch says.
    if (copy.id !== id) (copy as { id: number }).id = id;
    const next = Object.freeze(copy);
    this.checkUnique(next, current);
    this.reindex(current, next);
    this.rows.set(id, next);
    this.onChange();
    this.notify(current, next);
    return next;
  }

  delete(id: number): T | undefined {
    const current = this.rows.get(id);
    if (!current) return undefined;
    this.removeFromIndexes(current);
    this.rows.delete(id);
    this.sortedIds.forget();
    this.onChange();
    this.notify(current, undefined);
    return current;
  }

  /**
   * Calls `listener` after every insert (before undefined), update and delete (after undefined)
   * of one record; bulk `clear` and `load` do not call it. Returns the unsubscribe function.
   */
  onWrite(listener: WriteListener<T>): () => void {
    this.listeners.push(listener);
    return () => {
      this.listeners = this.listeners.filter((l) => l !== listener);
    };
  }

  /**
   * Calls `listener` before a bulk change (`clear`, `load`, `restore`), while the content is still
   * what it was (a command takes an image of it, to put it back if it fails).
   */
  onBulk(listener: () => void): void {
    this.bulkListeners.push(listener);
  }

  private notify(before: T | undefined, after: T | undefined, cause: WriteCause = 'write'): void {
    for (const listener of this.listeners) listener(before, after, cause);
  }

  /**
   * Undoes a write: puts `row` back as record `id` (or removes it, when undefined), indexes
   * included, and tells the write listeners with the cause `revert`.
   *
   * @example
   * const before = customers.get(7); customers.update(7, patch); customers.revert(7, before);
   */
  revert(id: number, row: T | undefined): void {
    const current = this.rows.get(id);
    if (current === row) return;
    if (current) {
      this.removeFromIndexes(current);
      this.rows.delete(id);
      this.sortedIds.forget();
    }
    if (row) {
      const frozen = Object.isFrozen(row) ? row : (Object.freeze(this.shapes.copy(row)) as T);
      this.rows.set(id, frozen);
      this.addToIndexes(frozen);
      this.sortedIds.forget();
      this.maxId = Math.max(this.maxId, id);
    }
    this.onChange();
    this.notify(current, row, 'revert');
  }

  clear(): void {
    for (const listener of this.bulkListeners) listener();
    this.rows.clear();
    for (const index of this.indexes) index.clear();
    this.sortedIds.clear();
    this.maxId = 0;
    this.ownedSets = null;
    this.generation += 1;
    this.onChange();
  }

  /**
   * The content now, sharing this collection's maps (no row is copied): the collection writes
   * above them from now on, so the image never changes.
   *
   * @example
   * const image = customers.image(); customers.insert(row); customers.restore(image); // row is gone
   */
  image(): CollectionImage<T> {
    this.ownedSets = new WeakSet();
    const rows = this.rows.image();
    return {
      size: rows.size,
      rows,
      indexes: this.indexes.map((index) => index.image()),
      sortedIds: this.sortedIds.image(),
      maxId: this.maxId,
    };
  }

  /**
   * Puts back the content of an image, sharing its maps (the image stays unchanged). Like `load`,
   * it calls no write listener and counts as a new generation.
   */
  restore(image: CollectionImage<T>): void {
    for (const listener of this.bulkListeners) listener();
    this.rows.restore(image.rows);
    image.indexes.forEach((index, i) => this.indexes[i]?.restore(index));
    this.sortedIds.restore(image.sortedIds);
    this.maxId = image.maxId;
    // Every id set there is may belong to an image.
    this.ownedSets = new WeakSet();
    this.generation += 1;
    this.onChange();
  }

  /** `ids`, the set under `key` in `index`, safe to write (copied first if an image may share it). */
  private writable(index: IndexMap, key: IndexKey, ids: Set<number>): Set<number> {
    if (this.ownedSets === null || this.ownedSets.has(ids)) return ids;
    const copy = new Set(ids);
    this.ownedSets.add(copy);
    index.set(key, copy);
    return copy;
  }

  /**
   * Replaces the whole content (used when loading persisted data or a snapshot). Write listeners
   * are not called: what they derive (the jobs of charges) is loaded with the rest, and calling
   * them would schedule it twice and move the id sequences.
   */
  load(rows: readonly T[]): void {
    this.clear();
    let sorted = true;
    for (let i = 1; i < rows.length && sorted; i++) sorted = (rows[i - 1] as T).id < (rows[i] as T).id;
    // Rows come as stored (frozen) or as parsed from a document: neither needs a copy. In strictly
    // ascending ids none can be held already; rows that are not are sorted, and checked one by one.
    let current: T | undefined;
    try {
      if (sorted) for (current of rows) this.add(current, true);
      else
        for (current of [...rows].sort((a, b) => a.id - b.id)) {
          if (this.rows.has(current.id)) throw new Error(`${this.name} already holds id ${current.id}`);
          this.add(current, true);
        }
    } catch (error) {
      // An index's key could not be read from a field of the wrong type (`email: 5`).
      if (error instanceof TypeError && current) throw new UnindexableRecord(this.name, current.id, error);
      throw error;
    }
    this.onChange();
  }

  /** Copy of the current content; cheap because records are immutable. */
  snapshot(): readonly T[] {
    const ids = this.ids();
    const rows = new Array<T>(ids.length);
    for (let i = 0; i < ids.length; i++) rows[i] = this.rows.get(ids[i] as number) as T;
    return rows;
  }

  toJSON(): readonly T[] {
    return this.snapshot();
  }

  private index(name: string): IndexMap {
    const index = this.indexes[this.positions.get(name) ?? -1];
    if (!index) throw new Error(`${this.name} has no index ${name}`);
    return index;
  }

  private checkUnique(row: T, current: T | undefined): void {
    for (const i of this.uniques) {
      const spec = this.specs[i] as IndexSpec<T>;
      const index = this.indexes[i] as IndexMap;
      forEachKey(spec, row, (key) => {
        for (const holder of entryIds(index.get(key))) {
          if (holder !== current?.id)
            throw new UniqueIndexViolation(this.name, this.specs[i]?.name ?? '', key);
        }
      });
    }
  }

  /** Moves a replaced record in the indexes whose key changed (most updates change none). */
  private reindex(current: T, next: T): void {
    for (let i = 0; i < this.specs.length; i++) {
      const spec = this.specs[i] as IndexSpec<T>;
      if (sameKeys(spec.key(current), spec.key(next))) continue;
      const index = this.indexes[i] as IndexMap;
      forEachKey(spec, current, (key) => this.removeId(index, key, current.id));
      forEachKey(spec, next, (key) => this.addId(index, key, next.id));
    }
  }

  private addToIndexes(row: T): void {
    // Spelled out rather than with `forEachKey`: a closure a record and index cost a tenth of a load.
    for (let i = 0; i < this.specs.length; i++) {
      const index = this.indexes[i] as IndexMap;
      const key = (this.specs[i] as IndexSpec<T>).key(row);
      if (key === null || key === undefined) continue;
      if (Array.isArray(key)) for (const one of key as readonly IndexKey[]) this.addId(index, one, row.id);
      else this.addId(index, key as IndexKey, row.id);
    }
  }

  private removeFromIndexes(row: T): void {
    // Spelled out like `addToIndexes`: a closure per index and write shows in a clock advance.
    for (let i = 0; i < this.specs.length; i++) {
      const index = this.indexes[i] as IndexMap;
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
}

/**
 * The records of an image in ascending id order (an array: a generator's step a record was a tenth
 * of a snapshot export's time).
 *
 * @example
 * for (const customer of imageRows(store.image().collections.customers)) send(customer);
 */
export function imageRows<T>(image: CollectionImage<T>): readonly T[] {
  const ids = imageIds(image.sortedIds) ?? [...image.rows.keys()].sort((a, b) => a - b);
  const rows: T[] = [];
  for (const id of ids) {
    const row = image.rows.get(id);
    if (row !== undefined) rows.push(row);
  }
  return rows;
}
