import { describe, expect, it } from 'vitest';
import { recordBuilder, RecordShapes } from './record-shape.js';

describe('RecordShapes', () => {
  it('copies a record into a new object with the same fields in the same order, whatever their names', () => {
    const shapes = new RecordShapes();
    const odd = {
      id: 1,
      'a"b': 'quote',
      'c\\d': 'backslash',
      'e\u2028f': 'separator',
      constructor: 'c',
      '0': 'zero',
    };
    const copy = shapes.copy(odd);
    expect(copy).not.toBe(odd);
    expect(copy).toEqual(odd);
    expect(Object.keys(copy)).toEqual(Object.keys(odd));
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
  });

  it('keeps a __proto__ field a field, never the prototype', () => {
    const shapes = new RecordShapes();
    const row = JSON.parse('{"id": 1, "__proto__": {"polluted": true}}') as Record<string, unknown>;
    const copy = shapes.copy(row);
    expect(Object.keys(copy)).toEqual(['id', '__proto__']);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect((copy as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('copies records of several shapes in turn, and nested values by reference', () => {
    const shapes = new RecordShapes();
    const nested = { deep: [1, 2] };
    const rows = [
      { id: 1, name: 'a', nested },
      { id: 2, name: 'b', extra: null },
      { name: 'c', id: 3 },
      { id: 4, name: 'd', nested },
      {},
    ];
    for (let round = 0; round < 3; round++)
      for (const row of rows) {
        const copy = shapes.copy(row);
        expect(copy).toEqual(row);
        expect(Object.keys(copy)).toEqual(Object.keys(row));
      }
    expect(shapes.copy(rows[0] as { nested: object }).nested).toBe(nested);
  });

  it('builds records from arrays of values, a __proto__ name as a field', () => {
    const keys = ['id', 'a"b', '__proto__'];
    const build = recordBuilder(keys);
    expect(recordBuilder(keys)).toBe(build);
    const record = build([1, 'quote', { polluted: true }]);
    expect(Object.keys(record)).toEqual(keys);
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect((record as { polluted?: boolean }).polluted).toBeUndefined();
    expect(recordBuilder(['id', 'name'])([2, 'b'])).toEqual({ id: 2, name: 'b' });
  });
});
