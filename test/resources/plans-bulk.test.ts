/** POST, PUT and DELETE /products/{external_product_id}/plans-bulk: all or nothing. */
import { describe, expect, it } from 'vitest';
import type { Api, Json } from '../helpers/api.js';
import { createPlan, createProduct } from '../helpers/catalog.js';
import { useEmulator } from '../helpers/emulator.js';

const { store } = useEmulator();

const prefs = (charge: number, order: number) => ({
  charge_interval_frequency: charge,
  order_interval_frequency: order,
  interval_unit: 'month',
});

const planIds = async (api: Api) =>
  (await api.get('/plans', { query: { sort_by: 'id-asc' } })).body.plans.map((p: Json) => p.id);

describe('plans-bulk (2021-11)', () => {
  it('creates plans in bulk, all or nothing', async () => {
    const { api } = await store();
    const { external_product_id: id } = await createProduct(api);
    const good = { type: 'subscription', title: 'Monthly', subscription_preferences: prefs(1, 1) };
    const refused = await api.post(`/products/${id}/plans-bulk`, {
      plans: [good, { type: 'prepaid', title: 'Bad', subscription_preferences: prefs(4, 3) }, { title: '' }],
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      errors: {
        plans: {
          2: { title: ['Shorter than minimum length 1.'], type: ['Missing data for required field.'] },
        },
      },
    });
    const rules = await api.post(`/products/${id}/plans-bulk`, {
      plans: [
        good,
        { type: 'prepaid', title: 'Bad', subscription_preferences: prefs(4, 3) },
        { ...good, external_product_id: 'x' },
      ],
    });
    expect(rules.body).toEqual({
      errors: {
        plans: {
          1: {
            subscription_preferences: {
              charge_interval_frequency: [
                'Must be a multiple of order_interval_frequency greater than it for a prepaid plan.',
              ],
            },
          },
          2: { external_product_id: [`Must be the product of the path, ${id}.`] },
        },
      },
    });
    expect(await planIds(api)).toEqual([]);

    const created = await api.post(`/products/${id}/plans-bulk`, {
      plans: [good, { type: 'onetime', title: 'Once', sort_order: 1 }],
    });
    expect(created.status).toBe(201);
    expect(created.body.plans.map((p: Json) => [p.title, p.external_product_id.ecommerce])).toEqual([
      ['Monthly', id],
      ['Once', id],
    ]);
    expect((await api.post('/products/unknown/plans-bulk', { plans: [good] })).status).toBe(404);
    expect((await api.post(`/products/${id}/plans-bulk`, { plans: [] })).body).toEqual({
      errors: { plans: ['Shorter than minimum length 1.'] },
    });
  });

  it('updates and deletes plans in bulk, all or nothing', async () => {
    const { api } = await store();
    const { external_product_id: id } = await createProduct(api);
    const other = await createProduct(api);
    const [a, b] = (
      await api.post(`/products/${id}/plans-bulk`, {
        plans: [
          { type: 'subscription', title: 'A', subscription_preferences: prefs(1, 1) },
          { type: 'subscription', title: 'B', subscription_preferences: prefs(2, 2) },
        ],
      })
    ).body.plans;
    const foreign = await createPlan(api, other.external_product_id);

    const refused = await api.put(`/products/${id}/plans-bulk`, {
      plans: [
        { id: a.id, title: 'A2' },
        { id: foreign.id, title: 'no' },
        { id: b.id, type: 'onetime', subscription_preferences: prefs(1, 1) },
        { id: a.id, title: 'again' },
      ],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      plans: {
        1: { id: [`No plan with id ${foreign.id} on product ${id}.`] },
        2: { subscription_preferences: ['Must be null for a onetime plan.'] },
        3: { id: ['The same plan is named twice.'] },
      },
    });
    expect((await api.get(`/plans/${a.id}`)).body.plan.title).toBe('A');

    const updated = await api.put(`/products/${id}/plans-bulk`, {
      plans: [
        { id: b.id, discount_amount: '5' },
        { id: a.id, title: 'A2' },
      ],
    });
    expect(updated.status).toBe(200);
    expect(updated.body.plans.map((p: Json) => [p.id, p.title, p.discount_amount, p.discount_type])).toEqual([
      [b.id, 'B', '5.00', 'percentage'],
      [a.id, 'A2', null, null],
    ]);

    const notDeleted = await api.call('DELETE', `/products/${id}/plans-bulk`, {
      plans: [{ id: a.id }, { id: 1 }],
    });
    expect(notDeleted.status).toBe(422);
    expect(notDeleted.body.errors).toEqual({ plans: { 1: { id: [`No plan with id 1 on product ${id}.`] } } });
    expect(await planIds(api)).toEqual([a.id, b.id, foreign.id]);
    const deleted = await api.call('DELETE', `/products/${id}/plans-bulk`, {
      plans: [{ id: a.id }, { id: b.id }],
    });
    expect(deleted.status).toBe(204);
    expect(await planIds(api)).toEqual([foreign.id]);
    const withoutBody = await api.delete(`/products/${id}/plans-bulk`);
    expect(withoutBody.body).toEqual({ errors: { plans: ['Missing data for required field.'] } });
  });
});
