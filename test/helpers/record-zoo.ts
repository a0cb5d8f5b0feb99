/**
 * A store holding a record of every kind the API serves, in the states whose shapes differ: paid,
 * failed, queued, skipped and merged charges, submitted and queued prepaid orders, a completed
 * checkout, a processed async batch, bundle selections (standing and for one charge), credits,
 * metafields on every owner, a product with an image and one without, a variant without a title of
 * its own. Made through the API (and the control API for credits), so every record carries what
 * real requests give it.
 */
import type { Api, Json } from './api.js';
import { bundleShop, createPlan, createProduct, subscribe } from './catalog.js';
import { charge, open, SHIPPING_RATES } from './checkouts.js';
import type { TestStore } from './emulator.js';
import { addCard, createCustomerWithAddress, createSubscription, customerBody2021_01 } from './factories.js';

export interface Zoo {
  readonly customerId: number;
  readonly addressId: number;
  readonly legacyCustomerId: number;
  readonly failingCustomerId: number;
  readonly collectionId: number;
  readonly batchId: number;
  readonly checkoutToken: string;
  /** `POST /checkouts/{token}/charge` answers (`checkout_charge`), one per version. */
  readonly checkoutCharges: Readonly<Record<'2021-01' | '2021-11', Json>>;
  readonly productId: string;
  /** The 2021-01 id of a product (its `id` there). */
  readonly legacyProductId: number;
  readonly discountId: number;
  readonly metafieldId: number;
  readonly creditAccountId: number;
}

async function ok(reply: Promise<{ status: number; text: string; body: Json }>, what: string): Promise<Json> {
  const answer = await reply;
  if (answer.status >= 300) throw new Error(`${what} failed: ${answer.status} ${answer.text}`);
  return answer.body;
}

/** Settings a zoo store needs: taxes and rates (so tax and shipping lines are filled), credits. */
export const ZOO_SETTINGS = { tax_rate: 0.1, shipping_rates: SHIPPING_RATES, retention_enabled: true };

/**
 * Fills a store (created with `ZOO_SETTINGS`, clock at the tests' START) with every kind of record,
 * then bills the day's charges.
 *
 * @example const zoo = await seedZoo(await store({ settings: ZOO_SETTINGS }));
 */
