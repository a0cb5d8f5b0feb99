/**
 * A typed, indexed collection of records keyed by integer id. Records are immutable: `update`
 * replaces the stored object. An image of a collection (`image()`, for named snapshots) shares the
 * collection's maps instead of copying them: the row map and the index maps are `LayeredMap`s, whose
 * writes after an image go to a layer of their own, and an index's id sets are copied one at a
 * time, when written. So taking or putting back an image costs nothing, and a write after it costs
 * what it changes. Indexes are made of the entries of `index-entries.ts`.
 */

import { RecordIndexes } from './collection-indexes.js';
import { entryIds, type IndexEntry, type IndexKey, type IndexSpec } from './index-entries.js';
import { LayeredMap, type MapImage } from './layered-map.js';
import { RecordShapes } from './record-shape.js';
import { imageIds, SortedIds, type SortedIdsImage } from './sorted-ids.js';

export type { IndexKey, IndexSpec } from './index-entries.js';
export { UniqueIndexViolation } from './collection-indexes.js';

export interface Identified {
  readonly id: number;
}

/**
 * A collection's content at one moment, shared with the collection until either writes: opaque
 * outside this module, put back with `Collection.restore`.
 */
export interface CollectionImage<T> {
  readonly size: number;
  /** @internal */ readonly rows: MapImage<number, T & NonNullable<unknown>>;
  /** @internal */ readonly indexes: readonly (MapImage<IndexKey, IndexEntry> | null)[];
  /** @internal */ readonly sortedIds: SortedIdsImage;
  /** @internal */ readonly maxId: number;
}

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
  private readonly indexes: RecordIndexes<T>;
  private readonly sortedIds = new SortedIds();
  private maxId = 0;
  private listeners: WriteListener<T>[] = [];
  private bulkListeners: (() => void)[] = [];
  private readonly shapes = new RecordShapes();
  /** Counts `clear` calls (also made by `load`): indexes kept outside know to rebuild. */
  generation = 0;

  constructor(
    readonly name: string,
    indexSpecs: Readonly<Record<string, IndexSpec<T>>> = {},
    private readonly onChange: () => void = () => undefined,
  ) {
    this.indexes = new RecordIndexes(name, indexSpecs, () => this.values());
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
    return entryIds(this.indexes.index(index).get(key));
  }

  /** Records found under `key` in the index `index`, in ascending id order. */
  findBy(index: string, key: IndexKey): T[] {
    const entry = this.indexes.index(index).get(key);
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
    const entry = this.indexes.index(index).get(key);
    if (entry === undefined) return undefined;
    if (typeof entry === 'number') return this.rows.get(entry);
    for (const id of entry) return this.rows.get(id);
    return undefined;
  }

  /** Counts the records under `key` in `index`. */
  countBy(index: string, key: IndexKey): number {
    const entry = this.indexes.index(index).get(key);
    return entry === undefined ? 0 : typeof entry === 'number' ? 1 : entry.size;
  }

  /**
   * Stores a frozen copy of `row`, files it and tells the write listeners. `fresh`: the caller
   * made `row` for this insert as an object literal (its fields inside the object, decision 0028)
   * and does not use it after, so it is frozen and kept itself (an event: 84,000 a year of billing).
   */
  insert(row: T, fresh = false): T {
    const frozen = this.add(row, false, fresh);
    this.onChange();
    this.notify(undefined, frozen);
    return frozen;
  }

  /**
   * Stores a new record and indexes it, without telling anyone. `parsed`: the row comes from a
   * document being loaded, in strictly ascending ids (so none is held yet), and is kept as it is;
   * `fresh`: see `insert`.
   */
  private add(row: T, parsed = false, fresh = false): T {
    // `maxId` bounds every id held (ids come from growing sequences): a greater one needs no lookup.
    if (!parsed && row.id <= this.maxId && this.rows.has(row.id))
      throw new Error(`${this.name} already holds id ${row.id}`);
    this.indexes.checkUnique(row, undefined);
    // A frozen row was stored before: a snapshot restores the very same objects. A row of a
    // parsed document is kept as it came (JSON.parse keeps the fields inside the object).
    const frozen = Object.isFrozen(row)
      ? row
      : (Object.freeze(parsed || fresh ? row : this.shapes.copy(row)) as T);
    this.rows.set(row.id, frozen);
    this.indexes.add(frozen);
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
    this.indexes.checkUnique(next, current);
    this.indexes.reindex(current, next);
    this.rows.set(id, next);
    this.onChange();
    this.notify(current, next);
    return next;
  }

  delete(id: number): T | undefined {
    const current = this.rows.get(id);
    if (!current) return undefined;
    this.indexes.remove(current);
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
      this.indexes.remove(current);
      this.rows.delete(id);
      this.sortedIds.forget();
    }
    if (row) {
      const frozen = Object.isFrozen(row) ? row : (Object.freeze(this.shapes.copy(row)) as T);
      this.rows.set(id, frozen);
      this.indexes.add(frozen);
      this.sortedIds.forget();
      this.maxId = Math.max(this.maxId, id);
    }
    this.onChange();
    this.notify(current, row, 'revert');
  }

  clear(): void {
    for (const listener of this.bulkListeners) listener();
    this.rows.clear();
    this.indexes.clear();
    this.sortedIds.clear();
    this.maxId = 0;
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
    const rows = this.rows.image();
    return {
      size: rows.size,
      rows,
      indexes: this.indexes.image(),
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
    this.indexes.restore(image.indexes);
    this.sortedIds.restore(image.sortedIds);
    this.maxId = image.maxId;
    this.generation += 1;
    this.onChange();
  }

  /**
   * Replaces the whole content (used when loading persisted data or a snapshot). Write listeners
   * are not called: what they derive (the jobs of charges) is loaded with the rest, and calling
   * them would schedule it twice and move the id sequences.
   */
  load(rows: readonly T[]): void {
    this.clear();
    this.indexes.keepAll();
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
