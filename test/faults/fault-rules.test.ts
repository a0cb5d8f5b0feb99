/**
 * Fault rules through the control API: when they fire (always, next n, after n, probability with
 * a seed), what they match (method, path glob, version), which of several answers, and how they
 * are listed, counted, removed and validated.
 */
import { describe, expect, it } from 'vitest';
import type { FaultRuleInput } from '../../src/index.js';
import type { Api } from '../helpers/api.js';
import { useEmulator } from '../helpers/emulator.js';

const { emulator, store } = useEmulator();

const status503 = { type: 'status', status: 503 } as const;

/** Statuses of `count` GET /customers calls, one after the other. */
async function statuses(api: Api, count: number, path = '/customers'): Promise<number[]> {
  const result: number[] = [];
  for (let i = 0; i < count; i++) result.push((await api.get(path)).status);
  return result;
}

async function faulted(rule: Omit<FaultRuleInput, 'match'> & { match?: FaultRuleInput['match'] }) {
  const shop = await store();
  const added = await shop.control.addFault({ match: { path: '/customers' }, ...rule });
  return { ...shop, rule: added };
}

describe('when a rule fires', () => {
  it('always', async () => {
    const { api } = await faulted({ action: status503 });
    expect(await statuses(api, 3)).toEqual([503, 503, 503]);
  });

  it('for the next n matching requests', async () => {
    const { api, control } = await faulted({ action: status503, when: { mode: 'next', n: 2 } });
    expect(await statuses(api, 4)).toEqual([503, 503, 200, 200]);
    const [rule] = await control.listFaults();
    expect(rule).toMatchObject({ seen: 4, fired: 2 });
  });

  it('after n matching requests, and at most `times` of them', async () => {
    const { api } = await faulted({ action: status503, when: { mode: 'after', n: 2 } });
    expect(await statuses(api, 4)).toEqual([200, 200, 503, 503]);
    const limited = await faulted({ action: status503, when: { mode: 'after', n: 1, times: 2 } });
    expect(await statuses(limited.api, 5)).toEqual([200, 503, 503, 200, 200]);
  });

  it('with a probability drawn from a seeded generator: the same seed gives the same sequence', async () => {
    const when = { mode: 'probability', p: 0.5, seed: 7 } as const;
    const first = await faulted({ action: status503, when });
    const second = await faulted({ action: status503, when });
    const other = await faulted({ action: status503, when: { ...when, seed: 8 } });
    const a = await statuses(first.api, 24);
    expect(await statuses(second.api, 24)).toEqual(a);
    expect(await statuses(other.api, 24)).not.toEqual(a);
    const fired = a.filter((status) => status === 503).length;
    expect(fired).toBeGreaterThan(4);
    expect(fired).toBeLessThan(20);
    expect((await first.control.listFaults())[0]).toMatchObject({ seen: 24, fired });
  });

  it('with a probability and no seed: the rule shows the seed it drew, which replays the run', async () => {
    const { api, rule } = await faulted({ action: status503, when: { mode: 'probability', p: 0.3 } });
    expect(rule.when).toEqual({ mode: 'probability', p: 0.3, seed: expect.any(Number) });
    const replay = await faulted({ action: status503, when: rule.when });
    expect(await statuses(replay.api, 20)).toEqual(await statuses(api, 20));
  });

  it('p = 0 never fires and p = 1 always does', async () => {
    const never = await faulted({ action: status503, when: { mode: 'probability', p: 0 } });
    expect(await statuses(never.api, 5)).toEqual([200, 200, 200, 200, 200]);
    const always = await faulted({ action: status503, when: { mode: 'probability', p: 1, times: 2 } });
    expect(await statuses(always.api, 3)).toEqual([503, 503, 200]);
  });
});

describe('what a rule matches', () => {
  it('a method, a path glob with * for one segment, and an API version', async () => {
    const { api, control } = await store();
    await control.addFault({
      match: { method: 'POST', path: '/charges/*/process', version: '2021-01' },
      action: { type: 'status', status: 502 },
    });
    expect((await api.post('/charges/123/process', {}, { version: '2021-01' })).status).toBe(502);
    expect((await api.post('/charges/123/process', {}, { version: '2021-11' })).status).toBe(404);
    expect((await api.get('/charges/123/process', { version: '2021-01' })).status).toBe(405);
    expect((await api.post('/charges/123/skip', {}, { version: '2021-01' })).status).not.toBe(502);
  });

  it('a trailing ** for any depth; the store default version when the request names none', async () => {
    const { api, control } = await store({ version: '2021-01' });
    await control.addFault({ match: { path: '/customers/**', version: '2021-01' }, action: status503 });
    const unversioned = api.with({ version: undefined });
    expect((await unversioned.call('GET', '/customers/1/addresses', undefined, { version: '' })).status).toBe(
      503,
    );
    expect((await api.get('/customers')).status).toBe(503);
    expect((await api.get('/addresses')).status).not.toBe(503);
  });

  it('rules apply to their own store only', async () => {
    const faultedStore = await faulted({ action: status503 });
    const other = await store();
    expect((await faultedStore.api.get('/customers')).status).toBe(503);
    expect((await other.api.get('/customers')).status).toBe(200);
  });
});

