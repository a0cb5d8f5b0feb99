/**
 * A seeded fuzz run over every endpoint of the API (both versions) and of the control API: hostile
 * ids, query parameters (keys named like Object.prototype members among them), bodies built from the
 * fields each endpoint's zod schemas name, raw bodies that are not JSON objects (too deep, not
 * UTF-8, arrays, scalars). No response may be >= 500, but the 501 of an endpoint of the other API
 * version (issue 14). FUZZ_REQUESTS sets the count (default 10,000: the run, in every
 * npm test) and FUZZ_SEED the seed.
 */
import { describe, expect, it, vi } from 'vitest';
import { controlEndpoints } from '../../src/control/control.router.js';
import type { HttpMethod } from '../../src/http/types.js';
import { Random } from '../../src/platform/random.js';
import { endpoints } from '../../src/resources/index.js';
import { API_VERSIONS } from '../../src/model/versions.js';
import { useEmulator } from '../helpers/emulator.js';
import { hostileShop } from '../helpers/hostile-shop.js';
import {
  bodyWith,
  fieldPaths,
  fieldsOf,
  NASTY_VALUES,
  PROTO_KEYS,
  PROTO_OBJECT,
  type FieldPath,
} from '../helpers/hostile.js';

vi.mock('../../src/errors/validation.js', async (original) =>
  (await import('../helpers/hostile.js')).recordingValidation(await original()),
);

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 14);
/** Requests between two restores of the seeded store (a hostile request may empty or uninstall it). */
const ROUND = 500;

const { emulator } = useEmulator();

interface Target {
  readonly method: HttpMethod;
  /** Path with `:params`, under `/_emulator` for control routes. */
  readonly path: string;
  /** API versions that serve it (the others answer 501); undefined for control routes. */
  versions?: string[];
  fields: FieldPath[];
}

