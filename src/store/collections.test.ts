/**
 * Every index of a store's collections names the fields its key reads (`IndexSpec.fields`): an
 * update that leaves them alone skips the index (decision 0055), so a field missing from the list
 * would leave the index stale. The lists are checked against the key functions' own text.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const source = readFileSync(new URL('./collections.ts', import.meta.url), 'utf8');

/** `key: (c) => <body>, fields: [<names>]` as written in collections.ts, one per index. */
const specs = [...source.matchAll(/key: \((\w+)\) => ([\s\S]*?),\s*fields: \[([^\]]*)\]/g)].map((m) => ({
  param: m[1] as string,
  body: m[2] as string,
  fields: [...(m[3] as string).matchAll(/'(\w+)'/g)].map((f) => f[1]),
}));

describe('store collections', () => {
  it('declares the fields of every index key', () => {
    expect(specs.length).toBeGreaterThan(30);
    expect(specs.length).toBe(source.match(/\bkey: /g)?.length);
  });

  it('lists exactly the fields each key reads, and the key reads its record only through them', () => {
    for (const { param, body, fields } of specs) {
      const read = [
        ...new Set([...body.matchAll(new RegExp(`\\b${param}\\??\\.(\\w+)`, 'g'))].map((m) => m[1])),
      ];
      expect({ body, fields }).toEqual({ body, fields: read });
      // The record itself is never handed on whole (a function of it could read any field).
      const bare = body.replace(new RegExp(`\\b${param}\\??\\.\\w+`, 'g'), '');
      expect(bare).not.toMatch(new RegExp(`\\b${param}\\b`));
    }
  });
});
