/**
 * `X-Emulator-Fault`, for tests that cannot reach the control API: one step, or a comma list
 * consumed in order across retries that carry the same `X-Request-Id`.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { customerBody2021_11 } from '../helpers/factories.js';

const { store } = useEmulator();

const faultHeader = (value: string, requestId?: string) => ({
  headers: { 'X-Emulator-Fault': value, ...(requestId ? { 'X-Request-Id': requestId } : {}) },
});

describe('X-Emulator-Fault', () => {
  it('answers a status with the service body', async () => {
    const { api } = await store();
    const reply = await api.get('/customers', faultHeader('503'));
    expect(reply.status).toBe(503);
    expect(reply.body).toEqual({ error: expect.stringMatching(/timed out/) });
    const limited = await api.get('/customers', faultHeader('429'));
    expect(limited.body).toEqual({ warning: 'too many requests' });
    expect(limited.headers.get('X-Service-Limit')).toBe('40/40');
  });

  it('consumes a comma list in order across retries with the same request id', async () => {
    const { api, control } = await store();
    const tries = [];
    for (let i = 0; i < 4; i++)
      tries.push((await api.get('/customers', faultHeader('503, 429,ok', 'req-abc'))).status);
    expect(tries).toEqual([503, 429, 200, 200]);
    const other = await api.get('/customers', faultHeader('503,ok', 'req-other'));
    expect(other.status).toBe(503);
    const recorded = await control.requests({ request_id: 'req-abc' });
    expect(recorded.map((entry) => entry.fault?.id ?? null)).toEqual([null, null, 'header', 'header']);
  });

  it('without a request id, every try takes the first step', async () => {
    const { api } = await store();
    expect((await api.get('/customers', faultHeader('503,ok'))).status).toBe(503);
    expect((await api.get('/customers', faultHeader('503,ok'))).status).toBe(503);
  });

  it('resets, truncates and delays', async () => {
    const { api, control } = await store();
    await expect(api.get('/customers', faultHeader('reset'))).rejects.toThrow('fetch failed');
    await expect(api.get('/customers', faultHeader('truncate'))).rejects.toThrow('terminated');
    const slow = await api.get('/customers', faultHeader('latency=40'));
    expect(slow.status).toBe(200);
    const [entry] = await control.requests({ limit: 1 });
    expect(entry?.duration_ms).toBeGreaterThanOrEqual(39);
    expect(entry?.fault).toEqual({ id: 'header', action: 'adds 40 ms of latency', after_commit: false });
  });

  it('changes nothing before the service acts, and serves the request with @commit', async () => {
    const { api } = await store();
    expect((await api.post('/customers', customerBody2021_11(), faultHeader('503'))).status).toBe(503);
    expect((await api.get('/customers')).body.customers).toHaveLength(0);
    expect((await api.post('/customers', customerBody2021_11(), faultHeader('503@commit'))).status).toBe(503);
    expect((await api.get('/customers')).body.customers).toHaveLength(1);
  });

  it('takes precedence over rules; a request it answers is not seen by them', async () => {
    const { api, control } = await store();
    await control.addFault({ match: { path: '/customers' }, action: { type: 'status', status: 500 } });
    expect((await api.get('/customers', faultHeader('502'))).status).toBe(502);
    expect((await api.get('/customers', faultHeader('ok'))).status).toBe(500);
    expect((await control.listFaults())[0]).toMatchObject({ seen: 1, fired: 1 });
  });

  it.each(['bogus', '99', '600', 'latency=', 'latency=999999', 'reset@later', '503@commit@commit', ''])(
    'refuses %j with 400 naming the header',
    async (value) => {
      const { api } = await store();
      const reply = await api.get('/customers', faultHeader(value));
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatch(/^Invalid X-Emulator-Fault header/);
    },
  );
});
