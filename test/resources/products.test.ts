import { describe, expect, it } from 'vitest';
import type { Json } from '../helpers/api.js';
import { createCollection, createPlan, createProduct, productBody } from '../helpers/catalog.js';
import { useEmulator } from '../helpers/emulator.js';

const { store } = useEmulator();

const topics = async (api: Parameters<typeof createProduct>[0]) =>
  (await api.get('/events', { query: { limit: 250 } })).body.events
    .map((event: { object_type: string; verb: string }) => `${event.object_type}/${event.verb}`)
    .reverse();

describe('products (2021-11)', () => {
  it('creates (201), retrieves, updates and deletes a product by external_product_id', async () => {
    const { api } = await store();
    const created = await api.post('/products', {
      external_product_id: '7001',
      title: 'House Blend',
      brand: 'Roastery',
      vendor: 'Roastery Ltd',
      description: 'A blend.',
      images: [
        { src: 'https://cdn.example/b.png', sort_order: 2 },
        { src: 'https://cdn.example/a.png', alt: 'Bag', sort_order: 1 },
      ],
      options: [{ name: 'Size', values: ['250 g', '1 kg'] }],
      variants: [
        {
          external_variant_id: '7001-1',
          title: '250 g',
          sku: 'HB-250',
          prices: { unit_price: '12.5', compare_at_price: 15 },
          grams: 250,
          option_values: [{ label: 'Size', value: '250 g' }],
        },
        { external_variant_id: '7001-2', prices: { unit_price: '40.00' }, taxable: false },
      ],
    });
    expect(created.status).toBe(201);
    const product = created.body.product;
    expect(product).toEqual({
      brand: 'Roastery',
      created_at: '2025-01-15T12:00:00+00:00',
      description: 'A blend.',
      external_product_id: '7001',
      handle: 'house-blend',
      images: [
        { alt: 'Bag', sort_order: 1, src: 'https://cdn.example/a.png' },
        { alt: null, sort_order: 2, src: 'https://cdn.example/b.png' },
      ],
      options: [{ name: 'Size', position: 1, values: ['250 g', '1 kg'] }],
      published_at: '2025-01-15T12:00:00+00:00',
      title: 'House Blend',
      updated_at: '2025-01-15T12:00:00+00:00',
      variants: [
        {
          bundle: null,
          external_variant_id: '7001-1',
          grams: 250,
          option_values: [{ label: 'Size', value: '250 g' }],
          prices: { compare_at_price: '15.00', unit_price: '12.50' },
          requires_shipping: true,
          sku: 'HB-250',
          taxable: true,
          title: '250 g',
        },
        {
          bundle: null,
          external_variant_id: '7001-2',
          grams: 0,
          option_values: [],
          prices: { compare_at_price: null, unit_price: '40.00' },
          requires_shipping: true,
          sku: null,
          taxable: false,
          title: 'Default Title',
        },
      ],
      vendor: 'Roastery Ltd',
    });
    expect((await api.get('/products/7001')).body.product).toEqual(product);

    const updated = await api.put('/products/7001', { title: 'House Blend No. 2', published_at: null });
    expect(updated.status).toBe(200);
    expect(updated.body.product).toMatchObject({
      title: 'House Blend No. 2',
      handle: 'house-blend',
      published_at: null,
      variants: product.variants,
    });

    expect((await api.delete('/products/7001')).status).toBe(204);
    expect((await api.get('/products/7001')).status).toBe(404);
    expect((await api.delete('/products/7001')).status).toBe(404);
    expect(await topics(api)).toEqual(['product/created', 'product/updated', 'product/deleted']);
  });

  it('replaces variants on update and keeps the id of a variant that stays', async () => {
    const { api } = await store();
    const collection = await createCollection(api);
    const bundle = { collection_ids: [collection.id], items_count: 3 };
    const product = await createProduct(api, {
      variants: [{ external_variant_id: 'box-3', prices: { unit_price: '30.00' }, bundle }],
    });
    const bundleId = product.variants[0].bundle.bundle_variant_id;
    expect(product.variants[0].bundle).toEqual({ bundle_variant_id: bundleId, ...bundle });
    const updated = await api.put(`/products/${product.external_product_id}`, {
      variants: [
        {
          external_variant_id: 'box-6',
          prices: { unit_price: '55.00' },
          bundle: { ...bundle, items_count: 6 },
        },
        { external_variant_id: 'box-3', prices: { unit_price: '29.00' }, bundle },
      ],
    });
    expect(updated.status).toBe(200);
    const [six, three] = updated.body.product.variants;
    expect(three.bundle.bundle_variant_id).toBe(bundleId);
    expect(three.prices.unit_price).toBe('29.00');
    expect(six.bundle.bundle_variant_id).not.toBe(bundleId);
  });

  it('validates its body: required fields, prices, handles, datetimes (422)', async () => {
    const { api } = await store();
    const missing = await api.post('/products', {});
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({
      errors: {
        external_product_id: ['Missing data for required field.'],
        title: ['Missing data for required field.'],
      },
    });
    const bad = await api.post('/products', {
      external_product_id: 'a/b',
      title: 'X',
      handle: 'Not A Handle',
      published_at: 'yesterday',
      variants: [{ external_variant_id: 'v1', prices: { unit_price: '1.999' } }, { prices: {} }],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      external_product_id: ['Must not contain /, ? or #.'],
      handle: ['Only lowercase letters, digits and dashes.'],
      published_at: ['Not a valid datetime.'],
      variants: {
        0: { prices: { unit_price: ['Not a valid amount: a decimal string such as "19.99".'] } },
        1: {
          external_variant_id: ['Missing data for required field.'],
          prices: { unit_price: ['Missing data for required field.'] },
        },
      },
    });
  });

  it('keeps external product and variant ids unique in the store (422)', async () => {
    const { api } = await store();
    const first = await createProduct(api);
    const again = await api.post(
      '/products',
      productBody({ external_product_id: first.external_product_id }),
    );
    expect(again.status).toBe(422);
    expect(again.body).toEqual({
      errors: {
        external_product_id: [
          `A product with external_product_id ${first.external_product_id} already exists.`,
        ],
      },
    });
    const variantId = first.variants[0].external_variant_id;
    const taken = await api.post(
      '/products',
      productBody({
        variants: [
          { external_variant_id: 'fresh', prices: { unit_price: '1.00' } },
          { external_variant_id: variantId, prices: { unit_price: '1.00' } },
          { external_variant_id: 'fresh', prices: { unit_price: '1.00' } },
        ],
      }),
    );
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({
      variants: {
        1: { external_variant_id: [`A variant with external_variant_id ${variantId} already exists.`] },
        2: { external_variant_id: ['The same external_variant_id is given twice.'] },
      },
    });
    const moved = await api.put(`/products/${first.external_product_id}`, { external_product_id: 'other' });
    expect(moved.body).toEqual({
      errors: { external_product_id: ['The external_product_id of a product cannot be changed.'] },
    });
    // A product may keep its own variant ids when it is updated.
    const same = await api.put(`/products/${first.external_product_id}`, {
      variants: productBody().variants,
    });
    expect(same.status).toBe(200);
    const reuse = await api.put(`/products/${first.external_product_id}`, {
      variants: [
        {
          external_variant_id: same.body.product.variants[0].external_variant_id,
          prices: { unit_price: '2' },
        },
      ],
    });
    expect(reuse.status).toBe(200);
    expect((await api.get(`/products/${first.external_product_id}`)).body.product.variants).toHaveLength(1);
  });

  it('checks that the collections of a bundle variant exist', async () => {
    const { api } = await store();
    const reply = await api.post(
      '/products',
      productBody({
        variants: [
          {
            external_variant_id: 'b1',
            prices: { unit_price: '1.00' },
            bundle: { collection_ids: [9], items_count: 0 },
          },
          {
            external_variant_id: 'b2',
            prices: { unit_price: '1.00' },
            bundle: { collection_ids: [9], items_count: 2 },
          },
        ],
      }),
    );
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({
      variants: { 0: { bundle: { items_count: ['Must be greater than or equal to 1.'] } } },
    });
    const unknown = await api.post(
      '/products',
      productBody({
        variants: [
          {
            external_variant_id: 'b2',
            prices: { unit_price: '1.00' },
            bundle: { collection_ids: [9], items_count: 2 },
          },
        ],
      }),
    );
    expect(unknown.body.errors).toEqual({
      variants: { 0: { bundle: { collection_ids: ['No collection with id 9.'] } } },
    });
  });

  it('lists products with filters, sorting and cursors over several pages', async () => {
    const s = await store();
    const early = [
      await createProduct(s.api, { title: 'Banana' }),
      await createProduct(s.api, { title: 'Apple' }),
    ];
    await s.control.advanceClock({ days: 1 });
    const late = [];
    for (const title of ['Cherry', 'Date', 'Elder']) late.push(await createProduct(s.api, { title }));
    const ids = (reply: { body: Json }) =>
      reply.body.products.map((p: { external_product_id: string }) => p.external_product_id);
    const all = [...early, ...late].map((p) => p.external_product_id);

    const first = await s.api.get('/products', { query: { limit: 2 } });
    expect(Object.keys(first.body).sort()).toEqual(['next_cursor', 'previous_cursor', 'products']);
    expect(ids(first)).toEqual([all[4], all[3]]);
    const second = await s.api.get('/products', { query: { limit: 2, cursor: first.body.next_cursor } });
    expect(ids(second)).toEqual([all[2], all[1]]);
    const third = await s.api.get('/products', { query: { limit: 2, cursor: second.body.next_cursor } });
    expect(ids(third)).toEqual([all[0]]);
    expect(third.body.next_cursor).toBeNull();

    const byTitle = await s.api.get('/products', { query: { sort_by: 'title-asc' } });
    expect(byTitle.body.products.map((p: { title: string }) => p.title)).toEqual([
      'Apple',
      'Banana',
      'Cherry',
      'Date',
      'Elder',
    ]);
    const picked = await s.api.get('/products', {
      query: { external_product_ids: `${all[0]},${all[3]},nope` },
    });
    expect(ids(picked)).toEqual([all[3], all[0]]);
    const recent = await s.api.get('/products', { query: { created_at_min: '2025-01-16' } });
    expect(ids(recent)).toEqual(late.map((p) => p.external_product_id).reverse());
    const badSort = await s.api.get('/products', { query: { sort_by: 'vendor-asc' } });
    expect(badSort.status).toBe(422);
    expect(badSort.body.errors.sort_by[0]).toContain('title-asc');
  });

  it('refuses include values in 2021-11 (the spec lists none for products)', async () => {
    const { api } = await store();
    const product = await createProduct(api);
    for (const path of ['/products', `/products/${product.external_product_id}`]) {
      const reply = await api.get(path, { query: { include: 'collections' } });
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({ errors: { include: ['No related objects can be included.'] } });
    }
  });

  it('deletes the plans and memberships of a deleted product and fires plan/deleted', async () => {
    const { api } = await store();
    const product = await createProduct(api);
    const other = await createProduct(api);
    const plan = await createPlan(api, product.external_product_id);
    const kept = await createPlan(api, other.external_product_id);
    const collection = await createCollection(api);
    await api.post(`/collections/${collection.id}/collection_products-bulk`, {
      collection_products: [
        { external_product_id: product.external_product_id },
        { external_product_id: other.external_product_id },
      ],
    });
    expect((await api.delete(`/products/${product.external_product_id}`)).status).toBe(204);
    expect((await api.get(`/plans/${plan.id}`)).status).toBe(404);
    expect((await api.get(`/plans/${kept.id}`)).status).toBe(200);
    const members = await api.get('/collection_products', { query: { collection_id: collection.id } });
    expect(members.body.collection_products.map((m: Json) => m.external_product_id)).toEqual([
      other.external_product_id,
    ]);
    const events = await topics(api);
    expect(events.slice(-3)).toEqual(['plan/deleted', 'collection_product/deleted', 'product/deleted']);
  });

  it('needs read_products to read and write_products to write (403)', async () => {
    const s = await store();
    const product = await createProduct(s.api);
    const reader = await s.control.createToken({ name: 'reader', scopes: ['read_products'] });
    const api = s.api.with({ token: reader.token });
    expect((await api.get(`/products/${product.external_product_id}`)).status).toBe(200);
    expect((await api.get('/products')).status).toBe(200);
    for (const reply of [
      await api.post('/products', productBody()),
      await api.put(`/products/${product.external_product_id}`, { title: 'x' }),
      await api.delete(`/products/${product.external_product_id}`),
    ]) {
      expect(reply.status).toBe(403);
      expect(reply.body.error).toContain('write_products');
    }
    const stranger = await s.control.createToken({ name: 'customers', scopes: ['write_customers'] });
    const refused = await s.api.get('/products', { token: stranger.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain('read_products');
  });
});
