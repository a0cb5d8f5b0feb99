/**
 * The headers of every answer of the emulated API, as live answers of the real service show them
 * (api-facts: "Recorded real records"): the version that answered, the token's bucket as
 * used/size (counted whether or not the store enforces its limit) and Access-Control-Expose-Headers,
 * on successes, refusals and injected faults alike; with the neutral names and the real ones.
 */
import { describe, expect, it } from 'vitest';
import { createEmulator, type ApiVersion, type EmulatorOptions } from '../../src/index.js';
import { afterAll, beforeAll } from 'vitest';

const START = '2025-01-15T12:00:00Z';

interface Dialect {
  readonly name: string;
  readonly prefix: string;
  readonly options: EmulatorOptions;
}

const DIALECTS: readonly Dialect[] = [
  { name: 'neutral names', prefix: 'Service', options: {} },
  {
    name: '--platform-word shopify --header-prefix Recharge',
    prefix: 'Recharge',
    options: { platformWord: 'shopify', headerPrefix: 'Recharge' },
  },
];

describe.each(DIALECTS)('answer headers with $name', ({ prefix, options }) => {
  const holder: { emulator?: Awaited<ReturnType<typeof createEmulator>> } = {};
  beforeAll(async () => {
    holder.emulator = await createEmulator({ port: 0, logger: 'silent', ...options });
  });
  afterAll(() => holder.emulator?.close());
  const emulator = () => {
    if (!holder.emulator) throw new Error('emulator not started');
    return holder.emulator;
  };
  const names = {
    token: `X-${prefix}-Access-Token`,
    version: `X-${prefix}-Version`,
    limit: `X-${prefix}-Limit`,
  };
  const exposed = `link, x-request-id, x-${prefix.toLowerCase()}-limit, x-${prefix.toLowerCase()}-version`;
  // The service's own admin origin, from the header prefix; never `*` nor the caller's origin.
  const origin = `https://admin.${prefix.toLowerCase()}.com`;
  const type = 'application/json';

  /** A store whose bucket drains a call every 1,000 s, so counts cannot move while a test runs. */
  async function store(version: ApiVersion, rateLimit: Record<string, unknown> = {}) {
    const created = await emulator().control.createStore({
      settings: { default_api_version: version, rate_limit: { leak_per_second: 0.001, ...rateLimit } },
      clock: { now: START },
    });
    const call = (
      path: string,
      init: { method?: string; headers?: Record<string, string>; body?: string } = {},
    ) =>
      fetch(`${emulator().url}${path}`, {
        method: init.method ?? 'GET',
        headers: { [names.token]: created.token, ...init.headers },
        body: init.body,
      });
    return { created, call, control: emulator().control.forStore(created.token) };
  }

  const headersOf = (response: Response) => ({
    status: response.status,
    version: response.headers.get(names.version),
    limit: response.headers.get(names.limit),
    exposed: response.headers.get('Access-Control-Expose-Headers'),
    requestId: response.headers.get('X-Request-Id') !== null,
    origin: response.headers.get('Access-Control-Allow-Origin'),
    type: response.headers.get('Content-Type'),
  });

  it.each(['2021-01', '2021-11'] as const)(
    'a %s store: the version that answered, the bucket counted on every answer, errors included',
    async (version) => {
      const other = version === '2021-01' ? '2021-11' : '2021-01';
      const { call } = await store(version);
      const json = { 'Content-Type': 'application/json' };
      const answers = [
        await call('/customers'),
        await call('/customers', { headers: { [names.version]: other } }),
        await call('/customers/999999'),
        await call('/nowhere'),
        await call('/customers', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' }),
        await call('/customers', { headers: { [names.version]: '1999-01' } }),
        await call('/customers', { method: 'POST', headers: json, body: '{"email": "not an email"}' }),
        await call('/customers', { headers: { 'X-Emulator-Fault': '500' } }),
        await call('/customers', { headers: { 'X-Emulator-Fault': '503' } }),
      ];
      expect(answers.map(headersOf)).toEqual([
        { status: 200, version, limit: '1/40', exposed, requestId: true, origin, type },
        { status: 200, version: other, limit: '2/40', exposed, requestId: true, origin, type },
        { status: 404, version, limit: '3/40', exposed, requestId: true, origin, type },
        { status: 404, version, limit: '4/40', exposed, requestId: true, origin, type },
        { status: 415, version, limit: '5/40', exposed, requestId: true, origin, type },
        // A version the service does not have: refused in the store's default one.
        { status: 426, version, limit: '6/40', exposed, requestId: true, origin, type },
        { status: 422, version, limit: '7/40', exposed, requestId: true, origin, type },
        { status: 500, version, limit: '8/40', exposed, requestId: true, origin, type },
        { status: 503, version, limit: '9/40', exposed, requestId: true, origin, type },
      ]);
    },
  );

  it('a request without a valid token (401): the version asked for, else the default, and an untouched bucket', async () => {
    const anonymous = (headers: Record<string, string>) =>
      fetch(`${emulator().url}/customers`, { headers }).then(headersOf);
    const version = emulator().apiVersion;
    expect(await anonymous({})).toEqual({
      status: 401,
      version,
      limit: '0/40',
      exposed,
      requestId: true,
      origin,
      type,
    });
    expect(await anonymous({ [names.token]: 'nobody', [names.version]: '2021-01' })).toEqual({
      status: 401,
      version: '2021-01',
      limit: '0/40',
      exposed,
      requestId: true,
      origin,
      type,
    });
  });

  it('an enforced limit: 429 with a full bucket; a bucket that is not enforced never refuses', async () => {
    const limited = await store('2021-11', { enabled: true, size: 2 });
    await limited.call('/customers');
    await limited.call('/customers');
    expect(headersOf(await limited.call('/customers'))).toEqual({
      status: 429,
      version: '2021-11',
      limit: '2/2',
      exposed,
      requestId: true,
      origin,
      type,
    });
    const counted = await store('2021-11', { size: 2 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(headersOf(await counted.call('/customers')));
    expect(statuses.map((answer) => [answer.status, answer.limit])).toEqual([
      [200, '1/2'],
      [200, '2/2'],
      [200, '2/2'],
      [200, '2/2'],
    ]);
  });

  it('fault rules and an uninstalled service answer with the headers too', async () => {
    const { call, control } = await store('2021-01');
    await control.addFault({ match: { path: '/customers' }, action: { type: 'status', status: 502 } });
    const faulted = headersOf(await call('/customers'));
    expect(faulted).toEqual({
      status: 502,
      version: '2021-01',
      limit: '1/40',
      exposed,
      requestId: true,
      origin,
      type,
    });
    // A cut-short answer has sent its headers before the connection closes.
    const cut = await call('/addresses', { headers: { 'X-Emulator-Fault': 'truncate' } });
    expect(headersOf(cut)).toMatchObject({
      status: 200,
      version: '2021-01',
      limit: '2/40',
      exposed,
      origin,
      type,
    });
    await expect(cut.text()).rejects.toThrow();
    await control.uninstall({ target: 'service' });
    expect(headersOf(await call('/addresses'))).toEqual({
      status: 403,
      version: '2021-01',
      limit: '3/40',
      exposed,
      requestId: true,
      origin,
      type,
    });
  });
  it('a page of another origin gets the admin origin, never its own nor *; a preflight (no token) too', async () => {
    const { call } = await store('2021-11');
    const caller = 'http://localhost:5173';
    const read = await call('/customers', { headers: { Origin: caller } });
    expect(headersOf(read)).toMatchObject({ status: 200, origin, type });
    const preflight = await fetch(`${emulator().url}/customers`, {
      method: 'OPTIONS',
      headers: {
        Origin: caller,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': names.token.toLowerCase(),
      },
    });
    expect(headersOf(preflight)).toMatchObject({ status: 401, origin, type });
    expect(preflight.headers.get('Access-Control-Allow-Origin')).not.toBe(caller);
  });

  it('the control API answers JSON with the same exact type, and no CORS header (the dashboard is same-origin)', async () => {
    const { created } = await store('2021-11');
    const health = await fetch(`${emulator().url}/_emulator/health`);
    expect(health.headers.get('Content-Type')).toBe(type);
    const clock = await fetch(`${emulator().url}/_emulator/clock`, {
      headers: { [names.token]: created.token },
    });
    expect(clock.status).toBe(200);
    expect(clock.headers.get('Content-Type')).toBe(type);
    expect(clock.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const refused = await fetch(`${emulator().url}/_emulator/nowhere`);
    expect(refused.headers.get('Content-Type')).toBe(type);
  });
});
