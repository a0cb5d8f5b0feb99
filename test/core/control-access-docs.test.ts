/**
 * docs/control-api.md says which control routes a store's token may call on a shared instance: its
 * table is what `npm run docs:control-access` makes of the control endpoint table today.
 */
import { readFile } from 'node:fs/promises';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { controlAccessMarkdown, withAccessTable } from '../../src/control/access-docs.js';
import { controlEndpoints } from '../../src/control/control.router.js';
import type { ControlEndpoint } from '../../src/control/control.types.js';

const FILE = new URL('../../docs/control-api.md', import.meta.url).pathname;

async function regenerated(page: string, endpoints: readonly ControlEndpoint[]): Promise<string> {
  const options = { ...(await resolveConfig(FILE)), filepath: FILE };
  return format(withAccessTable(page, controlAccessMarkdown(endpoints)), options);
}

describe('docs/control-api.md, who may call what', () => {
  it('is the table the control routes make today (run npm run docs:control-access after changing one)', async () => {
    const page = await readFile(FILE, 'utf8');
    expect(page).toBe(await regenerated(page, controlEndpoints));
  });

  it('names every control route once', async () => {
    const page = await readFile(FILE, 'utf8');
    const table = page.slice(page.indexOf('<!-- access-table'), page.indexOf('<!-- access-table: end'));
    for (const endpoint of controlEndpoints) {
      const route = `\`${endpoint.method} /_emulator${endpoint.path.replace(/:(\w+)/g, '{$1}')}\``;
      expect(table.split(route).length - 1, route).toBe(1);
    }
  });

  it('would differ if a route changed its access', async () => {
    const page = await readFile(FILE, 'utf8');
    const changed = controlEndpoints.map((endpoint) =>
      endpoint.path === '/clock' ? { ...endpoint, access: 'admin' as const } : endpoint,
    );
    expect(await regenerated(page, changed)).not.toBe(page);
  });
});
