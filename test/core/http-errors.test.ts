import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { createCustomer } from '../helpers/factories.js';

const { store, emulator } = useEmulator();

describe('HTTP behaviour and error bodies', () => {
  it('answers 401 with an error sentence when the token is missing or unknown', async () => {
    const { api } = await store();
    for (const token of [null, 'not-a-token']) {
      const reply = await api.get('/customers', { token });
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ error: expect.stringContaining('X-Service-Access-Token') });
    }
  });

  it('answers 426 for an unknown API version', async () => {
    const { api } = await store();
    const reply = await api.get('/customers', { version: '2020-01' });
    expect(reply.status).toBe(426);
    expect(reply.body.error).toContain('2020-01');
  });

  it('answers 404 {"errors": "Not Found"} for unknown paths and ids', async () => {
    const { api } = await store();
    for (const path of ['/nothing-here', '/customers/999', '/customers/abc', '/addresses/0']) {
      const reply = await api.get(path);
      expect(reply.status, path).toBe(404);
      expect(reply.body).toEqual({ errors: 'Not Found' });
    }
  });

  it('answers 405 with Allow for a wrong method on a known path', async () => {
    const { api } = await store();
    const reply = await api.call('PATCH', '/customers');
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toContain('POST');
    expect(reply.body.error).toContain('PATCH');
  });

  it('answers 415 for bodies that are not JSON objects', async () => {
    const { api } = await store();
    const cases = [
      { raw: '[1,2]' },
      { raw: '"text"' },
      { raw: '{"email": ' },
      { raw: 'email=a@b.co', contentType: 'application/x-www-form-urlencoded' },
      { raw: '{"email":"a@b.co"}', contentType: 'text/plain' },
    ];
    for (const options of cases) {
      const reply = await api.post('/customers', undefined, options);
      expect(reply.status, options.raw).toBe(415);
      expect(reply.body).toEqual({ error: expect.any(String) });
    }
  });

  it('answers 413 for a body over 1 MB', async () => {
    const { api } = await store();
    const reply = await api.post('/customers', { note: 'x'.repeat(1_100_000) });
    expect(reply.status).toBe(413);
    expect(reply.body.error).toContain('1mb');
  });

  it('puts X-Request-Id on every response, echoing a valid incoming one', async () => {
    const { api } = await store();
    const ok = await api.get('/customers');
    const notFound = await api.get('/nope', { token: null });
    expect(ok.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(notFound.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await api.get('/customers', { headers: { 'X-Request-Id': 'retry-42' } });
    expect(echoed.headers.get('x-request-id')).toBe('retry-42');
    const health = await fetch(`${emulator().url}/_emulator/health`);
    expect(health.headers.get('x-request-id')).toBeTruthy();
  });

  it('answers 501 for an endpoint the requested version does not have', async () => {
    const { api } = await store();
    const count = await api.get('/customers/count', { version: '2021-11' });
    expect(count.status).toBe(501);
    expect(count.body.error).toContain('2021-11');
    const methods = await api.get('/payment_methods', { version: '2021-01' });
    expect(methods.status).toBe(501);
  });

  it('answers 422 with per-field messages for invalid bodies, never 500', async () => {
    const { api } = await store();
    const bodies: unknown[] = [
      {},
      { email: 12, first_name: null, last_name: ['x'] },
      { email: 'not-an-email', first_name: 'A', last_name: 'B' },
      { email: { $gt: '' }, first_name: 'A', last_name: 'B', external_customer_id: 'x' },
      { email: 'a@b.co', first_name: 'A', last_name: 'B', analytics_data: { utm_params: 'x' } },
    ];
    for (const body of bodies) {
      const reply = await api.post('/customers', body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expect(reply.body.errors, JSON.stringify(body)).toBeTypeOf('object');
    }
    const reply = await api.post('/customers', { email: 'not-an-email', first_name: null });
    expect(reply.body).toEqual({
      errors: {
        email: ['Not a valid email address.'],
        first_name: ['Field may not be null.'],
        last_name: ['Missing data for required field.'],
      },
    });
  });

  it('gives 422 for bad query values with the documented messages', async () => {
    const { api } = await store();
    await createCustomer(api);
    expect((await api.get('/customers', { query: { ids: '1,x' } })).body).toEqual({
      errors: { ids: ['Not a valid integer.'] },
    });
    expect((await api.get('/customers', { query: { updated_at_max: 'test' } })).body).toEqual({
      errors: { updated_at_max: ['Invalid date: test. Must be a valid ISO-8601 datetime string'] },
    });
    expect((await api.get('/customers', { query: { cursor: 'forged' } })).body).toEqual({
      errors: { cursor: ['Invalid value'] },
    });
    const queries: Record<string, string | number>[] = [
      { limit: 0 },
      { limit: 251 },
      { limit: 'ten' },
      { page: 101 },
      { sort_by: 'email-asc' },
    ];
    for (const query of queries) {
      const reply = await api.get('/customers', { query });
      expect(reply.status, JSON.stringify(query)).toBe(422);
    }
  });
});
