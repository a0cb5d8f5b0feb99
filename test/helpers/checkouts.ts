/** A shop selling by checkout: catalog, rates and the requests a checkout test repeats. */
import type { Api, Json } from './api.js';
import { createPlan, createProduct } from './catalog.js';
import type { TestStore } from './emulator.js';

type StoreMaker = (input?: {
  version?: '2021-01' | '2021-11';
  settings?: Record<string, unknown>;
}) => Promise<TestStore>;

export const SHIPPING_RATES = [
  { code: 'standard', title: 'Standard', price: '5.00' },
  { code: 'express', title: 'Express', price: '15.00', delivery_range: '1-2 days', phone_required: true },
];

export const ADA = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address1: '350 Fifth Avenue',
  city: 'New York',
  province: 'NY',
  zip: '10118',
  country_code: 'US',
};

export const PAY = { payment_processor: 'stripe', payment_token: 'tok_ok', payment_type: 'CREDIT_CARD' };

/** A store (from `store`) selling coffee by monthly subscription (10% off) and a mug one-time, with rates. */
export async function shop(store: StoreMaker, settings: Record<string, unknown> = {}, version?: '2021-01') {
  const s = await store({ settings: { shipping_rates: SHIPPING_RATES, ...settings }, version });
  const modern = s.api.with({ version: '2021-11' });
  const coffee = await createProduct(modern, {
    title: 'House Coffee',
    variants: [
      { external_variant_id: 'coffee-1kg', title: '1 kg', sku: 'COF-1KG', prices: { unit_price: '20.00' } },
    ],
  });
  const plan = await createPlan(modern, coffee.external_product_id);
  const mug = await createProduct(modern, {
    title: 'Mug',
    variants: [{ external_variant_id: 'mug-1', title: 'White', prices: { unit_price: '9.00' } }],
  });
  const coffeeLine = (extra: Record<string, unknown> = {}) => ({
    product_id: coffee.external_product_id,
    variant_id: 'coffee-1kg',
    quantity: 2,
    charge_interval_frequency: 1,
    order_interval_frequency: 1,
    order_interval_unit: 'month',
    ...extra,
  });
  const mugLine = { product_id: mug.external_product_id, variant_id: 'mug-1', quantity: 1 };
  return { ...s, coffee, plan, mug, coffeeLine, mugLine };
}

export type Shop = Awaited<ReturnType<typeof shop>>;

export async function open(s: Shop, body: Record<string, unknown> = {}): Promise<Json> {
  const reply = await s.api.post('/checkouts', {
    email: 'buyer@example.com',
    line_items: [s.coffeeLine(), s.mugLine],
    shipping_address: ADA,
    ...body,
  });
  if (reply.status !== 200) throw new Error(`checkout create failed: ${reply.status} ${reply.text}`);
  return reply.body.checkout;
}

export const charge = (api: Api, token: string, body: Record<string, unknown> = PAY) =>
  api.post(`/checkouts/${token}/charge`, body);
