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
});
