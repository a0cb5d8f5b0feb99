/**
 * A clone stays within the service's rate limit and rides out failures. The upstream is an
 * emulator with the 40-deep, 2-a-second bucket switched on (a store setting) and 1,000 customers.
 * Time is driven, not slept: the clone's `wait` moves an offset that the upstream's wall clock
 * (`Date.now`, which its bucket drains by) is read through, so each wait drains the bucket as the
 * same real time would.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';
import { cloneStore } from '../../src/clone/clone.js';
import { ControlError } from '../../src/client/client.js';

let upstream: Emulator;
let target: Emulator;
let offset = 0;
const realNow = Date.now.bind(Date);

/** The clone's wait: time passes for the upstream, not for the test. */
const wait = (ms: number): Promise<void> => {
  offset += ms;
  return Promise.resolve();
};

beforeAll(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'clone-traffic-'));
  const scenario = join(dir, 'thousand.yaml');
  await writeFile(
    scenario,
    [
      'description: 1,000 customers behind the service rate limit',
      'clock: { now: 2025-01-15T12:00:00Z }',
      'settings: { rate_limit: { enabled: true, size: 40, leak_per_second: 2 } }',
      'fixture:',
      '  generate: { seed: 7, products: 3, plans_per_product: 1, customers: 1000, failing_payment_share: 0.1 }',
    ].join('\n'),
  );
  upstream = await createEmulator({ port: 0, logger: 'silent', scenario });
  target = await createEmulator({ port: 0, logger: 'silent' });
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + offset);
}, 60_000);

afterEach(async () => {
  await upstream.control.clearFaults();
});

afterAll(async () => {
  vi.restoreAllMocks();
  await upstream?.close();
  await target?.close();
});

describe('cloning within the rate limit', () => {
  it('clones 1,000 customers from a 40/2 s bucket without a 429 surfacing, waiting as the bucket fills', async () => {
    const started = Date.now();
    // 50 a page: about 110 calls, nearly three bucketfuls.
    const { summary } = await cloneStore({
      baseUrl: upstream.url,
      token: upstream.token,
      pageSize: 50,
      wait,
    });
    expect(summary.counts).toMatchObject({ customers: 1000, addresses: 1000, subscriptions: 1000 });
    expect(summary.requests).toBeGreaterThan(100);
    expect(summary.rate_limit_waits).toBeGreaterThan(0);
    expect(summary.too_many_requests).toBe(0);
    // What the bucket allows: 40 at once, then 2 a second (of waits and of the real time it took).
    expect(Date.now() - started).toBeGreaterThanOrEqual(((summary.requests - 40) / 2) * 1000 - 1000);
  });

  it('waits on a 429 and tries the call again', async () => {
    await upstream.control.addFault({
      match: { path: '/customers' },
      action: { type: 'status', status: 429 },
      when: { mode: 'next', n: 2 },
    });
    const { summary } = await cloneStore({
      baseUrl: upstream.url,
      token: upstream.token,
      only: ['customers'],
      wait,
    });
    expect(summary.counts.customers).toBe(1000);
    expect(summary.too_many_requests).toBe(2);
  });
});

describe('cloning from an upstream that fails', () => {
  it('tries 503s and dropped connections again and completes', async () => {
    await upstream.control.addFault({
      match: { path: '/**' },
      action: { type: 'status', status: 503 },
      when: { mode: 'probability', p: 0.2, seed: 3 },
    });
    await upstream.control.addFault({
      match: { path: '/subscriptions' },
      action: { type: 'reset' },
      when: { mode: 'next', n: 1 },
    });
    const { summary } = await cloneStore({ baseUrl: upstream.url, token: upstream.token, wait });
    expect(summary.retries).toBeGreaterThan(2);
    expect(summary.counts).toMatchObject({ customers: 1000, subscriptions: 1000 });
  });

  it('stops with the reason when the upstream keeps failing', async () => {
    await upstream.control.addFault({ match: { path: '/charges' }, action: { type: 'status', status: 503 } });
    const attempt = cloneStore({ baseUrl: upstream.url, token: upstream.token, wait });
    await expect(attempt).rejects.toThrow(
      /^GET \/charges\?limit=250 answered 503 5 times in a row: \{"error":".+"\}; stopped\.$/,
    );
  });

  it('leaves no store behind when a clone through the control API fails', async () => {
    const before = (await target.control.listStores()).length;
    const attempt = target.control.createStore({ clone: { from: upstream.url, token: 'not-a-token' } });
    const error = (await attempt.catch((e: unknown) => e)) as ControlError;
    expect(error).toBeInstanceOf(ControlError);
    expect(error.status).toBe(502);
    expect(error.body).toEqual({ error: expect.stringMatching(/^The upstream refused the token \(401\)/) });
    expect(await target.control.listStores()).toHaveLength(before);
  });
});
