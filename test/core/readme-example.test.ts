/**
 * The README's fault-injection example is test/examples/retrying-client.test.ts, which runs with
 * the suite: the printed copy must be that file (from its first import), the import path aside.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

it('README prints test/examples/retrying-client.test.ts as it runs', () => {
  const example = read('../examples/retrying-client.test.ts');
  const code = example
    .slice(example.search(/^import /m))
    .replace("'../../src/index.js'", "'billing-emulator'");
  const readme = read('../../README.md');
  const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]);
  expect(blocks).toContain(code);
});
