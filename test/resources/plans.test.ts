import { describe, expect, it } from 'vitest';
import type { Json } from '../helpers/api.js';
import { createPlan, createProduct, subscriptionPlanBody } from '../helpers/catalog.js';
import { useEmulator } from '../helpers/emulator.js';

const { store } = useEmulator();

const prefs = (charge: number, order: number, unit = 'month', extra: Record<string, unknown> = {}) => ({
  charge_interval_frequency: charge,
  order_interval_frequency: order,
  interval_unit: unit,
  ...extra,
});

describe('plans (2021-11)', () => {
  it('creates (201), retrieves, updates and deletes a plan', async () => {
    const { api } = await store();
    const product = await createProduct(api);
    const created = await api.post('/plans', subscriptionPlanBody(product.external_product_id));
    expect(created.status).toBe(201);
    const plan = created.body.plan;
    expect(plan).toEqual({
      id: expect.any(Number),
      channel_settings: {
        api: { display: true },
        checkout_page: { display: true },
        customer_portal: { display: true },
        merchant_portal: { display: true },
      },
      created_at: '2025-01-15T12:00:00+00:00',
      discount_amount: '10.00',
      discount_type: 'percentage',
      // Real 2021-11 plans answer {ecommerce} (api-facts: real clients and recorded responses).
      external_product_id: { ecommerce: product.external_product_id },
      sort_order: 0,
      subscription_preferences: {
        charge_interval_frequency: 1,
        expire_after_specific_number_of_charges: null,
        interval_unit: 'month',
        order_day_of_month: null,
        order_day_of_week: null,
        order_interval_frequency: 1,
      },
      title: 'Every month',
      type: 'subscription',
      updated_at: '2025-01-15T12:00:00+00:00',
    });
    expect((await api.get(`/plans/${plan.id}`)).body.plan).toEqual(plan);

    const updated = await api.put(`/plans/${plan.id}`, {
      title: 'Quarterly prepaid',
      type: 'prepaid',
      subscription_preferences: { charge_interval_frequency: 3, order_day_of_month: 31 },
      channel_settings: { customer_portal: { display: false } },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.plan).toMatchObject({
      title: 'Quarterly prepaid',
      type: 'prepaid',
      subscription_preferences: prefs(3, 1, 'month', { order_day_of_month: 31 }),
      channel_settings: { api: { display: true }, customer_portal: { display: false } },
      discount_amount: '10.00',
    });
    const onetime = await api.put(`/plans/${plan.id}`, { type: 'onetime', discount_amount: null });
    expect(onetime.body.plan).toMatchObject({
      type: 'onetime',
      subscription_preferences: null,
      discount_amount: null,
      discount_type: null,
    });

    expect((await api.delete(`/plans/${plan.id}`)).status).toBe(204);
    expect((await api.get(`/plans/${plan.id}`)).status).toBe(404);
    const events = (await api.get('/events', { query: { object_type: 'plan' } })).body.events;
    expect(events.map((e: Json) => e.verb).reverse()).toEqual(['created', 'updated', 'updated', 'deleted']);
    expect(events.every((e: Json) => e.object_id === plan.id)).toBe(true);
  });

  it('validates plans against their type (422)', async () => {
    const { api } = await store();
    const { external_product_id: id } = await createProduct(api);
    const cases: [Record<string, unknown>, Json][] = [
      [
        {},
        {
          external_product_id: ['Missing data for required field.'],
          title: ['Missing data for required field.'],
          type: ['Missing data for required field.'],
        },
      ],
      [
        {
          external_product_id: 'nope',
          type: 'subscription',
          title: 'x',
          subscription_preferences: prefs(1, 1),
        },
        { external_product_id: ['No product with external_product_id nope.'] },
      ],
      [
        { external_product_id: id, type: 'subscription', title: 'x' },
        { subscription_preferences: ['Missing data for required field.'] },
      ],
      [
        { external_product_id: id, type: 'subscription', title: 'x', subscription_preferences: prefs(2, 1) },
        {
          subscription_preferences: {
            charge_interval_frequency: [
              'Must equal order_interval_frequency for a subscription plan (use a prepaid plan otherwise).',
            ],
          },
        },
      ],
      [
        { external_product_id: id, type: 'prepaid', title: 'x', subscription_preferences: prefs(3, 2) },
        {
          subscription_preferences: {
            charge_interval_frequency: [
              'Must be a multiple of order_interval_frequency greater than it for a prepaid plan.',
            ],
          },
        },
      ],
      [
        { external_product_id: id, type: 'prepaid', title: 'x', subscription_preferences: prefs(2, 2) },
        {
          subscription_preferences: {
            charge_interval_frequency: [
              'Must be a multiple of order_interval_frequency greater than it for a prepaid plan.',
            ],
          },
        },
      ],
      [
        { external_product_id: id, type: 'onetime', title: 'x', subscription_preferences: prefs(1, 1) },
        { subscription_preferences: ['Must be null for a onetime plan.'] },
      ],
      [
        {
          external_product_id: id,
          type: 'subscription',
          title: 'x',
          subscription_preferences: prefs(1, 1, 'week', { order_day_of_month: 5 }),
        },
        { subscription_preferences: { order_day_of_month: ['Only allowed with interval_unit month.'] } },
      ],
      [
        {
          external_product_id: id,
          type: 'subscription',
          title: 'x',
          subscription_preferences: prefs(1, 1, 'month', { order_day_of_week: 2 }),
        },
        { subscription_preferences: { order_day_of_week: ['Only allowed with interval_unit week.'] } },
      ],
      [
        {
          external_product_id: id,
          type: 'subscription',
          title: 'x',
          subscription_preferences: {
            charge_interval_frequency: 0,
            order_interval_frequency: 1.5,
            interval_unit: 'year',
            order_day_of_week: 7,
            order_day_of_month: 32,
          },
        },
        {
          subscription_preferences: {
            charge_interval_frequency: ['Must be greater than or equal to 1.'],
            order_interval_frequency: ['Not a valid integer.'],
            interval_unit: ['Must be one of: day, week, month.'],
            order_day_of_week: ['Must be less than or equal to 6.'],
            order_day_of_month: ['Must be less than or equal to 31.'],
          },
        },
      ],
      [
        {
          external_product_id: id,
          type: 'onetime',
          title: 'x',
          discount_type: 'percent',
          discount_amount: 'ten',
        },
        {
          discount_type: ['Must be one of: percentage, fixed_amount.'],
          discount_amount: ['Not a valid amount: a decimal string such as "19.99".'],
        },
      ],
      [
        {
          external_product_id: id,
          type: 'onetime',
          title: 'x',
          discount_type: 'percentage',
          discount_amount: '150',
        },
        { discount_amount: ['Must be less than or equal to 100 for a percentage discount.'] },
      ],
      [
        { external_product_id: id, type: 'onetime', title: 'x', discount_type: 'fixed_amount' },
        { discount_amount: ['Missing data for required field.'] },
      ],
    ];
    for (const [body, expected] of cases) {
      const reply = await api.post('/plans', body);
      expect(reply.status, JSON.stringify(body)).toBe(422);
      expect(reply.body, JSON.stringify(body)).toEqual({ errors: expected });
    }
    const plan = await createPlan(api, id);
    const moved = await api.put(`/plans/${plan.id}`, { external_product_id: 'other', type: 'prepaid' });
    expect(moved.body.errors).toEqual({
      external_product_id: ['The product of a plan cannot be changed.'],
      subscription_preferences: {
        charge_interval_frequency: [
          'Must be a multiple of order_interval_frequency greater than it for a prepaid plan.',
        ],
      },
    });
    expect((await api.get('/plans')).body.plans).toHaveLength(1);
  });

  it('accepts the external product id as {ecommerce} and numbers', async () => {
    const { api } = await store();
    await createProduct(api, { external_product_id: '123' });
    const wrapped = await api.post(
      '/plans',
      subscriptionPlanBody('x', { external_product_id: { ecommerce: '123' } }),
    );
    expect(wrapped.body.plan.external_product_id).toEqual({ ecommerce: '123' });
    const numeric = await api.post('/plans', subscriptionPlanBody('x', { external_product_id: 123 }));
    expect(numeric.body.plan.external_product_id).toEqual({ ecommerce: '123' });
  });

  it('lists plans by product and type, sorted by id or updated_at', async () => {
    const s = await store();
    const a = await createProduct(s.api);
    const b = await createProduct(s.api);
    const monthly = await createPlan(s.api, a.external_product_id);
    const once = await createPlan(s.api, a.external_product_id, {
      type: 'onetime',
      subscription_preferences: null,
    });
    const other = await createPlan(s.api, b.external_product_id);
    const ids = (reply: { body: Json }) => reply.body.plans.map((p: Json) => p.id);
    expect(ids(await s.api.get('/plans'))).toEqual([other.id, once.id, monthly.id]);
    expect(ids(await s.api.get('/plans', { query: { external_product_id: a.external_product_id } }))).toEqual(
      [once.id, monthly.id],
    );
    expect(ids(await s.api.get('/plans', { query: { type: 'subscription' } }))).toEqual([
      other.id,
      monthly.id,
    ]);
    expect((await s.api.get('/plans', { query: { type: 'weekly' } })).status).toBe(422);
    await s.control.advanceClock({ hours: 1 });
    await s.api.put(`/plans/${monthly.id}`, { title: 'Monthly' });
    expect(ids(await s.api.get('/plans', { query: { sort_by: 'updated_at-desc' } }))[0]).toBe(monthly.id);
    expect(ids(await s.api.get('/plans', { query: { updated_at_min: '2025-01-15T12:30:00Z' } }))).toEqual([
      monthly.id,
    ]);
    const page = await s.api.get('/plans', { query: { limit: 2 } });
    expect(ids(page)).toEqual([other.id, once.id]);
    const rest = await s.api.get('/plans', { query: { cursor: page.body.next_cursor } });
    expect(ids(rest)).toEqual([monthly.id]);
  });

  it('answers 501 in 2021-01 and needs the product scopes', async () => {
    const s = await store();
    const product = await createProduct(s.api);
    const plan = await createPlan(s.api, product.external_product_id);
    const legacy = s.api.with({ version: '2021-01' });
    for (const [method, path] of [
      ['GET', '/plans'],
      ['POST', '/plans'],
      ['GET', `/plans/${plan.id}`],
      ['PUT', `/plans/${plan.id}`],
      ['DELETE', `/plans/${plan.id}`],
      ['POST', `/products/${product.external_product_id}/plans-bulk`],
      ['PUT', `/products/${product.external_product_id}/plans-bulk`],
      ['DELETE', `/products/${product.external_product_id}/plans-bulk`],
    ] as const) {
      const reply = await legacy.call(method, path, method === 'GET' ? undefined : {});
      expect(reply.status, `${method} ${path}`).toBe(501);
      expect(reply.body.error).toContain('2021-01');
    }
    const reader = await s.control.createToken({ name: 'reader', scopes: ['read_products'] });
    const api = s.api.with({ token: reader.token });
    expect((await api.get(`/plans/${plan.id}`)).status).toBe(200);
    for (const reply of [
      await api.post('/plans', subscriptionPlanBody(product.external_product_id)),
      await api.put(`/plans/${plan.id}`, { title: 'x' }),
      await api.delete(`/plans/${plan.id}`),
      await api.post(`/products/${product.external_product_id}/plans-bulk`, { plans: [] }),
      await api.call('DELETE', `/products/${product.external_product_id}/plans-bulk`, {
        plans: [{ id: plan.id }],
      }),
    ]) {
      expect(reply.status).toBe(403);
      expect(reply.body.error).toContain('write_products');
    }
  });
});
