/**
 * A faulted request changes nothing (the service failed before acting), unless the rule says
 * `after: "commit"`: then the request is served and only its response is lost, the case that
 * breaks naive retry logic (a retried create makes a second customer).
 */
import { describe, expect, it } from 'vitest';
import type { FaultAction } from '../../src/index.js';
import { useEmulator } from '../helpers/emulator.js';
import { customerBody2021_11 } from '../helpers/factories.js';

const { store } = useEmulator();

/** POSTs a customer under the fault; resolves with the status, or the client's error. */
async function createUnder(action: FaultAction, after?: 'commit') {
  const shop = await store();
  await shop.control.addFault({
    match: { method: 'POST', path: '/customers' },
    action,
    after,
    when: { mode: 'next', n: 1 },
  });
  const outcome = await shop.api.post('/customers', customerBody2021_11()).then(
    async (reply) => reply.status,
    (error: unknown) => (error as Error).message,
  );
  const customers = (await shop.api.get('/customers')).body.customers as unknown[];
  const events = (await shop.api.get('/events', { query: { object_type: 'customer' } })).body
    .events as unknown[];
  return { ...shop, outcome, customers, events };
}

const faults: [string, FaultAction, number | string][] = [
  ['503', { type: 'status', status: 503 }, 503],
  ['429', { type: 'status', status: 429 }, 429],
  ['reset', { type: 'reset' }, 'fetch failed'],
  ['truncate', { type: 'truncate' }, 'terminated'],
];

describe('before the service acts (the default)', () => {
  it.each(faults)('%s leaves the store unchanged', async (_name, action, seen) => {
    const { outcome, customers, events } = await createUnder(action);
    expect(outcome).toBe(seen);
    expect(customers).toEqual([]);
    expect(events).toEqual([]);
  });

  it('records the body the client sent though the handler never ran', async () => {
    const { control } = await createUnder({ type: 'status', status: 503 });
    const [entry] = await control.requests({ method: 'POST' });
    expect(entry?.body).toMatchObject({ first_name: 'Ada' });
    expect(entry?.status).toBe(503);
  });
});

describe('after: "commit"', () => {
  it.each(faults)('%s loses the response but the customer exists', async (_name, action, seen) => {
    const { outcome, customers, events } = await createUnder(action, 'commit');
    expect(outcome).toBe(seen);
    expect(customers).toHaveLength(1);
    expect(events).toHaveLength(1);
  });

  it('so a client that retries blindly creates the customer twice', async () => {
    const { api, control } = await store();
    await control.addFault({
      match: { method: 'POST', path: '/customers' },
      action: { type: 'status', status: 503 },
      when: { mode: 'next', n: 1 },
      after: 'commit',
    });
    const first = await api.post('/customers', { email: 'a@example.com', first_name: 'A', last_name: 'B' });
    expect(first.status).toBe(503);
    const retry = await api.post('/customers', { email: 'b@example.com', first_name: 'A', last_name: 'B' });
    expect(retry.status).toBe(201);
    expect((await api.get('/customers')).body.customers).toHaveLength(2);
  });

  it('the journal keeps what the lost response would have said', async () => {
    const { control, customers } = await createUnder({ type: 'reset' }, 'commit');
    const [entry] = await control.requests({ method: 'POST' });
    expect(entry?.status).toBeNull();
    expect(entry?.response_body).toEqual({
      customer: expect.objectContaining({ id: (customers[0] as { id: number }).id }),
    });
    expect(entry?.fault).toEqual({ id: 1, action: 'resets the connection', after_commit: true });
  });

  it('a truncated response sends the real status and the start of the real body', async () => {
    const shop = await store();
    await shop.control.addFault({
      match: { method: 'POST', path: '/customers' },
      action: { type: 'truncate', bytes: 12 },
      after: 'commit',
    });
    const response = await fetch(`${shop.api.baseUrl}/customers`, {
      method: 'POST',
      headers: { 'X-Service-Access-Token': shop.token, 'Content-Type': 'application/json' },
      body: JSON.stringify(customerBody2021_11()),
    });
    expect(response.status).toBe(201);
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(new TextDecoder().decode(first?.value)).toBe('{"customer":');
    await expect(reader?.read()).rejects.toThrow('terminated');
  });

  it('a latency fault answers the committed request late', async () => {
    const { outcome, customers, control } = await createUnder({ type: 'latency', ms: 30 }, 'commit');
    expect(outcome).toBe(201);
    expect(customers).toHaveLength(1);
    const [entry] = await control.requests({ method: 'POST' });
    expect(entry?.duration_ms).toBeGreaterThanOrEqual(29);
  });
});
