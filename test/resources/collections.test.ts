import { describe, expect, it } from 'vitest';
import type { Json } from '../helpers/api.js';
import { createCollection, createProduct } from '../helpers/catalog.js';
import { useEmulator } from '../helpers/emulator.js';

const { store } = useEmulator();

const members = (reply: { body: Json }) =>
  reply.body.collection_products.map((m: { external_product_id: string }) => m.external_product_id);

describe('collections (2021-11)', () => {
  it('creates (201), retrieves, updates, lists and deletes a collection', async () => {
    const { api } = await store();
    const created = await api.post('/collections', { title: 'Coffees', description: 'All of them' });
    expect(created.status).toBe(201);
    const collection = created.body.collection;
    expect(collection).toEqual({
      id: expect.any(Number),
      created_at: '2025-01-15T12:00:00+00:00',
      description: 'All of them',
      sort_order: 'id-desc',
      title: 'Coffees',
      type: 'manual',
      updated_at: '2025-01-15T12:00:00+00:00',
    });
    expect((await api.get(`/collections/${collection.id}`)).body.collection).toEqual(collection);
    const updated = await api.put(`/collections/${collection.id}`, {
      title: 'Beans',
      sort_order: 'title-asc',
    });
    expect(updated.body.collection).toMatchObject({ title: 'Beans', sort_order: 'title-asc' });
    const teas = await createCollection(api, { title: 'Teas', type: 'automatic' });

    const ids = (reply: { body: Json }) => reply.body.collections.map((c: { id: number }) => c.id);
    expect(ids(await api.get('/collections'))).toEqual([teas.id, collection.id]);
    expect(ids(await api.get('/collections', { query: { title: 'beans' } }))).toEqual([collection.id]);
    expect(ids(await api.get('/collections', { query: { sort_by: 'title-desc' } }))).toEqual([
      teas.id,
      collection.id,
    ]);
    const first = await api.get('/collections', { query: { limit: 1 } });
    expect(ids(await api.get('/collections', { query: { cursor: first.body.next_cursor } }))).toEqual([
      collection.id,
    ]);

    expect((await api.delete(`/collections/${collection.id}`)).status).toBe(204);
    expect((await api.get(`/collections/${collection.id}`)).status).toBe(404);
    const events = (await api.get('/events', { query: { object_type: 'collection' } })).body.events;
    expect(events.map((e: Json) => e.verb).reverse()).toEqual(['created', 'updated', 'created', 'deleted']);
  });

  it('validates its body (422)', async () => {
    const { api } = await store();
    const reply = await api.post('/collections', { type: 'smart', sort_order: 'random' });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({
      errors: {
        title: ['Missing data for required field.'],
        type: ['Must be one of: manual, automatic.'],
        sort_order: [
          'Must be one of: id-asc, id-desc, title-asc, title-desc, created_at-asc, created_at-desc.',
        ],
      },
    });
  });

  it('adds products in bulk: idempotent, all or nothing, and lists memberships', async () => {
    const { api } = await store();
    const collection = await createCollection(api);
    const [a, b, c] = [await createProduct(api), await createProduct(api), await createProduct(api)];
    const path = `/collections/${collection.id}/collection_products-bulk`;

    const refused = await api.post(path, {
      collection_products: [{ external_product_id: a.external_product_id }, { external_product_id: 'ghost' }],
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      errors: {
        collection_products: { 1: { external_product_id: ['No product with external_product_id ghost.'] } },
      },
    });
    const empty = await api.get('/collection_products', { query: { collection_id: collection.id } });
    expect(empty.body.collection_products).toEqual([]);

    const added = await api.post(path, {
      collection_products: [
        { external_product_id: a.external_product_id },
        { external_product_id: b.external_product_id },
      ],
    });
    expect(added.status).toBe(201);
    expect(added.body.collection_products[0]).toEqual({
      id: expect.any(Number),
      collection_id: collection.id,
      created_at: '2025-01-15T12:00:00+00:00',
      external_product_id: a.external_product_id,
      updated_at: '2025-01-15T12:00:00+00:00',
    });
    // Adding a member again is a no-op that answers the existing membership.
    const again = await api.post(path, {
      collection_products: [
        { external_product_id: b.external_product_id },
        { external_product_id: c.external_product_id },
        { external_product_id: c.external_product_id },
      ],
    });
    expect(again.body.collection_products[0]).toEqual(added.body.collection_products[1]);
    expect(again.body.collection_products[1]).toEqual(again.body.collection_products[2]);

    const listed = await api.get('/collection_products', { query: { collection_id: collection.id } });
    expect(members(listed)).toEqual([c.external_product_id, b.external_product_id, a.external_product_id]);
    const filtered = await api.get('/collection_products', {
      query: {
        collection_id: collection.id,
        external_product_ids: `${a.external_product_id},${c.external_product_id}`,
      },
    });
    expect(members(filtered)).toEqual([c.external_product_id, a.external_product_id]);
    const page = await api.get('/collection_products', { query: { collection_id: collection.id, limit: 2 } });
    const next = await api.get('/collection_products', { query: { cursor: page.body.next_cursor } });
    expect(members(next)).toEqual([a.external_product_id]);

    expect((await api.get('/collection_products')).body).toEqual({
      errors: { collection_id: ['Missing data for required field.'] },
    });
    const tooMany = await api.post(path, {
      collection_products: Array.from({ length: 251 }, () => ({
        external_product_id: a.external_product_id,
      })),
    });
    expect(tooMany.body).toEqual({ errors: { collection_products: ['Longer than maximum length 250.'] } });
    expect(
      (await api.post('/collections/1/collection_products-bulk', { collection_products: [] })).status,
    ).toBe(404);
  });

  it('removes products in bulk (204), skipping non-members, and with the collection', async () => {
    const { api } = await store();
    const collection = await createCollection(api);
    const other = await createCollection(api);
    const [a, b] = [await createProduct(api), await createProduct(api)];
    const body = {
      collection_products: [
        { external_product_id: a.external_product_id },
        { external_product_id: b.external_product_id },
      ],
    };
    await api.post(`/collections/${collection.id}/collection_products-bulk`, body);
    await api.post(`/collections/${other.id}/collection_products-bulk`, body);

    const removed = await api.call('DELETE', `/collections/${collection.id}/collection_products-bulk`, {
      collection_products: [
        { external_product_id: a.external_product_id },
        { external_product_id: 'never-added' },
      ],
    });
    expect(removed.status).toBe(204);
    const left = await api.get('/collection_products', { query: { collection_id: collection.id } });
    expect(members(left)).toEqual([b.external_product_id]);

    expect((await api.delete(`/collections/${collection.id}`)).status).toBe(204);
    const byProduct = await api.get('/collection_products', {
      query: { collection_id: collection.id, external_product_ids: b.external_product_id },
    });
    expect(byProduct.body.collection_products).toEqual([]);
    expect(
      members(await api.get('/collection_products', { query: { collection_id: other.id } })),
    ).toHaveLength(2);
  });

  it('refuses to delete a collection a bundle variant draws from', async () => {
    const { api } = await store();
    const collection = await createCollection(api);
    const bundle = await createProduct(api, {
      variants: [
        {
          external_variant_id: 'box',
          prices: { unit_price: '30.00' },
          bundle: { collection_ids: [collection.id], items_count: 3 },
        },
      ],
    });
    const refused = await api.delete(`/collections/${collection.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      errors: { collection: [`Collection is used by the bundle products ${bundle.external_product_id}.`] },
    });
    await api.put(`/products/${bundle.external_product_id}`, {
      variants: [{ external_variant_id: 'box', prices: { unit_price: '30.00' } }],
    });
    expect((await api.delete(`/collections/${collection.id}`)).status).toBe(204);
  });

  it('answers 501 in 2021-01 and needs the product scopes', async () => {
    const s = await store();
    const collection = await createCollection(s.api);
    const legacy = s.api.with({ version: '2021-01' });
    for (const [method, path] of [
      ['GET', '/collections'],
      ['POST', '/collections'],
      ['GET', `/collections/${collection.id}`],
      ['PUT', `/collections/${collection.id}`],
      ['DELETE', `/collections/${collection.id}`],
      ['GET', '/collection_products'],
      ['POST', `/collections/${collection.id}/collection_products-bulk`],
      ['DELETE', `/collections/${collection.id}/collection_products-bulk`],
    ] as const) {
      const reply = await legacy.call(method, path, method === 'GET' ? undefined : {});
      expect(reply.status, `${method} ${path}`).toBe(501);
    }
    const reader = await s.control.createToken({ name: 'reader', scopes: ['read_products'] });
    const api = s.api.with({ token: reader.token });
    expect((await api.get(`/collections/${collection.id}`)).status).toBe(200);
    expect((await api.get('/collection_products', { query: { collection_id: collection.id } })).status).toBe(
      200,
    );
    for (const reply of [
      await api.post('/collections', { title: 'x' }),
      await api.put(`/collections/${collection.id}`, { title: 'x' }),
      await api.delete(`/collections/${collection.id}`),
      await api.post(`/collections/${collection.id}/collection_products-bulk`, { collection_products: [] }),
    ]) {
      expect(reply.status).toBe(403);
      expect(reply.body.error).toContain('write_products');
    }
  });
});
