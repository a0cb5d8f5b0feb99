import { describe, expect, it } from 'vitest';
import { Collection } from './collection.js';

describe('Collection', () => {
  // Regression: loading a store rescheduled the jobs of every charge (through the write listener)
  // before the stored jobs replaced them, moving the job id sequence on every load.
  it('does not call write listeners when loading', () => {
    const collection = new Collection<{ id: number; name: string }>('things', {
      name: { key: (row) => row.name, unique: true },
    });
    const writes: unknown[] = [];
    collection.onWrite((before, after) => writes.push([before, after]));
    collection.load([
      { id: 2, name: 'b' },
      { id: 1, name: 'a' },
    ]);
    expect(writes).toEqual([]);
    expect(collection.ids()).toEqual([1, 2]);
    expect(collection.findOne('name', 'b')?.id).toBe(2);
    collection.insert({ id: 3, name: 'c' });
    expect(writes).toEqual([[undefined, { id: 3, name: 'c' }]]);
  });

  it('keeps an image unchanged by later writes, and a restored image unchanged by writes after it', () => {
    const collection = new Collection<{ id: number; name: string; tag: string }>('things', {
      name: { key: (row) => row.name, unique: true },
      tag: { key: (row) => row.tag },
    });
    collection.insert({ id: 1, name: 'a', tag: 'x' });
    collection.insert({ id: 2, name: 'b', tag: 'x' });
    const image = collection.image();
    const content = () => ({
      rows: collection.snapshot(),
      x: [...collection.idsBy('tag', 'x')],
      y: [...collection.idsBy('tag', 'y')],
      a: collection.findOne('name', 'a')?.id,
      c: collection.findOne('name', 'c')?.id,
    });
    const saved = content();
    for (let round = 0; round < 2; round++) {
      collection.update(1, { name: 'c', tag: 'y' });
      collection.delete(2);
      collection.insert({ id: 3, name: 'a', tag: 'x' });
      expect(content()).toEqual({
        rows: [
          { id: 1, name: 'c', tag: 'y' },
          { id: 3, name: 'a', tag: 'x' },
        ],
        x: [3],
        y: [1],
        a: 3,
        c: 1,
      });
      collection.restore(image);
      expect(content()).toEqual(saved);
      expect(image.size).toBe(2);
    }
  });
});