export async function seedZoo(s: TestStore): Promise<Zoo> {
  const api: Api = s.api.with({ version: '2021-11' });
  const coffee = await createProduct(api, {
    images: [{ src: 'https://cdn.example/coffee.png' }],
    variants: [
      {
        external_variant_id: '9001',
        title: '1 kg',
        sku: 'COF-1KG',
        prices: { unit_price: '20.00' },
        grams: 1000,
      },
    ],
  });
  // No image and no variant title of its own: the records show `images: {}` and a null variant title.
  const mug = await createProduct(api, {
    variants: [{ external_variant_id: '9002', prices: { unit_price: '9.00' } }],
  });
  await createPlan(api, coffee.external_product_id);
  await ok(
    api.post('/plans', { external_product_id: mug.external_product_id, type: 'onetime', title: 'Just once' }),
    'onetime plan',
  );
  const shop = await bundleShop(api);

  const { customerId, addressId } = await createCustomerWithAddress(api);
  await addCard(api, customerId);
  await subscribe(api, addressId, '9001', { next_charge_scheduled_at: '2025-01-16', quantity: 2 });
  // Prepaid: charged every 3 months, shipped monthly (queued orders after the charge).
  await createSubscription(api, addressId, {
    next_charge_scheduled_at: '2025-01-16',
    charge_interval_frequency: 3,
    order_interval_frequency: 1,
  });
  await ok(
    api.post('/onetimes', {
      address_id: addressId,
      next_charge_scheduled_at: '2025-03-01',
      external_variant_id: { ecommerce: '9002' },
      quantity: 1,
    }),
    'onetime',
  );
  // A second subscription on another date, then moved onto the first one's date: a merged charge.
  const moved = await subscribe(api, addressId, '9002', { next_charge_scheduled_at: '2025-03-05' });
  await ok(
    api.post(`/subscriptions/${moved.id}/set_next_charge_date`, { date: '2025-03-01' }),
    'move onto another charge',
  );
  const discount = (
    await ok(
      api.post('/discounts', {
        code: 'ZOO10',
        value: '10',
        value_type: 'percentage',
        applies_to: { purchase_item_type: 'ALL', resource: null, ids: [] },
      }),
      'discount',
    )
  ).discount;
  await ok(
    api.post(`/addresses/${addressId}/apply_discount`, { discount_id: discount.id }),
    'apply discount',
  );

  const failing = await createCustomerWithAddress(api);
  await addCard(api, failing.customerId, 'tok_declined');
  await createSubscription(api, failing.addressId, { next_charge_scheduled_at: '2025-01-16' });

  const legacy = api.with({ version: '2021-01' });
  const legacyCustomer = (
    await ok(legacy.post('/customers', customerBody2021_01({ phone: '+12125550123' })), 'legacy customer')
  ).customer;

  const metafieldIds: number[] = [];
  for (const [owner_resource, owner_id] of [
    ['customer', customerId],
    ['address', addressId],
    ['store', s.storeId],
  ] as const) {
    const created = await ok(
      api.post('/metafields', {
        owner_resource,
        owner_id,
        namespace: 'zoo',
        key: `${owner_resource}-note`,
        value: 'kept',
        value_type: 'string',
      }),
      'metafield',
    );
    metafieldIds.push(created.metafield.id);
  }
  await ok(api.post('/webhooks', { address: 'https://hooks.example/zoo', topic: 'charge/paid' }), 'webhook');
  await ok(
    api.post('/retention_strategies', {
      incentive_type: 'discount',
      reason: 'Too dear',
      discount_code: 'ZOO10',
    }),
    'retention strategy',
  );
  await ok(
    api.post('/bundle_selections', {
      purchase_item_id: shop.subscription.id,
      items: [
        {
          collection_id: shop.beans.id,
          external_product_id: shop.a.external_product_id,
          external_variant_id: 'bean-a',
          quantity: 3,
        },
      ],
    }),
    'bundle selection',
  );
  // One for the item's next queued charge only (`charge_id` set).
  const [bundleCharge] = (
    await ok(
      api.get('/charges', { query: { address_id: shop.subscription.address_id, status: 'queued' } }),
      'bundle charges',
    )
  ).charges;
  await ok(
    api.post('/bundle_selections', {
      purchase_item_id: shop.subscription.id,
      charge_id: bundleCharge.id,
      items: [
        {
          collection_id: shop.beans.id,
          external_product_id: shop.a.external_product_id,
          external_variant_id: 'bean-a',
          quantity: 3,
        },
      ],
    }),
    'bundle selection for a charge',
  );
  const credit = await s.control.createCreditAccount({
    customer_id: customerId,
    initial_balance: '25.00',
    type: 'reward',
  });

  const batch = (await ok(api.post('/async_batches', { batch_type: 'discount_create' }), 'batch'))
    .async_batch;
  await ok(
    api.post(`/async_batches/${batch.id}/tasks`, {
      tasks: [{ body: { code: 'BATCH5', value: '5', value_type: 'fixed_amount' } }],
    }),
    'batch tasks',
  );
  await ok(api.post(`/async_batches/${batch.id}/process`), 'batch process');

  const checkoutShop = {
    ...s,
    coffee,
    coffeeLine: (extra: Record<string, unknown> = {}) => ({
      product_id: coffee.external_product_id,
      variant_id: '9001',
      quantity: 1,
      charge_interval_frequency: 1,
      order_interval_frequency: 1,
      order_interval_unit: 'month',
      ...extra,
    }),
    mugLine: { product_id: mug.external_product_id, variant_id: '9002', quantity: 1 },
  };
  const checkout = await open(checkoutShop as never);
  const modernCharge = await ok(charge(api, checkout.token), 'checkout charge');
  const legacyCheckout = await open(checkoutShop as never, { email: 'legacy.buyer@example.com' });
  const legacyCharge = await ok(charge(legacy, legacyCheckout.token), 'checkout charge (2021-01)');

  await s.control.advanceClock({ days: 2 });
  // A queued charge skipped whole.
  const [nextOfFailing] = (
    await ok(
      api.get('/charges', { query: { address_id: shop.subscription.address_id, status: 'queued' } }),
      'list',
    )
  ).charges;
  await ok(api.post(`/charges/${nextOfFailing.id}/skip`), 'skip');

  const [legacyProduct] = (await ok(legacy.get('/products'), 'legacy products')).products;
  return {
    legacyProductId: legacyProduct.id,
    customerId,
    addressId,
    legacyCustomerId: legacyCustomer.id,
    failingCustomerId: failing.customerId,
    collectionId: shop.beans.id,
    batchId: batch.id,
    checkoutToken: checkout.token,
    checkoutCharges: { '2021-01': legacyCharge.checkout_charge, '2021-11': modernCharge.checkout_charge },
    productId: coffee.external_product_id,
    discountId: discount.id,
    metafieldId: metafieldIds[0] ?? 0,
    creditAccountId: credit.id,
  };
}
