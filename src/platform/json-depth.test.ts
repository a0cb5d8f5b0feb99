import { describe, expect, it } from 'vitest';
import { JsonDepth, nestedDeeperThan, spansMoreThan, valueDeeperThan } from './json-depth.js';

/** The depth scan as it was, a character at a time: the reference the faster one must agree with. */
function referenceDepths(text: string): number[] {
  const depths: number[] = [];
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (const c of text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') depth += 1;
    else if (c === '}' || c === ']') depth -= 1;
    depths.push(depth);
  }
  return depths;
}

const TEXTS = [
  '{"a":[1,{"b":"[[[{{{"}],"c":"\\\\"}',
  '{"a":"\\"[[[","b":[[["\\\\\\"]]]"]]]}',
  '["\\\\\\\\",["\\u005b[",{"k\\"":"v"}]]',
  '"\\',
  '\\[[\\"[',
  '{"a":"é[ü\\"]","b":[{}]}',
];

describe('JsonDepth', () => {
  it('agrees with a scan a character at a time, however the text is cut', () => {
    for (const text of TEXTS) {
      const deepest = Math.max(0, ...referenceDepths(text));
      for (let max = 0; max <= deepest; max++) {
        for (let cut = 0; cut <= text.length; cut++) {
          for (let cut2 = cut; cut2 <= text.length; cut2 += 3) {
            const depth = new JsonDepth(max);
            const seen = [text.slice(0, cut), text.slice(cut, cut2), text.slice(cut2)].map((part) =>
              depth.push(part),
            );
            expect(seen.some(Boolean), `${text} cut at ${cut}, ${cut2}, max ${max}`).toBe(deepest > max);
          }
        }
      }
    }
  });

  it('follows a string and its escapes across pieces', () => {
    const depth = new JsonDepth(1);
    expect(depth.push('{"a":"x\\')).toBe(false);
    // The quote is escaped: the bracket after it is still text.
    expect(depth.push('"[')).toBe(false);
    expect(depth.push('"')).toBe(false);
    expect(depth.push(',"b":[')).toBe(true);
  });

  it('nestedDeeperThan counts levels outside strings', () => {
    expect(nestedDeeperThan('{"a":[[1]]}', 2)).toBe(true);
    expect(nestedDeeperThan('{"a":"[[["}', 1)).toBe(false);
  });

  it('valueDeeperThan counts levels of a parsed value, without recursion', () => {
    expect(valueDeeperThan({ a: [[1]] }, 2)).toBe(true);
    expect(valueDeeperThan({ a: [[1]] }, 3)).toBe(false);
    expect(valueDeeperThan('[[[', 0)).toBe(false);
    // Deeper than the stack would allow a recursive walk.
    let deep: unknown = [];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(valueDeeperThan(deep, 80)).toBe(true);
  });

  it('spansMoreThan agrees with the text scan on parsed values, and never recurses past its bound', () => {
    for (const text of [
      '[1,{"a":[]}]',
      '{"a":{"b":{"c":[[{}]]}},"d":[1,"[[["]}',
      '[[],[[]],{}]',
      '{"__proto__":[[1]]}',
    ]) {
      const deepest = Math.max(...referenceDepths(text));
      for (let levels = 0; levels <= deepest + 1; levels++)
        expect(spansMoreThan(JSON.parse(text) as object, levels), `${text} within ${levels}`).toBe(
          deepest > levels,
        );
    }
    let deep: unknown = [];
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(spansMoreThan(deep as object, 80)).toBe(true);
  });
});
