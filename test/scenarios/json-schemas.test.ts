/**
 * The published JSON Schemas of scenario and fixture files (for editors: `# yaml-language-server:
 * $schema=...`) are generated from the zod schemas the emulator parses the files with, so they
 * cannot drift: this test fails when a committed file says something else. After changing a
 * schema, regenerate them with `UPDATE_SCHEMAS=1 npx vitest run test/scenarios/json-schemas.test.ts`
 * (then `npx prettier --write .`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { fixtureSchema } from '../../src/fixtures/fixture.schema.js';
import { scenarioSchema } from '../../src/scenarios/scenario.schema.js';

const FILES = [
  { file: 'scenarios/scenario.schema.json', schema: scenarioSchema, title: 'billing-emulator scenario' },
  { file: 'fixtures/fixture.schema.json', schema: fixtureSchema, title: 'billing-emulator fixture' },
] as const;

function generated(schema: z.ZodType, title: string): unknown {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' });
  return { ...json, title };
}

describe('published JSON Schemas', () => {
  it.each(FILES)('$file matches the zod schema', ({ file, schema, title }) => {
    const url = new URL(`../../${file}`, import.meta.url);
    const expected = generated(schema, title);
    if (process.env.UPDATE_SCHEMAS) writeFileSync(url, `${JSON.stringify(expected, null, 2)}\n`);
    expect(JSON.parse(readFileSync(url, 'utf8'))).toEqual(expected);
  });
});
