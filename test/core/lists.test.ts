import { describe, expect, it } from 'vitest';
import type { Api, Json } from '../helpers/api.js';
import { useEmulator } from '../helpers/emulator.js';
import { createCustomer } from '../helpers/factories.js';

const { store } = useEmulator();

async function seedCustomers(api: Api, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push((await createCustomer(api)).id);
  return ids;
}

const idsOf = (reply: { body: Json }) => reply.body.customers.map((c: { id: number }) => c.id);

describe('lists', () => {
  it('defaults to 50 items, newest id first, and caps limit at 250', async () => {
    const { api } = await store();
    const ids = await seedCustomers(api, 55);
    const first = await api.get('/customers');
    expect(first.body.customers).toHaveLength(50);
    expect(idsOf(first)).toEqual([...ids].reverse().slice(0, 50));
    expect((await api.get('/customers', { query: { limit: 250 } })).body.customers).toHaveLength(55);
    expect((await api.get('/customers', { query: { limit: 251 } })).body).toEqual({
      errors: { limit: ['Must be between 1 and 250.'] },
    });
  });

  it('walks every page with 2021-11 cursors, forward and back', async () => {
    const { api } = await store();
    const ids = await seedCustomers(api, 7);
    const expected = [...ids].reverse();
    const first = await api.get('/customers', { query: { limit: 3 } });
    expect(idsOf(first)).toEqual(expected.slice(0, 3));
    expect(first.body.previous_cursor).toBeNull();
    const second = await api.get('/customers', { query: { limit: 3, cursor: first.body.next_cursor } });
    expect(idsOf(second)).toEqual(expected.slice(3, 6));
    const third = await api.get('/customers', { query: { limit: 3, cursor: second.body.next_cursor } });
    expect(idsOf(third)).toEqual(expected.slice(6));
    expect(third.body.next_cursor).toBeNull();
    const back = await api.get('/customers', { query: { limit: 3, cursor: third.body.previous_cursor } });
    expect(idsOf(back)).toEqual(expected.slice(3, 6));
    const start = await api.get('/customers', { query: { limit: 3, cursor: back.body.previous_cursor } });
    expect(idsOf(start)).toEqual(expected.slice(0, 3));
    expect(start.body.previous_cursor).toBeNull();
  });

  it('keeps filters and sort inside the cursor and refuses them beside it', async () => {
    const s = await store();
    await seedCustomers(s.api, 3);
    await s.control.advanceClock({ days: 1 });
    const later = await seedCustomers(s.api, 4);
    const query = { limit: 2, created_at_min: '2025-01-16T00:00:00Z', sort_by: 'id-asc' };
    const first = await s.api.get('/customers', { query });
    expect(idsOf(first)).toEqual(later.slice(0, 2));
    const second = await s.api.get('/customers', { query: { limit: 2, cursor: first.body.next_cursor } });
    expect(idsOf(second)).toEqual(later.slice(2, 4));
    expect(second.body.next_cursor).toBeNull();
    const mixed = await s.api.get('/customers', {
      query: { cursor: first.body.next_cursor, email: 'x@y.z' },
    });
    expect(mixed.status).toBe(422);
    expect(mixed.body.errors.email).toBeDefined();
  });

  it('refuses a tampered cursor or one from another list', async () => {
    const { api } = await store();
    await seedCustomers(api, 3);
    const cursor: string = (await api.get('/customers', { query: { limit: 1 } })).body.next_cursor;
    const [payload, signature] = cursor.split('.');
    const edited = Buffer.from(
      Buffer.from(payload ?? '', 'base64url')
        .toString()
        .replace(/\d{8}/, '1'),
    ).toString('base64url');
    for (const bad of [`${edited}.${signature}`, `${payload}.AAAA`, 'x', '']) {
      const reply = await api.get('/customers', { query: { cursor: bad } });
      expect(reply.status, bad).toBe(422);
      expect(reply.body).toEqual({ errors: { cursor: ['Invalid value'] } });
    }
    const other = await api.get('/addresses', { query: { cursor } });
    expect(other.body).toEqual({ errors: { cursor: ['Invalid value'] } });
  });

  it('walks pages with the 2021-01 Link header and page_info', async () => {
    const { api } = await store({ version: '2021-01' });
    const ids = await seedCustomers(api, 5);
    const seen: number[] = [];
    let reply = await api.get('/customers', { query: { limit: 2 } });
    expect(reply.body.next_cursor).toBeUndefined();
    for (let guard = 0; guard < 5; guard++) {
      seen.push(...idsOf(reply));
      const link = reply.headers.get('link');
      const next = link?.match(/<([^>]+)>; rel="next"/)?.[1];
      if (!next) break;
      expect(next).toMatch(/\/customers\?limit=2&page_info=/);
      reply = await api.get(next);
    }
    expect(seen).toEqual([...ids].reverse());
    expect(reply.headers.get('link')).toMatch(/rel="previous"/);
    expect(
      (await api.get('/customers', { query: { limit: 2, ids: ids.join(',') } })).headers.get('link'),
    ).toBeNull();
  });

  it('pages with the deprecated page parameter up to page 100', async () => {
    const { api } = await store();
    const ids = await seedCustomers(api, 5);
    const page2 = await api.get('/customers', { query: { limit: 2, page: 2 } });
    expect(idsOf(page2)).toEqual([...ids].reverse().slice(2, 4));
    expect(page2.body.previous_cursor).not.toBeNull();
    expect((await api.get('/customers', { query: { limit: 2, page: 9 } })).body.customers).toEqual([]);
    expect((await api.get('/customers', { query: { page: 101 } })).body).toEqual({
      errors: { page: ['Must be between 1 and 100.'] },
    });
  });

  it('sorts by the fields of the sorting table', async () => {
    const s = await store();
    const [a, b, c] = await seedCustomers(s.api, 3);
    await s.control.advanceClock({ minutes: 5 });
    await s.api.put(`/customers/${a}`, { first_name: 'Later' });
    expect(idsOf(await s.api.get('/customers', { query: { sort_by: 'id-asc' } }))).toEqual([a, b, c]);
    expect(idsOf(await s.api.get('/customers', { query: { sort_by: 'updated_at-desc' } }))[0]).toBe(a);
    const asc = await s.api.get('/customers', { query: { sort_by: 'updated_at-asc', limit: 1 } });
    const next = await s.api.get('/customers', { query: { cursor: asc.body.next_cursor, limit: 5 } });
    expect([...idsOf(asc), ...idsOf(next)]).toEqual([b, c, a]);
    const refused = await s.api.get('/customers', { query: { sort_by: 'email-desc' } });
    expect(refused.body.errors.sort_by[0]).toContain('updated_at-desc');
  });

  it('filters by ids, email and time ranges', async () => {
    const s = await store();
    const [a, b] = await seedCustomers(s.api, 2);
    await s.control.advanceClock({ days: 2 });
    const c = (await createCustomer(s.api, { email: 'Mixed.Case@Example.com' })).id;
    expect(idsOf(await s.api.get('/customers', { query: { ids: `${a},${c}` } }))).toEqual([c, a]);
    expect(idsOf(await s.api.get('/customers', { query: { email: 'mixed.case@example.com' } }))).toEqual([c]);
    expect(idsOf(await s.api.get('/customers', { query: { created_at_max: '2025-01-16' } }))).toEqual([b, a]);
    expect(
      idsOf(await s.api.get('/customers', { query: { updated_at_min: '2025-01-17T12:00:00+00:00' } })),
    ).toEqual([c]);
  });
});
