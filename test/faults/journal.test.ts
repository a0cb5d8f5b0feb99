/**
 * The request journal: every API request of a store with what was sent and answered, in a ring
 * bounded by `journal_size`; read with filters, counted, emptied.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { customerBody2021_11 } from '../helpers/factories.js';

const { emulator, store } = useEmulator();

describe('the request journal', () => {
  it('records method, path, query, headers (token masked), body, status, response, duration and token', async () => {
    const { api, control, token } = await store();
    const sent = customerBody2021_11();
    const created = await api.post('/customers', sent, { headers: { 'X-Request-Id': 'journal-1' } });
    await api.get('/customers', { query: { limit: 5, email: sent.email } });
    const [list, create] = await control.requests();
    expect(create).toEqual({
      id: 1,
      at: '2025-01-15T12:00:00Z',
      request_id: 'journal-1',
      method: 'POST',
      path: '/customers',
      query: {},
      headers: expect.objectContaining({
        'x-service-access-token': '[redacted]',
        'x-service-version': '2021-11',
        'content-type': 'application/json',
        'x-request-id': 'journal-1',
      }),
      token: { id: expect.any(Number), name: 'Default token' },
      body: sent,
      status: 201,
      response_body: created.body,
      duration_ms: expect.any(Number),
      fault: null,
    });
    expect(JSON.stringify(create)).not.toContain(token);
    expect(list).toMatchObject({
      id: 2,
      method: 'GET',
      query: { limit: '5', email: sent.email },
      status: 200,
      body: null,
    });
    expect(list?.response_body).toEqual({
      customers: [created.body.customer],
      next_cursor: null,
      previous_cursor: null,
    });
  });

  it('records errors as the client got them, and the fault that answered', async () => {
    const { api, control } = await store();
    await api.get('/customers/123');
    await api.get('/customers', { version: '1999-01' });
    await api.get('/customers', { headers: { 'X-Emulator-Fault': '502' } });
    const [faulted, badVersion, missing] = await control.requests();
    expect(missing).toMatchObject({ status: 404, response_body: { errors: 'Not Found' } });
    expect(badVersion).toMatchObject({
      status: 426,
      response_body: { error: expect.stringContaining('1999-01') },
    });
    expect(faulted).toMatchObject({
      status: 502,
      fault: { id: 'header', action: 'answers 502', after_commit: false },
    });
  });

  it('leaves out control routes and requests that name no store', async () => {
    const { api, control } = await store();
    await control.clock();
    await api.get('/customers', { token: 'not-a-token' });
    await api.get('/customers', { token: null });
    expect(await control.requests()).toEqual([]);
  });

  it('keeps only the newest journal_size requests', async () => {
    const { api, control } = await store({ settings: { journal_size: 3 } });
    for (let i = 1; i <= 5; i++) await api.get('/customers', { query: { limit: i } });
    const kept = await control.requests();
    expect(kept.map((entry) => [entry.id, entry.query.limit])).toEqual([
      [5, '5'],
      [4, '4'],
      [3, '3'],
    ]);
    expect(await control.countRequests()).toBe(3);
  });

  it('records nothing with journal_size 0', async () => {
    const { api, control } = await store({ settings: { journal_size: 0 } });
    await api.get('/customers');
    expect(await control.requests()).toEqual([]);
  });

  it('keeps a request body over 64 KiB and a response over 16 KiB as their sizes only', async () => {
    const { api, control } = await store();
    const note = 'x'.repeat(70 * 1024);
    await api.post('/customers', customerBody2021_11({ note }));
    const [entry] = await control.requests();
    expect(entry?.body).toMatch(/^\[\d+ bytes, not kept: larger than 65536\]$/);
    expect(entry?.response_body).toMatchObject({ customer: { first_name: 'Ada' } });

    await Promise.all(Array.from({ length: 40 }, () => api.post('/customers', customerBody2021_11())));
    const page = await api.get('/customers', { query: { limit: 40 } });
    expect(page.text.length).toBeGreaterThan(16 * 1024);
    const [listed] = await control.requests({ limit: 1 });
    expect(listed?.status).toBe(200);
    expect(listed?.response_body).toBe(`[${page.text.length} bytes, not kept: larger than 16384]`);
  });

  describe('filters', () => {
    async function traffic() {
      const shop = await store();
      const { api } = shop;
      await api.post('/customers', customerBody2021_11()); // 1: 201
      await api.get('/customers/1'); // 2: 404
      const retry = { headers: { 'X-Emulator-Fault': '503,503,ok', 'X-Request-Id': 'retry-1' } };
      await api.get('/customers', retry); // 3: 503
      await api.get('/customers', retry); // 4: 503
      await api.get('/customers', retry); // 5: 200
      await shop.control.advanceClock({ days: 1 });
      await api.get('/addresses'); // 6: 200, a day later
      return shop;
    }
    const ids = (entries: { id: number }[]) => entries.map((entry) => entry.id);

    it('method, path glob, status (exact or class), since (id or ISO time), request_id, limit', async () => {
      const { control } = await traffic();
      expect(ids(await control.requests())).toEqual([6, 5, 4, 3, 2, 1]);
      expect(ids(await control.requests({ method: 'post' }))).toEqual([1]);
      expect(ids(await control.requests({ path: '/customers' }))).toEqual([5, 4, 3, 1]);
      expect(ids(await control.requests({ path: '/customers/*' }))).toEqual([2]);
      expect(ids(await control.requests({ path: '/**' }))).toEqual([6, 5, 4, 3, 2, 1]);
      expect(ids(await control.requests({ status: 503 }))).toEqual([4, 3]);
      expect(ids(await control.requests({ status: '4xx' }))).toEqual([2]);
      expect(ids(await control.requests({ status: '2XX' }))).toEqual([6, 5, 1]);
      expect(ids(await control.requests({ since: 4 }))).toEqual([6, 5]);
      expect(ids(await control.requests({ since: '2025-01-16T00:00:00Z' }))).toEqual([6]);
      expect(ids(await control.requests({ since: '2025-01-16' }))).toEqual([6]);
      expect(ids(await control.requests({ request_id: 'retry-1' }))).toEqual([5, 4, 3]);
      expect(ids(await control.requests({ request_id: 'retry-1', status: '5xx', limit: 1 }))).toEqual([4]);
    });

    it('count takes the same filters: "the client retried exactly 3 times"', async () => {
      const { control } = await traffic();
      expect(await control.countRequests({ method: 'GET', path: '/customers', request_id: 'retry-1' })).toBe(
        3,
      );
      expect(await control.countRequests({ status: '5xx' })).toBe(2);
      expect(await control.countRequests()).toBe(6);
    });

    it.each([
      ['status=5x', { status: ['Must be a status (503) or a class (5xx).'] }],
      ['path=customers', { path: ['Must start with "/".'] }],
      ['since=yesterday', { since: ['Not an entry id or an ISO-8601 datetime.'] }],
      ['limit=0', { limit: ['Must be greater than or equal to 1.'] }],
      ['limit=ten', { limit: ['Not a valid integer.'] }],
      ['colour=red', { _schema: ['Unknown field: colour.'] }],
    ])('refuses %s with 422', async (query, errors) => {
      const { token } = await store();
      const reply = await fetch(`${emulator().url}/_emulator/requests?${query}`, {
        headers: { 'X-Service-Access-Token': token },
      });
      expect(reply.status).toBe(422);
      expect(await reply.json()).toEqual({ errors });
    });

    it('a bad count filter is a 422 too', async () => {
      const { control } = await store();
      await expect(control.countRequests({ status: 'teapot' })).rejects.toMatchObject({ status: 422 });
    });
  });

  it('DELETE empties it; ids keep counting, so since stays meaningful', async () => {
    const { api, control } = await store();
    await api.get('/customers');
    await api.get('/customers');
    await control.clearRequests();
    expect(await control.requests()).toEqual([]);
    await api.get('/customers');
    expect((await control.requests()).map((entry) => entry.id)).toEqual([3]);
  });

  it('is emptied by a store reset', async () => {
    const { api, control } = await store();
    await api.get('/customers');
    await control.reset();
    expect(await control.countRequests()).toBe(0);
  });
});
