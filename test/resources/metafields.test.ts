import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { addressBody2021_11, createCustomer } from '../helpers/factories.js';

const { store } = useEmulator();

const metafield = (ownerId: number, overrides: Record<string, unknown> = {}) => ({
  metafield: {
    key: 'favourite',
    namespace: 'prefs',
    owner_id: ownerId,
    owner_resource: 'customer',
    value: 'dark roast',
    value_type: 'string',
    description: 'coffee',
    ...overrides,
  },
});

describe('metafields', () => {
  it('creates, retrieves, updates, lists and deletes a metafield', async () => {
    const { api } = await store();
    const customer = await createCustomer(api);
    const created = await api.post('/metafields', metafield(customer.id));
    expect(created.status).toBe(201);
    expect(created.body.metafield).toEqual({
      id: expect.any(Number),
      created_at: '2025-01-15T12:00:00+00:00',
      description: 'coffee',
      key: 'favourite',
      namespace: 'prefs',
      // api-facts (recorded real records): a string, whatever kind the request sent.
      owner_id: String(customer.id),
      owner_resource: 'customer',
      updated_at: '2025-01-15T12:00:00+00:00',
      value: 'dark roast',
      value_type: 'string',
    });
    const id = created.body.metafield.id;
    const updated = await api.put(`/metafields/${id}`, { metafield: { value: '42', value_type: 'integer' } });
    expect(updated.body.metafield).toMatchObject({ value: '42', value_type: 'integer' });
    const list = await api.get('/metafields', { query: { owner_resource: 'customer', namespace: 'prefs' } });
    expect(list.body.metafields.map((m: { id: number }) => m.id)).toEqual([id]);
    expect((await api.delete(`/metafields/${id}`)).status).toBe(204);
    expect((await api.get(`/metafields/${id}`)).status).toBe(404);
  });

  it('requires owner_resource to list and counts in 2021-01 only', async () => {
    const { api } = await store();
    const customer = await createCustomer(api);
    await api.post('/metafields', metafield(customer.id));
    expect((await api.get('/metafields')).body).toEqual({
      errors: { owner_resource: ['Missing data for required field.'] },
    });
    const count = await api.get('/metafields/count', {
      version: '2021-01',
      query: { owner_resource: 'customer' },
    });
    expect(count.body).toEqual({ count: 1 });
    expect((await api.get('/metafields/count', { query: { owner_resource: 'customer' } })).status).toBe(501);
  });

  it('accepts store, customer and address owners that exist; refuses others', async () => {
    const s = await store();
    const customer = await createCustomer(s.api);
    const address = (await s.api.post('/addresses', addressBody2021_11(customer.id))).body.address;
    expect(
      (await s.api.post('/metafields', metafield(address.id, { owner_resource: 'address' }))).status,
    ).toBe(201);
    expect((await s.api.post('/metafields', metafield(s.storeId, { owner_resource: 'store' }))).status).toBe(
      201,
    );
    const missing = await s.api.post('/metafields', metafield(1234, { owner_resource: 'address' }));
    expect(missing.status).toBe(422);
    expect(missing.body.errors.owner_id).toBeDefined();
    const bad = await s.api.post('/metafields', metafield(customer.id, { owner_resource: 'planet' }));
    expect(bad.body.errors.metafield.owner_resource).toBeDefined();
  });

  it('checks values against their value_type', async () => {
    const { api } = await store();
    const customer = await createCustomer(api);
    expect(
      (await api.post('/metafields', metafield(customer.id, { value: 'x', value_type: 'integer' }))).status,
    ).toBe(422);
    expect(
      (await api.post('/metafields', metafield(customer.id, { value: '{bad', value_type: 'json_string' })))
        .status,
    ).toBe(422);
    expect(
      (await api.post('/metafields', metafield(customer.id, { value: '{"a":1}', value_type: 'json_string' })))
        .status,
    ).toBe(201);
  });

  it('allows at most 50 metafields per owner', async () => {
    const { api } = await store();
    const customer = await createCustomer(api);
    for (let i = 0; i < 50; i++) {
      expect((await api.post('/metafields', metafield(customer.id, { key: `k${i}` }))).status).toBe(201);
    }
    const refused = await api.post('/metafields', metafield(customer.id, { key: 'k50' }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors.owner_id[0]).toContain('50');
  });

  it("uses the owner's scopes", async () => {
    const s = await store();
    const customer = await createCustomer(s.api);
    const id = (await s.api.post('/metafields', metafield(customer.id))).body.metafield.id;
    const orders = await s.control.createToken({ name: 'orders', scopes: ['write_orders'] });
    const api = s.api.with({ token: orders.token });
    const read = await api.get(`/metafields/${id}`);
    expect(read.status).toBe(403);
    expect(read.body.error).toContain('read_customers');
    expect((await api.get('/metafields', { query: { owner_resource: 'customer' } })).status).toBe(403);
    expect((await api.post('/metafields', metafield(customer.id))).body.error).toContain('write_customers');
  });
});
