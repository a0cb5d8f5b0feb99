/**
 * docs/records.md is generated from the record tables (`npm run docs:records`): it must be exactly
 * what the generator makes of them today, with a row for the fields users ask about.
 */
import { readFile } from 'node:fs/promises';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { kindText, recordsMarkdown } from '../../src/resources/shapes/docs.js';
import { arrayOf, bit, object, orNull, string, values } from '../../src/resources/shapes/kinds.js';

const FILE = new URL('../../docs/records.md', import.meta.url).pathname;

async function generated(): Promise<string> {
  return format(recordsMarkdown(), { ...(await resolveConfig(FILE)), filepath: FILE });
}

describe('docs/records.md', () => {
  it('is what `npm run docs:records` generates from the record tables (run it after changing one)', async () => {
    expect(await readFile(FILE, 'utf8')).toBe(await generated());
  });

  it('gives each field its kind per version and its source', async () => {
    const page = await readFile(FILE, 'utf8');
    const row = (field: string) => page.split('\n').find((line) => line.startsWith(`| \`${field}\` `));
    expect(row('has_queued_charges')).toMatch(
      /^\| `has_queued_charges` +\| `0` or `1` +\| boolean +\| recorded \(2021-01\), facts \(2021-11\) +\|$/,
    );
    expect(row('merged_at')).toMatch(/^\| `merged_at` +\| — +\| timestamp or null +\| recorded +\|$/);
  });

  it('writes kinds in words', () => {
    expect(kindText(orNull(string))).toBe('string or null');
    expect(kindText(bit)).toBe('`0` or `1`');
    expect(kindText(values('active'))).toBe('`"active"`');
    expect(kindText(arrayOf(object({ a: string })))).toBe('array of objects');
    expect(kindText(object({}))).toBe('`{}`');
  });
});
