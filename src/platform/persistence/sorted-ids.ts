/**
 * A collection's ids in ascending order, kept while records are added with growing ids (the usual
 * case) and rebuilt on demand after anything else. Shared with images like the collection's maps
 * (decision 0027): after an image, new ids go to a `tail` of their own instead of copying the
 * list, and the list is joined with its tail when next asked for.
 */

/** The sorted ids at one moment (`null`: not known, sort the keys); never changes. */
export type SortedIdsImage = { readonly ids: readonly number[]; readonly tail: readonly number[] } | null;

const NONE: readonly number[] = [];

export class SortedIds {
  /** The ids in ascending order, but for those in `tail`; null when not known. */
  private ids: number[] | null = [];
  /** `ids` belongs to an image too: never written, appended ids go to `tail`. */
  private shared = false;
  /** Ids added while `ids` is shared, each greater than all of `ids`. */
  private tail: number[] = [];
  /** `tail` belongs to an image too: copied before the next append. */
  private tailShared = false;

  /** Records an added id greater than every id held before. */
  append(id: number): void {
    if (this.ids === null) return;
    if (!this.shared) {
      this.ids.push(id);
      return;
    }
    if (this.tailShared) {
      this.tail = this.tail.slice();
      this.tailShared = false;
    }
    this.tail.push(id);
  }

  /** Forgets the order (after a delete, or an id added out of order). */
  forget(): void {
    this.ids = null;
    this.tail = [];
    this.shared = this.tailShared = false;
  }

  /** Starts an empty list. */
  clear(): void {
    this.ids = [];
    this.tail = [];
    this.shared = this.tailShared = false;
  }

  /** The ids in ascending order; `keys` lists them in any order when the order is not known. */
  list(keys: () => Iterable<number>): readonly number[] {
    if (this.ids === null) {
      this.ids = [...keys()].sort((a, b) => a - b);
      this.shared = false;
    } else if (this.tail.length > 0) {
      this.ids = this.ids.concat(this.tail);
      this.tail = [];
      this.shared = this.tailShared = false;
    }
    return this.ids;
  }

  /** The list now, shared from now on (the tail is joined first when it has grown long). */
  image(): SortedIdsImage {
    if (this.ids === null) return null;
    if (this.tail.length * 4 > this.ids.length) this.list(() => NONE);
    this.shared = this.tailShared = true;
    return { ids: this.ids, tail: this.tail };
  }

  /** Puts back the list of an image, sharing it. */
  restore(image: SortedIdsImage): void {
    if (image === null) return this.forget();
    this.ids = image.ids as number[];
    this.tail = image.tail as number[];
    this.shared = this.tailShared = true;
  }
}

/** The ids of an image in ascending order, or null when it did not know them. */
export function imageIds(image: SortedIdsImage): readonly number[] | null {
  if (image === null) return null;
  return image.tail.length === 0 ? image.ids : image.ids.concat(image.tail);
}
