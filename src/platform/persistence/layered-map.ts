/**
 * A map that hands out unchangeable images of itself in constant time, and whose writes after an
 * image cost what they change, not the size of the map (decision 0027, "Writes after an image").
 *
 * Until the first image it is one plain `Map` (`top`), read as fast as a `Map`. An image freezes
 * the content as a `root` map, with at most one read-only layer of `changes` over it; the map then
 * writes into a new, empty `top` above them. A key deleted in a layer that a layer below holds is
 * marked there with `GONE`. Reads look in `top`, then `changes`, then `root`: at most two more
 * lookups than a plain map.
 *
 * The depth never grows past that: an image taken after writes merges `top` into a copy of
 * `changes` (the changes since the root, never the root), and once those reach a quarter of the
 * root it merges everything into a new root instead (a full copy, paid for by the writes that made
 * the changes). Putting an image back (`restore`) takes its layers and starts an empty `top`, so a
 * restore before every test, then a few writes, copies nothing.
 */

/** Marks a key deleted in a layer while a layer below still holds it. */
const GONE: unique symbol = Symbol('gone');
type Slot<V> = V | typeof GONE;

/** Above this share of the root's size, an image's changes are merged into a new root. */
const CHANGES_PER_ROOT = 1 / 4;

/**
 * The content of a `LayeredMap` at one moment; never changes. Put back with `LayeredMap.restore`.
 *
 * @example
 * const image = map.image(); map.delete(1); image.get(1); // still there
 */
export class MapImage<K, V extends NonNullable<unknown>> {
  /** @internal */
  constructor(
    /** @internal */ readonly root: ReadonlyMap<K, V>,
    /** @internal */ readonly changes: ReadonlyMap<K, Slot<V>> | null,
    readonly size: number,
  ) {}

  get(key: K): V | undefined {
    if (this.changes !== null) {
      const slot = this.changes.get(key);
      if (slot !== undefined) return slot === GONE ? undefined : slot;
    }
    return this.root.get(key);
  }

  has(key: K): boolean {
    return this.get(key) !== undefined;
  }

  /** The keys, in no particular order. */
  keys(): IterableIterator<K> {
    return layeredKeys(null, this.changes, this.root);
  }

  /** How many maps a read may look in (1 or 2): for tests and measurements. */
  get depth(): number {
    return this.changes === null ? 1 : 2;
  }
}

/**
 * A `Map` with constant-time images (values may not be `undefined`). Keys iterate in no
 * particular order once an image was taken.
 *
 * @example
 * const rows = new LayeredMap<number, Row>();
 * rows.set(1, row);
 * const image = rows.image(); // nothing copied
 * rows.delete(1); // writes one entry
 * rows.restore(image); // row 1 is back
 */
export class LayeredMap<K, V extends NonNullable<unknown>> {
  /** The writes since the last image or restore: the whole content while `root` is null. */
  private top = new Map<K, Slot<V>>();
  /** The read-only changes over `root`, shared with images. */
  private changes: ReadonlyMap<K, Slot<V>> | null = null;
  /** The read-only base, shared with images; null until the first image. */
  private root: ReadonlyMap<K, V> | null = null;
  /** The size while `root` is not null (before, `top.size`). */
  private count = 0;
  /** The image of `root` and `changes` (with `top` empty, the content). */
  private current: MapImage<K, V> | null = null;

  get size(): number {
    return this.root === null ? this.top.size : this.count;
  }

  get(key: K): V | undefined {
    const slot = this.top.get(key);
    if (slot !== undefined) return slot === GONE ? undefined : slot;
    if (this.root === null) return undefined;
    return this.below(key);
  }

  has(key: K): boolean {
    return this.get(key) !== undefined;
  }

  set(key: K, value: V): this {
    if (this.root !== null && this.get(key) === undefined) this.count += 1;
    this.top.set(key, value);
    return this;
  }

  delete(key: K): boolean {
    if (this.root === null) return this.top.delete(key);
    if (this.get(key) === undefined) return false;
    this.count -= 1;
    if (this.below(key) === undefined) this.top.delete(key);
    else this.top.set(key, GONE);
    return true;
  }

  /** The keys, in insertion order until the first image, in no particular order after. */
  keys(): IterableIterator<K> {
    if (this.root === null) return this.top.keys();
    return layeredKeys(this.top, this.changes, this.root);
  }

  /**
   * The content now, sharing this map's layers (constant time, but for merging the writes since
   * the last image into the changes over the root: see the file's comment).
   */
  image(): MapImage<K, V> {
    // An empty map shares nothing with its image: it stays one plain map.
    if (this.size === 0) {
      this.clear();
      return new MapImage(new Map(), null, 0);
    }
    if (this.root === null) {
      // The whole content is in `top`, with no GONE (there is nothing below to delete from).
      this.root = this.top as Map<K, V>;
      this.count = this.top.size;
      this.top = new Map();
    } else if (this.top.size > 0) {
      this.merge();
    } else if (this.current !== null) {
      return this.current;
    }
    this.current = new MapImage(this.root, this.changes, this.count);
    return this.current;
  }

  /** Puts back the content of `image` (which stays as it is); copies nothing. */
  restore(image: MapImage<K, V>): void {
    if (image.size === 0) return this.clear();
    this.root = image.root;
    this.changes = image.changes;
    this.count = image.size;
    this.top = new Map();
    this.current = image;
  }

  /** Empties the map (no image is changed). */
  clear(): void {
    this.top = new Map();
    this.changes = null;
    this.root = null;
    this.count = 0;
    this.current = null;
  }

  /** How many maps a read may look in: 1 before any image, up to 3 after. */
  get depth(): number {
    return this.root === null ? 1 : this.changes === null ? 2 : 3;
  }

  /** The value under `key` in `changes` and `root` (`root` is not null). */
  private below(key: K): V | undefined {
    if (this.changes !== null) {
      const slot = this.changes.get(key);
      if (slot !== undefined) return slot === GONE ? undefined : slot;
    }
    return (this.root as ReadonlyMap<K, V>).get(key);
  }

  /** Folds `top` into new `changes`, or everything into a new `root` when the changes get big. */
  private merge(): void {
    const root = this.root as ReadonlyMap<K, V>;
    const changes = new Map(this.changes ?? []);
    for (const [key, slot] of this.top) {
      // A key deleted that only the changes held needs no mark any more.
      if (slot === GONE && !root.has(key)) changes.delete(key);
      else changes.set(key, slot);
    }
    this.top = new Map();
    if (changes.size <= root.size * CHANGES_PER_ROOT) {
      this.changes = changes;
      return;
    }
    const merged = new Map(root);
    for (const [key, slot] of changes) {
      if (slot === GONE) merged.delete(key);
      else merged.set(key, slot);
    }
    this.root = merged;
    this.changes = null;
  }
}

/** The keys of `top` over `changes` over `root`, each once, without the deleted ones. */
function* layeredKeys<K, V>(
  top: ReadonlyMap<K, Slot<V>> | null,
  changes: ReadonlyMap<K, Slot<V>> | null,
  root: ReadonlyMap<K, V>,
): IterableIterator<K> {
  if (top !== null) for (const [key, slot] of top) if (slot !== GONE) yield key;
  if (changes !== null) for (const [key, slot] of changes) if (slot !== GONE && !top?.has(key)) yield key;
  for (const key of root.keys()) if (!top?.has(key) && !changes?.has(key)) yield key;
}
