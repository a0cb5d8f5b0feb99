/** Valid catalog request bodies (products, plans, collections) and creators for tests. */
import type { Api, Json } from './api.js';
import { createCustomerWithAddress } from './factories.js';

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

/** Subscribes an address to a catalog variant (title and price come from the catalog). */
export async function subscribe(
  api: Api,
  addressId: number,
  variantId: string,
  extra: Record<string, unknown> = {},
): Promise<Json> {
  const reply = await api.post('/subscriptions', {
    address_id: addressId,
    next_charge_scheduled_at: '2025-02-01',
    charge_interval_frequency: 1,
    order_interval_frequency: 1,
    order_interval_unit: 'month',
    quantity: 1,
    external_variant_id: { ecommerce: variantId },
    ...extra,
  });
  if (reply.status !== 201) throw new Error(`subscribe failed: ${reply.text}`);
  return reply.body.subscription;
}

/** A bundle product (3 bags from the Beans collection) and a subscription to it. */
export async function bundleShop(api: Api) {
  const beans = await createCollection(api, { title: 'Beans' });
  const a = await createProduct(api, {
    variants: [{ external_variant_id: 'bean-a', prices: { unit_price: '5.00' } }],
  });
  const b = await createProduct(api, {
    variants: [{ external_variant_id: 'bean-b', prices: { unit_price: '5.00' } }],
  });
  const stray = await createProduct(api, {
    variants: [{ external_variant_id: 'stray', prices: { unit_price: '5.00' } }],
  });
  await api.post(`/collections/${beans.id}/collection_products-bulk`, {
    collection_products: [
      { external_product_id: a.external_product_id },
      { external_product_id: b.external_product_id },
    ],
  });
  const box = await createProduct(api, {
    title: 'Tasting box',
    variants: [
      {
        external_variant_id: 'box-3',
        title: '3 bags',
        prices: { unit_price: '18.00' },
        bundle: { collection_ids: [beans.id], items_count: 3 },
      },
    ],
  });
  const { addressId } = await createCustomerWithAddress(api);
  const subscription = await subscribe(api, addressId, 'box-3');
  return { beans, a, b, stray, box, subscription };
}
