/**
 * docs/endpoints.md is generated from the endpoint table (`npm run docs:endpoints`): it must be
 * exactly what the generator makes of the routes today, and list every one of them.
 */
import { readFile } from 'node:fs/promises';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { endpointTableMarkdown, gateText, specPath } from '../../src/http/endpoint-docs.js';
import type { Endpoint } from '../../src/http/types.js';
import { endpoints } from '../../src/resources/index.js';

const FILE = new URL('../../docs/endpoints.md', import.meta.url).pathname;

async function generated(table: readonly Endpoint[]): Promise<string> {
  return format(endpointTableMarkdown(table), { ...(await resolveConfig(FILE)), filepath: FILE });
}

describe('docs/endpoints.md', () => {
  it('is what `npm run docs:endpoints` generates from the routes (run it after changing a route)', async () => {
    expect(await readFile(FILE, 'utf8')).toBe(await generated(endpoints));
  });

  it('has a row for every endpoint with its versions, scope and gate', async () => {
    const page = await readFile(FILE, 'utf8');
    const rows = page.split('\n').filter((line) => /^\| (GET|POST|PUT|PATCH|DELETE) /.test(line));
    expect(rows).toHaveLength(endpoints.length);
    const checkout = rows.find((row) => row.includes('`/checkouts/{token}/charge`'));
    expect(checkout).toMatch(
      /\| POST +\| `\/checkouts\/\{token\}\/charge` +\| +✓ +\| +✓ +\| `write_orders` +\|/,
    );
    expect(checkout).toContain('platforms `platform_a`, `custom` (406 elsewhere)');
  });

  it('would differ from the committed page if a route changed', async () => {
    const [first, ...rest] = endpoints;
    if (!first) throw new Error('no endpoints');
    const changed: Endpoint[] = [{ ...first, versions: ['2021-11'], gate: { plan: 'pro' } }, ...rest];
    expect(await generated(changed)).not.toBe(await generated(endpoints));
    expect(await generated(rest)).not.toBe(await generated(endpoints));
  });

  it('writes paths and gates as the spec does', () => {
    expect(specPath('/customers/:id/addresses')).toBe('/customers/{id}/addresses');
    expect(gateText({ plan: 'pro', retention: true })).toBe(
      'Pro plan (403 on `standard`); retention product (403 without `retention_enabled`)',
    );
    expect(gateText(undefined)).toBe('');
  });
});
