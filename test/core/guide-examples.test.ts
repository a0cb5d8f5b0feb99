/**
 * Guides print examples that run with the suite: the printed copy must be the example file (from
 * its first import), the import path aside.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');

it('docs/real-service-clients.md prints test/examples/real-service-client.test.ts as it runs', () => {
  const example = read('../examples/real-service-client.test.ts');
  const code = example
    .slice(example.search(/^import /m))
    .replace("'../../src/index.js'", "'billing-emulator'");
  const guide = read('../../docs/real-service-clients.md');
  const blocks = [...guide.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1]);
  expect(blocks).toContain(code);
});
