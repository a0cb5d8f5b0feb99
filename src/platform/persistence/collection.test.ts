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

  it('answers the same for a key with one id, two, and one again (a number, then a set, then a number)', () => {
    const collection = new Collection<{ id: number; tag: string; email: string }>('things', {
      tag: { key: (row) => row.tag },
      email: { key: (row) => row.email, unique: true },
    });
    const seen = (tag: string) => ({
      ids: [...collection.idsBy('tag', tag)],
      has1: collection.idsBy('tag', tag).has(1),
      count: collection.countBy('tag', tag),
      first: collection.findOne('tag', tag)?.id,
      rows: collection.findBy('tag', tag).map((row) => row.id),
    });
    collection.insert({ id: 1, tag: 'x', email: 'a' });
    expect(seen('x')).toEqual({ ids: [1], has1: true, count: 1, first: 1, rows: [1] });
    const one = collection.image();
    collection.insert({ id: 2, tag: 'x', email: 'b' });
    expect(seen('x')).toEqual({ ids: [1, 2], has1: true, count: 2, first: 1, rows: [1, 2] });
    const two = collection.image();
    collection.update(1, { tag: 'y' });
    expect(seen('x')).toEqual({ ids: [2], has1: false, count: 1, first: 2, rows: [2] });
    expect(seen('y')).toEqual({ ids: [1], has1: true, count: 1, first: 1, rows: [1] });
    expect(() => collection.insert({ id: 3, tag: 'z', email: 'b' })).toThrow('things.email already holds b');
    collection.delete(2);
    expect(seen('x')).toEqual({ ids: [], has1: false, count: 0, first: undefined, rows: [] });
    collection.restore(two);
    expect(seen('x')).toEqual({ ids: [1, 2], has1: true, count: 2, first: 1, rows: [1, 2] });
    collection.restore(one);
    expect(seen('x')).toEqual({ ids: [1], has1: true, count: 1, first: 1, rows: [1] });
  });

  it('keeps images taken one after another, with writes between, each as it was', () => {
    const collection = new Collection<{ id: number; name: string; tag: string }>('things', {
      name: { key: (row) => row.name, unique: true },
      tag: { key: (row) => row.tag },
    });
    for (let id = 1; id <= 8; id++) collection.insert({ id, name: `n${id}`, tag: id % 2 ? 'odd' : 'even' });
    const content = () => ({
      ids: [...collection.ids()],
      names: collection.snapshot().map((row) => row.name),
      odd: collection.findBy('tag', 'odd').map((row) => row.id),
      n3: collection.findOne('name', 'n3')?.id,
    });
    const images = [{ image: collection.image(), content: content() }];
    for (let round = 1; round <= 6; round++) {
      collection.delete(round);
      collection.insert({ id: 8 + round, name: `n${round}`, tag: 'odd' });
      collection.update(8, { name: `eight-${round}` });
      images.push({ image: collection.image(), content: content() });
    }
    for (const { image, content: saved } of [...images].reverse()) {
      collection.restore(image);
      expect(content()).toEqual(saved);
      collection.insert({ id: 100, name: 'n100', tag: 'odd' });
      expect(collection.findBy('tag', 'odd').at(-1)?.id).toBe(100);
    }
    const fourth = images[3] as (typeof images)[number];
    collection.restore(fourth.image);
    expect(content()).toEqual(fourth.content);
  });

  it('files an index first read after writes, images and undone writes as one kept from the start', () => {
    type Row = { id: number; tag: string };
    const lazy = new Collection<Row>('things', { tag: { key: (row) => row.tag } });
    const eager = new Collection<Row>('things', { tag: { key: (row) => row.tag } });
    eager.idsBy('tag', 'x'); // read once: kept from now on
    const tags = (collection: Collection<Row>) =>
      ['x', 'y', 'z'].map((tag) => collection.findBy('tag', tag).map((row) => row.id));
    for (const collection of [lazy, eager]) {
      collection.insert({ id: 1, tag: 'x' });
      collection.insert({ id: 2, tag: 'y' });
      const image = collection.image();
      collection.update(1, { tag: 'y' });
      collection.insert({ id: 3, tag: 'z' });
      collection.revert(3, undefined);
      collection.restore(image);
      collection.update(2, { tag: 'x' });
      collection.insert({ id: 4, tag: 'z' });
      collection.delete(1);
    }
    expect(tags(lazy)).toEqual(tags(eager));
    expect(tags(lazy)).toEqual([[2], [], [4]]);
    expect(lazy.countBy('tag', 'z')).toBe(1);
  });

  it('still refuses, when loading, a record whose field an index cannot read', () => {
    const collection = new Collection<{ id: number; tags: string[] }>('things', {
      tags: { key: (row) => row.tags.map((tag) => tag.toLowerCase()) },
    });
    expect(() => collection.load([{ id: 1, tags: 5 as unknown as string[] }])).toThrow('cannot be indexed');
  });
});