const HOSTILE_IDS = ['0', '-1', 'abc', '99999999999999999999', '%E0%A4%A', 'constructor', '__proto__'];
const QUERY_NAMES = [
  'limit',
  'page',
  'cursor',
  'page_info',
  'ids',
  'sort_by',
  'include',
  'status',
  'customer_id',
  'created_at_min',
  'updated_at_max',
  'owner_resource',
  'email',
  'since',
  'method',
  'path',
  ...PROTO_KEYS,
];
const QUERY_VALUES = [
  '',
  '-5',
  '1e9',
  ',,,',
  'id-desc',
  '__proto__-asc',
  '31/12/2020',
  '[',
  '%',
  'x'.repeat(300),
];
const RAW_BODIES: (string | Buffer)[] = [
  '',
  'null',
  '[]',
  '"text"',
  '{',
  '{"a":1}}',
  `{"a":${'['.repeat(100)}${']'.repeat(100)}}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  Buffer.concat([Buffer.from('{"email":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]),
  '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
];

function pick<T>(random: Random, items: readonly T[]): T {
  return items[random.int(0, items.length - 1)] as T;
}

/** An existing id per path parameter (from the store's lists), or a hostile one. */
function bodyFor(random: Random, target: Target): string | Buffer | undefined {
  const roll = random.next();
  if (roll < 0.1) return pick(random, RAW_BODIES);
  let body: Record<string, unknown>;
  const fields: FieldPath[] = target.fields.length ? target.fields : PROTO_KEYS.map((key) => [key]);
  if (roll < 0.5) {
    body = bodyWith(pick(random, fields), pick(random, NASTY_VALUES));
  } else {
    // No prototype: `__proto__` is a key like any other in it.
    body = Object.create(null) as Record<string, unknown>;
    for (const field of fields) {
      const [first] = field;
      if (field.length === 1 && typeof first === 'string' && random.next() < 0.5)
        body[first] = pick(random, NASTY_VALUES);
    }
    if (random.next() < 0.2) body[pick(random, PROTO_KEYS)] = PROTO_OBJECT;
  }
  return JSON.stringify(body);
}

describe('a seeded fuzz run of hostile requests over every endpoint', () => {
  it(`answers ${REQUESTS} hostile requests with no 5xx but the 501 of the other version`, async () => {
    const { token, api, ids } = await hostileShop(emulator().control, emulator().url);
    const control = emulator().control.forStore(token);
    const fill = (path: string, random: Random) =>
      path.replace(/:(\w+)/g, (_match, name: string) => {
        const known =
          name === 'id' || name === 'batch_id' ? ids.get(path.split('/')[1] ?? '') : ids.get(name);
        return known !== undefined && random.next() < 0.7 ? known : pick(random, HOSTILE_IDS);
      });

    const targets: Target[] = [];
    for (const endpoint of endpoints) {
      const fields = new Map<string, FieldPath>();
      if (endpoint.method !== 'GET') {
        for (const version of endpoint.versions ?? API_VERSIONS) {
          const path = fill(endpoint.path, new Random(0));
          for (const field of await fieldsOf(() => api.call(endpoint.method, path, {}, { version })))
            fields.set(JSON.stringify(field), field);
        }
      }
      const existing = targets.find((t) => t.method === endpoint.method && t.path === endpoint.path);
      if (existing) {
        existing.fields.push(...fields.values());
        if (existing.versions && endpoint.versions) existing.versions.push(...endpoint.versions);
      } else {
        targets.push({
          method: endpoint.method,
          path: endpoint.path,
          versions: endpoint.versions ? [...endpoint.versions] : undefined,
          fields: [...fields.values()],
        });
      }
    }
    for (const endpoint of controlEndpoints) {
      // A stream stays open (test/dashboard/stream.test.ts covers its bad input).
      if (endpoint.endless) continue;
      targets.push({
        method: endpoint.method,
        path: `/_emulator${endpoint.path}`,
        fields: endpoint.body ? fieldPaths(endpoint.body()) : [],
      });
    }
    await control.saveSnapshot('fuzz-seed');

    const random = new Random(SEED);
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    for (let i = 0; i < REQUESTS; i++) {
      if (i > 0 && i % ROUND === 0) {
        await api.call('POST', '/_emulator/reinstall', {});
        await control.restoreNamedSnapshot('fuzz-seed');
      }
      const target = pick(random, targets);
      const url = new URL(fill(target.path, random), emulator().url);
      for (let q = random.int(0, 3); q > 0; q--)
        url.searchParams.set(pick(random, QUERY_NAMES), pick(random, QUERY_VALUES));
      const version = random.next() < 0.02 ? '1999-01' : pick(random, API_VERSIONS);
      const headers: Record<string, string> = {
        'X-Service-Access-Token': token,
        'X-Service-Version': version,
      };
      if (random.next() < 0.05)
        headers[pick(random, PROTO_KEYS).replace(/_/g, 'x')] = pick(random, QUERY_VALUES);
      const body = target.method === 'GET' ? undefined : bodyFor(random, target);
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const response = await fetch(url, { method: target.method, headers, body });
      const text = await response.text();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      const otherVersion =
        response.status === 501 && target.versions !== undefined && !target.versions.includes(version);
      if (response.status >= 500 && !otherVersion) {
        const shown = typeof body === 'string' ? body.slice(0, 200) : String(body?.length ?? '');
        failures.push(
          `#${i} ${response.status} ${version} ${target.method} ${url.pathname}${url.search} ${shown} → ${text.slice(0, 200)}`,
        );
      }
    }
    if (process.env.FUZZ_REPORT) console.log(JSON.stringify(Object.fromEntries(statuses)));
    expect(failures.slice(0, 20)).toEqual([]);
    // The run reached the handlers, not only the edges.
    expect([...statuses.keys()].some((status) => status < 300)).toBe(true);
    expect(statuses.get(422) ?? 0).toBeGreaterThan(REQUESTS / 10);
  }, 600_000);
});
