import { describe, expect, it } from 'vitest';
import { imageIds, SortedIds } from './sorted-ids.js';

describe('SortedIds', () => {
  it('appends ids after an image without changing the image, and joins them when asked', () => {
    const ids = new SortedIds();
    for (const id of [1, 2, 3]) ids.append(id);
    const image = ids.image();
    const listed = ids.list(() => []);
    ids.append(4);
    ids.append(5);
    expect(listed).toEqual([1, 2, 3]);
    expect(imageIds(image)).toEqual([1, 2, 3]);
    const later = ids.image();
    ids.append(6);
    expect(ids.list(() => [])).toEqual([1, 2, 3, 4, 5, 6]);
    expect(imageIds(later)).toEqual([1, 2, 3, 4, 5]);
    ids.restore(image);
    ids.append(9);
    expect(ids.list(() => [])).toEqual([1, 2, 3, 9]);
    expect([imageIds(image), imageIds(later)]).toEqual([
      [1, 2, 3],
      [1, 2, 3, 4, 5],
    ]);
  });

  it('sorts the keys when the order was forgotten', () => {
    const ids = new SortedIds();
    ids.append(1);
    ids.forget();
    expect(ids.image()).toBeNull();
    expect(ids.list(() => [5, 2, 9])).toEqual([2, 5, 9]);
    ids.restore(null);
    expect(ids.list(() => [3, 1])).toEqual([1, 3]);
  });
});
