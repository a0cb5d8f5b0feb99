/**
 * The service's rate limit over HTTP: a leaky bucket per token, 40 deep, 2 a second of real time
 * (the draining itself is proven without sleeping in src/platform/rate-limit/leaky-bucket.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/index.js';
import { useEmulator } from '../helpers/emulator.js';

const { store } = useEmulator();

const limited = (bucket: Record<string, unknown> = {}) =>
  store({ settings: { rate_limit: { enabled: true, ...bucket } } });

describe('rate limit', () => {
  it('answers the 41st immediate call with 429, the service body and X-Service-Limit: 40/40', async () => {
    // The default 40-deep bucket, draining a call every 1,000 s: on a loaded machine the 2 a second
    // of the default drain let a 41st call through (the drain is proven in leaky-bucket.test.ts).
    const { api } = await limited({ leak_per_second: 0.001 });
    const replies = await Promise.all(Array.from({ length: 40 }, () => api.get('/customers')));
    expect(replies.map((reply) => reply.status)).toEqual(Array(40).fill(200));
    expect(replies.map((reply) => reply.headers.get('X-Service-Limit'))).toContain('1/40');
    const refused = await api.get('/customers');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ warning: 'too many requests' });
    expect(refused.headers.get('X-Service-Limit')).toBe('40/40');
  });

  it('counts used/size on every response, errors included, per token', async () => {
    // A bucket that drains a call every 1,000 s: the counts below cannot move while the test runs.
    const { api, control } = await limited({ size: 3, leak_per_second: 0.001 });
    expect((await api.get('/customers')).headers.get('X-Service-Limit')).toBe('1/3');
    expect((await api.get('/customers/1')).headers.get('X-Service-Limit')).toBe('2/3');
    expect((await api.get('/nowhere')).headers.get('X-Service-Limit')).toBe('3/3');
    expect((await api.get('/customers')).status).toBe(429);
    const second = await control.createToken({ name: 'second', scopes: ['read_customers'] });
    const other = await api.with({ token: second.token }).get('/customers');
    expect(other.status).toBe(200);
    expect(other.headers.get('X-Service-Limit')).toBe('1/3');
    expect((await control.clock()).now).toBeDefined();
  });

  it('is not enforced by default: the bucket is counted in the header and never refuses', async () => {
    const { api } = await store({ settings: { rate_limit: { leak_per_second: 0.001 } } });
    const replies = await Promise.all(Array.from({ length: 45 }, () => api.get('/customers')));
    expect(replies.every((reply) => reply.status === 200)).toBe(true);
    const readings = replies.map((reply) => reply.headers.get('X-Service-Limit'));
    expect(readings).toContain('1/40');
    expect(readings.filter((reading) => reading === '40/40')).toHaveLength(6);
    expect((await api.get('/customers')).headers.get('X-Service-Limit')).toBe('40/40');
  });

  it('is refilled by a store reset', async () => {
    const { api, control } = await limited({ size: 1, leak_per_second: 0.001 });
    await api.get('/customers');
    expect((await api.get('/customers')).status).toBe(429);
    await control.reset();
    expect((await api.get('/customers')).status).toBe(200);
  });

  it('is switched on and sized later by PATCH /_emulator/settings, and the journal resized', async () => {
    const { api, control } = await store();
    await control.updateSettings({ rate_limit: { enabled: true, size: 2 }, journal_size: 1 });
    expect((await api.get('/customers')).headers.get('X-Service-Limit')).toBe('1/2');
    await api.get('/customers/1');
    expect((await control.requests()).map((entry) => entry.path)).toEqual(['/customers/1']);
  });

  it('is a store setting validated like the others', async () => {
    await expect(store({ settings: { rate_limit: { enabled: true, size: 0 } } })).rejects.toMatchObject({
      status: 422,
      body: { errors: { settings: { rate_limit: { size: ['Must be greater than or equal to 1.'] } } } },
    });
  });

  it('is switched on for the default store by the rateLimit option, with the configured header prefix', async () => {
    const emulator = await createEmulator({
      port: 0,
      logger: 'silent',
      token: 'limited-token',
      headerPrefix: 'Acme',
      rateLimit: { size: 2, leakPerSecond: 0.001 },
    });
    try {
      const get = () =>
        fetch(`${emulator.url}/customers`, { headers: { 'X-Acme-Access-Token': 'limited-token' } });
      expect((await get()).headers.get('X-Acme-Limit')).toBe('1/2');
      await get();
      expect((await get()).status).toBe(429);
      expect((await emulator.control.getStore(emulator.storeId)).settings.rate_limit).toEqual({
        enabled: true,
        size: 2,
        leak_per_second: 0.001,
      });
    } finally {
      await emulator.close();
    }
  });
});
