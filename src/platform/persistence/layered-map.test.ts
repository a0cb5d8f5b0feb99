import { describe, expect, it } from 'vitest';
import { LayeredMap, type MapImage } from './layered-map.js';

const sorted = (keys: Iterable<number>) => [...keys].sort((a, b) => a - b);

function filled(n: number): LayeredMap<number, string> {
  const map = new LayeredMap<number, string>();
  for (let i = 1; i <= n; i++) map.set(i, `v${i}`);
  return map;
}

/** What an image holds, read through its own methods. */
function contentOf(image: MapImage<number, string>): [number, string | undefined][] {
  return sorted(image.keys()).map((key) => [key, image.get(key)]);
}

describe('LayeredMap', () => {
  it('reads and writes like a Map before any image', () => {
    const map = filled(3);
    expect(map.delete(2)).toBe(true);
    expect(map.delete(2)).toBe(false);
    map.set(1, 'one');
    expect([map.size, map.get(1), map.has(2), [...map.keys()]]).toEqual([2, 'one', false, [1, 3]]);
    expect(map.depth).toBe(1);
  });

  it('keeps an image unchanged by later writes and deletes', () => {
    const map = filled(4);
    const image = map.image();
    const before = contentOf(image);
    map.set(1, 'changed');
    map.delete(2);
    map.set(9, 'new');
    expect([map.get(1), map.get(2), map.get(9), map.size]).toEqual(['changed', undefined, 'new', 4]);
    expect(contentOf(image)).toEqual(before);
    expect(image.size).toBe(4);
    expect(image.has(2)).toBe(true);
    expect(image.has(9)).toBe(false);
  });

  it('deletes keys of the base, re-adds them, and counts them once', () => {
    const map = filled(3);
    map.image();
    expect(map.delete(2)).toBe(true);
    expect([map.has(2), map.get(2), map.size, sorted(map.keys())]).toEqual([false, undefined, 2, [1, 3]]);
    expect(map.delete(2)).toBe(false);
    expect(map.size).toBe(2);
    map.set(2, 'again');
    map.set(2, 'and again');
    expect([map.get(2), map.size, sorted(map.keys())]).toEqual(['and again', 3, [1, 2, 3]]);
    // A key added after the image and deleted leaves nothing behind.
    map.set(7, 'seven');
    expect(map.delete(7)).toBe(true);
    expect([map.has(7), map.size, sorted(map.keys())]).toEqual([false, 3, [1, 2, 3]]);
  });

  it('keeps images taken after writes (a layer of changes) unchanged, and puts any of them back', () => {
    const map = filled(20);
    const first = map.image();
    map.delete(1);
    map.set(2, 'two');
    map.set(21, 'new');
    const second = map.image();
    expect(second.depth).toBe(2);
    const secondContent = contentOf(second);
    map.delete(2);
    map.set(1, 'back');
    map.delete(21);
    const third = map.image();
    expect(contentOf(third).slice(0, 2)).toEqual([
      [1, 'back'],
      [3, 'v3'],
    ]);
    expect(contentOf(second)).toEqual(secondContent);
    expect(contentOf(first)).toEqual(contentOf(filled(20).image()));
    map.restore(second);
    expect([map.get(1), map.get(2), map.get(21), map.size]).toEqual([undefined, 'two', 'new', 20]);
    map.restore(first);
    expect([map.get(1), map.get(2), map.get(21), map.size]).toEqual(['v1', 'v2', undefined, 20]);
    expect(contentOf(second)).toEqual(secondContent);
  });

  it('takes the same image again when nothing was written', () => {
    const map = filled(3);
    const image = map.image();
    expect(map.image()).toBe(image);
    map.restore(image);
    expect(map.image()).toBe(image);
  });

  it('layers the first changes without copying, merges small ones, and flattens an image once when they grow', () => {
    const map = filled(100);
    map.image();
    for (let i = 1; i <= 20; i++) map.set(i, 'x');
    const first = map.image();
    expect(first.depth).toBe(2);
    map.set(21, 'x');
    const second = map.image();
    // 21 changes, under a quarter of the root: copied into a new layer of changes.
    expect([first.depth, second.depth, map.depth]).toEqual([2, 2, 3]);
    for (let i = 22; i <= 26; i++) map.set(i, 'x');
    const third = map.image();
    // 26 changes: the image below became one map (same content), the new writes lie over it.
    expect([second.depth, third.depth]).toEqual([1, 2]);
    expect([second.size, second.get(21), second.get(22)]).toEqual([100, 'x', 'v22']);
    expect([third.size, third.get(26), third.get(27)]).toEqual([100, 'x', 'v27']);
    expect([first.get(20), first.get(21)]).toEqual(['x', 'v21']);
  });

  it('keeps its depth bounded over many save, write, restore cycles, and matches a plain map', () => {
    const map = filled(200);
    const model = new Map([...Array(200).keys()].map((i) => [i + 1, `v${i + 1}`]));
    const saved: [MapImage<number, string>, Map<number, string>][] = [];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let cycle = 0; cycle < 300; cycle++) {
      for (let w = random(12); w >= 0; w--) {
        const key = 1 + random(260);
        if (random(3) === 0) expect(map.delete(key)).toBe(model.delete(key));
        else {
          map.set(key, `c${cycle}`);
          model.set(key, `c${cycle}`);
        }
      }
      expect(map.depth).toBeLessThanOrEqual(3);
      const action = random(4);
      if (action === 0) saved.push([map.image(), new Map(model)]);
      else if (action === 1 && saved.length > 0) {
        const [image, content] = saved[random(saved.length)] as [
          MapImage<number, string>,
          Map<number, string>,
        ];
        map.restore(image);
        model.clear();
        for (const [key, value] of content) model.set(key, value);
      }
      expect(map.size).toBe(model.size);
      expect(sorted(map.keys())).toEqual(sorted(model.keys()));
      for (const key of [1 + random(260), 1 + random(260)]) expect(map.get(key)).toBe(model.get(key));
    }
    // Both shapes of image were taken: with a layer of changes, and merged into one map.
    expect(new Set(saved.map(([image]) => image.depth))).toEqual(new Set([1, 2]));
    for (const [image, content] of saved) {
      expect(contentOf(image)).toEqual(sorted(content.keys()).map((key) => [key, content.get(key)]));
    }
  });

  it('goes back to one plain map once the writes after an image reach half the content', () => {
    const map = filled(20);
    const image = map.image();
    map.delete(1);
    for (let i = 2; i <= 9; i++) map.set(i, 'x');
    map.set(21, 'new');
    // 10 writes for 20 records: still layered; the 11th merges.
    expect(map.depth).toBe(2);
    map.set(22, 'new');
    expect(map.depth).toBe(1);
    expect([map.size, map.has(1), map.get(9), map.get(10), map.get(22)]).toEqual([
      21,
      false,
      'x',
      'v10',
      'new',
    ]);
    expect(sorted(map.keys())).toEqual([...Array(21).keys()].map((i) => i + 2));
    expect(contentOf(image)).toEqual(contentOf(filled(20).image()));
  });

  it('stays one plain map when imaged or restored empty', () => {
    const map = new LayeredMap<number, string>();
    const empty = map.image();
    map.set(1, 'one');
    expect([map.depth, empty.size, empty.has(1)]).toEqual([1, 0, false]);
    const one = map.image();
    map.delete(1);
    map.image();
    expect(map.depth).toBe(1);
    map.restore(one);
    expect(map.depth).toBe(2);
    map.restore(empty);
    expect([map.depth, map.size, one.get(1)]).toEqual([1, 0, 'one']);
  });

  it('empties without touching its images', () => {
    const map = filled(3);
    const image = map.image();
    map.clear();
    expect([map.size, [...map.keys()], map.depth]).toEqual([0, [], 1]);
    expect(image.size).toBe(3);
    map.restore(image);
    expect(map.get(3)).toBe('v3');
  });
});
