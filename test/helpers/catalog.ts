/** Valid catalog request bodies (products, plans, collections) and creators for tests. */
import type { Api, Json } from './api.js';

let counter = 0;

/** A 2021-11 product body with one variant; ids are unique per call. */
export function productBody(overrides: Record<string, unknown> = {}) {
  const n = ++counter;
  return {
    external_product_id: `${7000 + n}`,
    title: `Coffee ${n}`,
    vendor: 'Roastery',
    variants: [
      {
        external_variant_id: `${7000 + n}-1`,
        title: '250 g',
        sku: `COF-${n}-250`,
        prices: { unit_price: '12.50', compare_at_price: '15.00' },
        grams: 250,
      },
    ],
    ...overrides,
  };
}

export function subscriptionPlanBody(externalProductId: string, overrides: Record<string, unknown> = {}) {
  return {
    external_product_id: externalProductId,
    type: 'subscription',
    title: 'Every month',
    discount_amount: '10',
    discount_type: 'percentage',
    subscription_preferences: {
      charge_interval_frequency: 1,
      order_interval_frequency: 1,
      interval_unit: 'month',
    },
    ...overrides,
  };
}

async function created(reply: { status: number; text: string; body: Json }, what: string): Promise<Json> {
  if (reply.status !== 201) throw new Error(`${what} create failed: ${reply.status} ${reply.text}`);
  return reply.body;
}

/** Creates a product through the 2021-11 API and returns its record. */
export async function createProduct(api: Api, overrides: Record<string, unknown> = {}): Promise<Json> {
  const reply = await api.post('/products', productBody(overrides), { version: '2021-11' });
  return (await created(reply, 'product')).product;
}

export async function createPlan(
  api: Api,
  externalProductId: string,
  overrides: Record<string, unknown> = {},
): Promise<Json> {
  const reply = await api.post('/plans', subscriptionPlanBody(externalProductId, overrides), {
    version: '2021-11',
  });
  return (await created(reply, 'plan')).plan;
}

export async function createCollection(api: Api, overrides: Record<string, unknown> = {}): Promise<Json> {
  const reply = await api.post(
    '/collections',
    { title: `Collection ${++counter}`, ...overrides },
    {
      version: '2021-11',
    },
  );
  return (await created(reply, 'collection')).collection;
}