it('every matching rule counts a request; the first that fires, in the order added, answers it', async () => {
  const { api, control } = await store();
  await control.addFault({
    match: { path: '/customers' },
    action: { type: 'status', status: 429 },
    when: { mode: 'next', n: 2 },
  });
  await control.addFault({ match: { path: '/customers' }, action: status503, when: { mode: 'next', n: 3 } });
  await control.addFault({
    match: { path: '/customers' },
    action: status503,
    when: { mode: 'after', n: 3, times: 1 },
  });
  // The third rule wants requests 4-7 but answers only once the second is spent: request 6.
  expect(await statuses(api, 7)).toEqual([429, 429, 503, 503, 503, 503, 200]);
  expect((await control.listFaults()).map(({ seen, fired }) => ({ seen, fired }))).toEqual([
    { seen: 7, fired: 2 },
    { seen: 7, fired: 3 },
    { seen: 7, fired: 1 },
  ]);
});

describe('the faults routes', () => {
  it('add (201), list with descriptions, remove one (204), remove all (204)', async () => {
    const { api, control, token } = await store();
    const reply = await fetch(`${emulator().url}/_emulator/faults`, {
      method: 'POST',
      headers: { 'X-Service-Access-Token': token, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        match: { method: 'POST', path: '/customers' },
        action: status503,
        when: { mode: 'next', n: 3 },
      }),
    });
    expect(reply.status).toBe(201);
    const { fault } = (await reply.json()) as { fault: { id: number } };
    expect(fault).toEqual({
      id: 1,
      match: { method: 'POST', path: '/customers' },
      action: status503,
      when: { mode: 'next', n: 3 },
      after: null,
      description: 'POST /customers: answers 503 on the next 3 matching requests',
      seen: 0,
      fired: 0,
    });
    const second = await control.addFault({
      match: { path: '/addresses/*' },
      action: { type: 'reset' },
      after: 'commit',
    });
    expect(second.description).toBe(
      'any method /addresses/*: resets the connection on every matching request, after the request is served (its changes stay)',
    );
    expect((await control.listFaults()).map((rule) => rule.id)).toEqual([1, 2]);
    await control.removeFault(1);
    expect((await control.listFaults()).map((rule) => rule.id)).toEqual([2]);
    await expect(control.removeFault(1)).rejects.toMatchObject({ status: 404 });
    await control.clearFaults();
    expect(await control.listFaults()).toEqual([]);
    expect((await api.get('/customers')).status).toBe(200);
    expect((await control.addFault({ match: { path: '/x' }, action: status503 })).id).toBe(3);
  });

  it('reset of the store removes its rules', async () => {
    const { api, control } = await faulted({ action: status503 });
    await control.reset();
    expect(await control.listFaults()).toEqual([]);
    expect((await api.get('/customers')).status).toBe(200);
  });

  it.each([
    [{}, { match: ['Missing data for required field.'], action: ['Missing data for required field.'] }],
    [{ match: { path: 'customers' }, action: status503 }, { match: { path: ['Must start with "/".'] } }],
    [
      { match: { path: '/a/**/b' }, action: status503 },
      { match: { path: ['"**" may only be the last segment.'] } },
    ],
    [{ match: { path: '/a*' }, action: status503 }, { match: { path: ['"*" must be a whole segment.'] } }],
    [
      { match: { path: '/a', method: 'PATCH' }, action: status503 },
      { match: { method: [expect.stringMatching(/^Must be one of/)] } },
    ],
    [{ match: { path: '/a' }, action: { type: 'explode' } }, { action: { type: [expect.any(String)] } }],
    [
      { match: { path: '/a' }, action: { type: 'status', status: 99 } },
      { action: { status: ['Must be greater than or equal to 200.'] } },
    ],
    [
      { match: { path: '/a' }, action: { type: 'latency' } },
      { action: ['Send either ms, or min_ms and max_ms.'] },
    ],
    [
      { match: { path: '/a' }, action: { type: 'latency', min_ms: 5, max_ms: 1 } },
      { action: { max_ms: ['Must not be less than min_ms.'] } },
    ],
    [
      { match: { path: '/a' }, action: status503, when: { mode: 'next' } },
      { when: { n: ['Missing data for required field.'] } },
    ],
    [
      { match: { path: '/a' }, action: status503, when: { mode: 'probability', p: 2 } },
      { when: { p: ['Must be less than or equal to 1.'] } },
    ],
    [{ match: { path: '/a' }, action: status503, after: 'response' }, { after: [expect.any(String)] }],
    [{ match: { path: '/a' }, action: status503, extra: 1 }, { _schema: ['Unknown field: extra.'] }],
  ])('refuses a bad rule with 422 naming the fields: %j', async (rule, errors) => {
    const { control } = await store();
    const failure = await control.request('POST', '/faults', rule).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 422, body: { errors } });
  });
});
