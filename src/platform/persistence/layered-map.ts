/**
 * A map that hands out unchangeable images of itself in constant time, and whose writes after an
 * image cost what they change, not the size of the map (decision 0027, "Writes after an image").
 *
 * Until the first image it is one plain `Map` (`top`), read as fast as a `Map`. An image freezes
 * the content as a read-only `root` map, with at most one read-only layer of `changes` over it;
 * the map then writes into a new, empty `top` above them. A key deleted in a layer that a layer
 * below holds is marked there with `GONE`. Reads look in `top`, then `changes`, then `root`: at
 * most two more lookups than a plain map. Putting an image back (`restore`) takes its layers and
 * starts an empty `top`, so a restore before every test, then a few writes, copies nothing.
 *
 * The depth never grows past that. An image taken after writes makes `top` the `changes` when
 * there were none (nothing copied). When there were, either `top` is merged into a copy of them
 * (while they stay under a quarter of the root: a copy of the changes, never of the root), or the
 * image the map stood on merges its changes into a copy of its root, once (`MapImage.flat`, kept
 * by the image for every later use), and `top` becomes the changes over that. When the writes in
 * `top` reach half the content, everything is merged into one plain map again (`promote`).
 */

/** Marks a key deleted in a layer while a layer below still holds it. */
const GONE: unique symbol = Symbol('gone');
type Slot<V> = V | typeof GONE;

/** Up to this share of the root's size, changes are merged by copying them (above, the root). */
const CHANGES_PER_ROOT = 1 / 4;

/**
 * The content of a `LayeredMap` at one moment; never changes (its layers may be merged into one
 * map, holding the same content). Put back with `LayeredMap.restore`.
 *
 * @example
 * const image = map.image(); map.delete(1); image.get(1); // still there
 */
export class MapImage<K, V extends NonNullable<unknown>> {
  /** @internal */
  constructor(
    private base: ReadonlyMap<K, V>,
    private over: ReadonlyMap<K, Slot<V>> | null,
    readonly size: number,
  ) {}

  /** @internal The read-only map at the bottom. */
  get root(): ReadonlyMap<K, V> {
    return this.base;
  }

  /** @internal The read-only changes over `root`, if any. */
  get changes(): ReadonlyMap<K, Slot<V>> | null {
    return this.over;
  }

  /** @internal The content as one map: the changes are merged into a copy of the root, once. */
  flat(): ReadonlyMap<K, V> {
    if (this.over === null) return this.base;
    const merged = new Map(this.base);
    for (const [key, slot] of this.over) {
      if (slot === GONE) merged.delete(key);
      else merged.set(key, slot);
    }
    this.base = merged;
    this.over = null;
    return merged;
  }

  get(key: K): V | undefined {
    if (this.over !== null) {
      const slot = this.over.get(key);
      if (slot !== undefined) return slot === GONE ? undefined : slot;
    }
    return this.base.get(key);
  }

  has(key: K): boolean {
    return this.get(key) !== undefined;
  }

  /** The keys, in no particular order. */
  keys(): IterableIterator<K> {
    return layeredKeys(null, this.over, this.base);
  }

  /** How many maps a read may look in (1 or 2): for tests and measurements. */
  get depth(): number {
    return this.over === null ? 1 : 2;
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
    // Spelled out rather than calling `below`: this is the read of every request.
    const changes = this.changes;
    if (changes !== null) {
      const below = changes.get(key);
      if (below !== undefined) return below === GONE ? undefined : below;
    }
    return this.root === null ? undefined : this.root.get(key);
  }

  has(key: K): boolean {
    return this.get(key) !== undefined;
  }

  set(key: K, value: V): this {
    if (this.root !== null) {
      const slot = this.top.get(key);
      if (slot === undefined ? this.below(key) === undefined : slot === GONE) this.count += 1;
    }
    this.top.set(key, value);
    if (this.root !== null && this.top.size * 2 > this.count) this.promote();
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

  /**
   * Merges everything into one plain map again once the writes since the last image reach half
   * the content: reads then look in one map, and the copy is paid for by those writes.
   */
  private promote(): void {
    const merged = new Map<K, Slot<V>>(this.root as ReadonlyMap<K, V>);
    for (const layer of [this.changes, this.top])
      for (const [key, slot] of layer ?? []) {
        if (slot === GONE) merged.delete(key);
        else merged.set(key, slot);
      }
    this.top = merged;
    this.root = this.changes = this.current = null;
    this.count = 0;
  }

  /** Folds `top` into the layers below (see the file's comment); `top` is not empty. */
  private merge(): void {
    const current = this.current as MapImage<K, V>;
    const changes = current.changes;
    if (changes !== null && changes.size + this.top.size <= current.root.size * CHANGES_PER_ROOT) {
      const merged = new Map(changes);
      for (const [key, slot] of this.top) {
        // A key deleted that only the changes held needs no mark any more.
        if (slot === GONE && !current.root.has(key)) merged.delete(key);
        else merged.set(key, slot);
      }
      this.root = current.root;
      this.changes = merged;
    } else {
      // Every key `top` marks GONE is in the content below, so in its flat map.
      this.root = current.flat();
      this.changes = this.top;
    }
    this.top = new Map();
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
