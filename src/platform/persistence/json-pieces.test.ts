import { describe, expect, it } from 'vitest';
import { jsonPieces } from './json-pieces.js';

describe('jsonPieces', () => {
  it('writes what JSON.stringify writes, one record a line from the inline depth', () => {
    const doc = {
      format: 1,
      skipped: undefined,
      stores: [
        {
          id: 1,
          tags: ['a', 'b'],
          empty: [],
          nothing: {},
          at: new Date(Date.UTC(2030, 0, 1)),
          collections: {
            customers: [{ id: 1, name: 'Ada "A"', nested: { deep: [1, { x: null }] } }, { id: 2 }],
          },
        },
      ],
    };
    const text = [...jsonPieces(doc, { inlineDepth: 4 })].join('');
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(doc)));
    expect(text.split('\n')).toContain(
      '          {"id":1,"name":"Ada \\"A\\"","nested":{"deep":[1,{"x":null}]}},',
    );
    expect(text).toContain('"tags": ["a","b"]');
  });

  it('writes null for array elements that have no JSON form, like JSON.stringify', () => {
    const doc = { list: [{ a: 1 }, undefined, () => 1] };
    expect(JSON.parse([...jsonPieces(doc)].join(''))).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
