/**
 * Bad input never gives a 500 on the control API either: every `/_emulator` route gets hostile
 * bodies (built from the fields its own body schema names, several at once and one at a time), ids
 * and query values, and must answer with a 4xx and an error body, or a success.
 */
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { controlEndpoints } from '../../src/control/control.router.js';
import { Random } from '../../src/platform/random.js';
import { useEmulator } from '../helpers/emulator.js';
import { createCustomerWithAddress } from '../helpers/factories.js';
import { PROTO_KEYS, PROTO_OBJECT } from '../helpers/hostile.js';

const { store } = useEmulator();

const NASTY_VALUES: unknown[] = [
  null,
  true,
  -1,
  0,
  1e308,
  1e9,
  '',
  'x'.repeat(5000),
  '2025-13-45',
  '9999-12-31T23:59:59Z',
  '../../etc/passwd',
  '**/[',
  [],
  [null],
  {},
  { $gt: '' },
  { days: 1e12 },
  { nested: { deeper: [1, { a: null }] } },
  'constructor',
  PROTO_OBJECT,
];

/** Fields every body may carry, beyond those its schema names (nested settings, fault parts). */
const COMMON_FIELDS = [
  'settings',
  'clock',
  'days',
  'to',
  'until',
  'match',
  'action',
  'when',
  'kind',
  'store',
  // Keys named like Object.prototype members are fields like any other.
  ...PROTO_KEYS,
];

function fieldsOf(schema: z.ZodType | undefined): string[] {
  const own = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  return [...new Set([...own, ...COMMON_FIELDS])];
}

function nastyBody(random: Random, fields: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    if (random.next() < 0.6) body[field] = NASTY_VALUES[random.int(0, NASTY_VALUES.length - 1)];
  }
  return body;
}

const QUERIES: Record<string, string>[] = [
  {},
  { limit: '-5' },
  { limit: '1e9' },
  { status: 'nope' },
  { topic: '' },
  { webhook_id: 'abc' },
  { since: '31/12/2020' },
  { method: '%' },
  { path: '[' },
  { customer_id: 'x' },
  ...PROTO_KEYS.map((key) => ({ [key]: '1' })),
];

/** Routes whose success would end the test's own store or process: given only foreign ids. */
const DESTRUCTIVE = new Set(['DELETE /stores/:id']);

describe('no input produces a 500 on the control API', () => {
  it('answers every control route with a 4xx or a success for hostile input', async () => {
    const s = await store({ settings: { retention_enabled: true } });
    const { customerId } = await createCustomerWithAddress(s.api);
    const random = new Random(2026);
    const ids = ['0', '-1', 'abc', '99999999999999999999', '%E0%A4%A', String(customerId)];
    let answered = 0;
    for (const endpoint of controlEndpoints) {
      const key = `${endpoint.method} ${endpoint.path}`;
      // A stream stays open (test/dashboard/stream.test.ts covers its bad input).
      if (endpoint.endless) continue;
      for (const id of DESTRUCTIVE.has(key) ? ids.slice(0, 5) : ids) {
        const path = `/_emulator${endpoint.path.replace(/:\w+/g, id)}`;
        for (let attempt = 0; attempt < 4; attempt++) {
          const query = QUERIES[random.int(0, QUERIES.length - 1)];
          const body =
            endpoint.method === 'GET' || endpoint.method === 'DELETE'
              ? undefined
              : nastyBody(random, fieldsOf(endpoint.body?.()));
          const reply = await s.api.call(endpoint.method, path, body, { query });
          const what = `${endpoint.method} ${path} ${JSON.stringify(query)} ${JSON.stringify(body)}`;
          expect(reply.status < 500, `${reply.status} ${what}`.slice(0, 500)).toBe(true);
          if (reply.status >= 400) {
            const keys = Object.keys(reply.body ?? {});
            expect(
              keys.some((k) => k === 'error' || k === 'errors'),
              what.slice(0, 300),
            ).toBe(true);
          }
          answered += 1;
        }
      }
    }
    // One field at a time, with every hostile value: what a whole-body 422 would hide.
    for (const endpoint of controlEndpoints) {
      if (endpoint.method === 'GET' || endpoint.method === 'DELETE') continue;
      const path = `/_emulator${endpoint.path.replace(/:\w+/g, String(customerId))}`;
      for (const field of fieldsOf(endpoint.body?.())) {
        // Keys named like prototype members get a few values: what matters is the key itself.
        const proto = (PROTO_KEYS as readonly string[]).includes(field);
        for (const value of proto ? [null, 'constructor', PROTO_OBJECT] : NASTY_VALUES) {
          const reply = await s.api.call(endpoint.method, path, { [field]: value });
          const what = `${endpoint.method} ${path} ${JSON.stringify({ [field]: value })}`;
          expect(reply.status < 500, `${reply.status} ${what}`.slice(0, 300)).toBe(true);
          answered += 1;
        }
      }
    }
    expect(answered).toBeGreaterThan(2000);
    // The store is still there and still serves its API.
    expect((await s.control.clock()).now).toBeDefined();
    // Thousands of requests: ~8 s alone, several times that on a loaded machine.
  }, 120_000);
});
