import { describe, expect, it } from 'vitest';
import type { Json } from '../helpers/api.js';
import { createCollection, createPlan, createProduct } from '../helpers/catalog.js';
import { useEmulator } from '../helpers/emulator.js';

const { store } = useEmulator();

const legacyBody = (overrides: Record<string, unknown> = {}) => ({
  platform_product_id: 8001,
  title: 'Tea Sampler',
  images: { original: 'https://cdn.example/tea.jpg?v=2' },
  discount_amount: 15,
  discount_type: 'percentage',
  subscription_defaults: {
    charge_interval_frequency: 1,
    order_interval_frequency_options: ['1', '2'],
    order_interval_unit: 'month',
    storefront_purchase_options: 'subscription_and_onetime',
  },
  ...overrides,
});

describe('products (2021-01)', () => {
  it('creates (200) a product with its purchase settings as plans, in the 2021-01 shape', async () => {
    const { api } = await store({ version: '2021-01' });
    const created = await api.post('/products', legacyBody());
    expect(created.status).toBe(200);
    const product = created.body.product;
    expect(product).toEqual({
      id: expect.any(Number),
      collection_id: null,
      created_at: '2025-01-15T12:00:00',
      discount_amount: 15,
      discount_type: 'percentage',
      handle: 'tea-sampler',
      images: {
        large: 'https://cdn.example/tea_large.jpg?v=2',
        medium: 'https://cdn.example/tea_medium.jpg?v=2',
        original: 'https://cdn.example/tea.jpg?v=2',
        small: 'https://cdn.example/tea_small.jpg?v=2',
      },
      product_id: 8001,
      platform_product_id: 8001,
      subscription_defaults: {
        apply_cutoff_date_to_checkout: false,
        charge_interval_frequency: 1,
        cutoff_day_of_month: null,
        cutoff_day_of_week: null,
        expire_after_specific_number_of_charges: null,
        modifiable_properties: [],
        number_charges_until_expiration: null,
        order_day_of_month: null,
        order_day_of_week: null,
        order_interval_frequency_options: ['1', '2'],
        order_interval_unit: 'month',
        storefront_purchase_options: 'subscription_and_onetime',
      },
      title: 'Tea Sampler',
      updated_at: '2025-01-15T12:00:00',
    });
    expect((await api.get(`/products/${product.id}`)).body.product).toEqual(product);

    // The same product in 2021-11, with the plans the settings describe.
    const modern = api.with({ version: '2021-11' });
    expect((await modern.get('/products/8001')).body.product).toMatchObject({
      external_product_id: '8001',
      title: 'Tea Sampler',
      images: [{ src: 'https://cdn.example/tea.jpg?v=2', alt: null, sort_order: 1 }],
      variants: [],
    });
    const plans = (await modern.get('/plans', { query: { external_product_id: '8001', sort_by: 'id-asc' } }))
      .body.plans;
    expect(
      plans.map((plan: Json) => [plan.type, plan.title, plan.discount_amount, plan.subscription_preferences]),
    ).toEqual([
      [
        'subscription',
        'Every 1 month',
        '15.00',
        expect.objectContaining({
          charge_interval_frequency: 1,
          order_interval_frequency: 1,
          interval_unit: 'month',
        }),
      ],
      [
        'subscription',
        'Every 2 months',
        '15.00',
        expect.objectContaining({ charge_interval_frequency: 2, order_interval_frequency: 2 }),
      ],
      ['onetime', 'One-time purchase', null, null],
    ]);
  });

  it('turns a charge frequency that is a multiple of the order frequency into a prepaid plan', async () => {
    const { api } = await store({ version: '2021-01' });
    const reply = await api.post(
      '/products',
      legacyBody({
        subscription_defaults: {
          charge_interval_frequency: 3,
          order_interval_frequency: 1,
          order_interval_unit: 'month',
          storefront_purchase_options: 'subscription_only',
          order_day_of_month: 15,
        },
      }),
    );
    expect(reply.status).toBe(200);
    expect(reply.body.product.subscription_defaults).toMatchObject({
      charge_interval_frequency: 3,
      order_interval_frequency_options: ['1'],
      order_day_of_month: 15,
      storefront_purchase_options: 'subscription_only',
    });
    const plans = (await api.get('/plans', { version: '2021-11' })).body.plans;
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({
      type: 'prepaid',
      title: '3 months prepaid, delivered every 1 month',
      subscription_preferences: {
        charge_interval_frequency: 3,
        order_interval_frequency: 1,
        order_day_of_month: 15,
      },
    });
  });

  it('derives subscription_defaults from plans made in 2021-11', async () => {
    const { api } = await store({ version: '2021-01' });
    const product = await createProduct(api, { external_product_id: 'sku-abc' });
    const bare = (await api.get('/products', { query: { platform_product_id: 'sku-abc' } })).body.products[0];
    expect(bare).toMatchObject({
      platform_product_id: 'sku-abc',
      discount_amount: null,
      discount_type: null,
      images: { large: null, medium: null, original: null, small: null },
      subscription_defaults: {
        charge_interval_frequency: null,
        order_interval_frequency_options: [],
        storefront_purchase_options: 'inactive',
      },
    });
    await createPlan(api, product.external_product_id, {
      discount_amount: '2.50',
      discount_type: 'fixed_amount',
      subscription_preferences: {
        charge_interval_frequency: 2,
        order_interval_frequency: 2,
        interval_unit: 'week',
      },
    });
    const after = (await api.get(`/products/${bare.id}`)).body.product;
    expect(after).toMatchObject({
      discount_amount: 2.5,
      discount_type: 'fixed_amount',
      subscription_defaults: {
        charge_interval_frequency: 2,
        order_interval_frequency_options: ['2'],
        order_interval_unit: 'week',
        storefront_purchase_options: 'subscription_only',
      },
    });
  });

  it('updates settings by changing plans in place and deleting those no longer described', async () => {
    const { api } = await store({ version: '2021-01' });
    const product = (await api.post('/products', legacyBody())).body.product;
    const modern = api.with({ version: '2021-11' });
    const before = (await modern.get('/plans', { query: { sort_by: 'id-asc' } })).body.plans;
    const updated = await api.put(`/products/${product.id}`, {
      title: 'Tea Sampler Deluxe',
      discount_amount: '20',
      subscription_defaults: {
        order_interval_frequency_options: ['1'],
        storefront_purchase_options: 'subscription_only',
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.product).toMatchObject({
      title: 'Tea Sampler Deluxe',
      discount_amount: 20,
      subscription_defaults: {
        order_interval_frequency_options: ['1'],
        storefront_purchase_options: 'subscription_only',
      },
    });
    const after = (await modern.get('/plans')).body.plans;
    expect(after.map((plan: Json) => [plan.id, plan.discount_amount])).toEqual([[before[0].id, '20.00']]);
    const events = (await api.get('/events', { query: { object_type: 'plan' } })).body.events.map(
      (e: Json) => e.verb,
    );
    expect(events.slice(0, 3).sort()).toEqual(['deleted', 'deleted', 'updated']);
  });

  it('validates purchase settings before writing anything (422)', async () => {
    const { api } = await store({ version: '2021-01' });
    const reply = await api.post(
      '/products',
      legacyBody({
        discount_type: 'percentage',
        discount_amount: 120,
        subscription_defaults: {
          charge_interval_frequency: 5,
          order_interval_frequency_options: [2],
          order_interval_unit: 'week',
          order_day_of_month: 3,
        },
      }),
    );
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({
      errors: {
        discount_amount: ['Must be less than or equal to 100 for a percentage discount.'],
        subscription_defaults: {
          charge_interval_frequency: [
            'Must equal an order interval frequency (pay-as-you-go) or be a multiple of one (prepaid).',
          ],
          order_day_of_month: ['Only allowed with order_interval_unit month.'],
        },
      },
    });
    const missing = await api.post('/products', {
      title: 'x',
      subscription_defaults: { storefront_purchase_options: 'subscription_only' },
    });
    expect(missing.body).toEqual({
      errors: {
        platform_product_id: ['Missing data for required field.'],
      },
    });
    const incomplete = await api.post('/products', {
      platform_product_id: 'p1',
      title: 'x',
      subscription_defaults: { storefront_purchase_options: 'subscription_only' },
    });
    expect(incomplete.body).toEqual({
      errors: {
        subscription_defaults: {
          charge_interval_frequency: ['Missing data for required field.'],
          order_interval_frequency_options: ['Missing data for required field.'],
          order_interval_unit: ['Missing data for required field.'],
        },
      },
    });
    expect((await api.get('/products/count')).body).toEqual({ count: 0 });
    expect((await api.get('/plans', { version: '2021-11' })).body.plans).toEqual([]);
  });

  it('lists with a Link header, counts, and includes collections and metafields', async () => {
    const s = await store({ version: '2021-01' });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        (await s.api.post('/products', legacyBody({ platform_product_id: 9000 + i }))).body.product.id,
      );
    }
    const first = await s.api.get('/products', { query: { limit: 2 } });
    expect(first.body.products.map((p: Json) => p.id)).toEqual([ids[2], ids[1]]);
    const link = first.headers.get('link') ?? '';
    expect(link).toContain('rel="next"');
    const next = new URL(/<([^>]+)>; rel="next"/.exec(link)?.[1] ?? '');
    const second = await s.api.get(`/products${next.search}`);
    expect(second.body.products.map((p: Json) => p.id)).toEqual([ids[0]]);
    expect(second.headers.get('link')).toContain('rel="previous"');
    expect((await s.api.get('/products', { query: { ids: ids.join(',') } })).headers.get('link')).toBeNull();

    expect((await s.api.get('/products/count')).body).toEqual({ count: 3 });
    expect((await s.api.get('/products/count', { query: { created_at_min: '2025-02-01' } })).body).toEqual({
      count: 0,
    });

    const collection = await createCollection(s.api);
    await s.api.post(
      `/collections/${collection.id}/collection_products-bulk`,
      { collection_products: [{ external_product_id: '9000' }] },
      { version: '2021-11' },
    );
    const included = await s.api.get(`/products/${ids[0]}`, { query: { include: 'collections,metafields' } });
    expect(included.body.product.collection_id).toBe(collection.id);
    expect(included.body.product.include).toEqual({
      collections: [
        {
          id: collection.id,
          created_at: '2025-01-15T12:00:00',
          description: null,
          sort_order: 'id-desc',
          title: collection.title,
          type: 'manual',
          updated_at: '2025-01-15T12:00:00',
        },
      ],
      metafields: [],
    });
    const bad = await s.api.get('/products', { query: { include: 'variants' } });
    expect(bad.body).toEqual({ errors: { include: ['Must be one of: collections, metafields.'] } });
  });

  it('deletes (200 {}) by integer id, and only integer ids name a product', async () => {
    const { api } = await store({ version: '2021-01' });
    const product = (await api.post('/products', legacyBody())).body.product;
    expect((await api.get('/products/8001')).status).toBe(404);
    expect((await api.get('/products/not-a-number')).status).toBe(404);
    const deleted = await api.delete(`/products/${product.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({});
    expect((await api.get(`/products/${product.id}`)).status).toBe(404);
    expect((await api.get('/plans', { version: '2021-11' })).body.plans).toEqual([]);
  });

  it('has no count endpoint in 2021-11 (501)', async () => {
    const { api } = await store();
    const reply = await api.get('/products/count');
    expect(reply.status).toBe(501);
    expect(reply.body.error).toContain('2021-11');
  });
});
