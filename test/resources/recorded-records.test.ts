/**
 * The values of the recorded real records (api-facts: "Recorded real records, 2023-2025"), record
 * by record, over HTTP in both versions: once with the spec's neutral words and once as the real
 * service speaks (`--platform-word shopify --header-prefix Recharge`). The fields and kinds of every
 * record are checked by record-shapes.test.ts; this file checks what they hold.
 */
import { describe, expect, it } from 'vitest';
import type { Api, Json } from '../helpers/api.js';
import { createPlan, createProduct, subscribe } from '../helpers/catalog.js';
import { useEmulator, type TestStore } from '../helpers/emulator.js';
import { addCard, createCustomer, createCustomerWithAddress, queuedCharges } from '../helpers/factories.js';

/** The nine flat fields of 2021-01 discounts, never in a 2021-11 discount (recorded real records). */
const FLAT_DISCOUNT_FIELDS = [
  'applies_to_id',
  'applies_to_resource',
  'applies_to_product_type',
  'usage_limit',
  'duration',
  'duration_usage_limit',
  'first_time_customer_restriction',
  'times_used',
  'once_per_customer',
];

const neutral = useEmulator();

const DIALECTS = [
  {
    words: 'the neutral words',
    emulator: neutral,
    settings: {},
    name: (neutral: string) => neutral,
  },
  {
    words: '--platform-word shopify --header-prefix Recharge',
    emulator: useEmulator({ platformWord: 'shopify', headerPrefix: 'Recharge' }),
    settings: { platform_word: 'shopify' },
    name: (neutral: string) =>
      neutral
        .replace(/^platform_/, 'shopify_')
        .replace(/^my_platform_/, 'my_shopify_')
        .replace(/^service_/, 'recharge_'),
  },
];

describe.each(DIALECTS)('recorded real records, with $words', ({ emulator, settings, name }) => {
  const store = (input: { version?: '2021-01' | '2021-11'; settings?: Record<string, unknown> } = {}) =>
    emulator.store({ ...input, settings: { ...settings, ...input.settings } });

  /** A catalog with an imaged, titled coffee and a mug without image or variant title. */
  async function catalog(api: Api) {
    const coffee = await createProduct(api, {
      title: 'House Coffee',
      handle: 'house-coffee',
      images: [{ src: 'https://cdn.example/coffee.png' }],
      variants: [{ external_variant_id: '9101', title: '1 kg', prices: { unit_price: '20.00' } }],
    });
    const mug = await createProduct(api, {
      title: 'Mug',
      variants: [{ external_variant_id: '9102', prices: { unit_price: '9.00' } }],
    });
    return { coffee, mug };
  }

  describe('customers', () => {
    it('2021-01: tax_exempt, and the phone as billing_phone when no billing phone was given', async () => {
      const s = await store({ version: '2021-01' });
      const customer = await createCustomer(s.api, { phone: '+12125550123' });
      expect(customer).toMatchObject({
        phone: '+12125550123',
        billing_phone: '+12125550123',
        tax_exempt: false,
      });
      const own = await createCustomer(s.api, { phone: '+12125550123', billing_phone: '+13125550199' });
      expect(own.billing_phone).toBe('+13125550199');
      const updated = await s.api.put(`/customers/${customer.id}`, { tax_exempt: true });
      expect(updated.body.customer.tax_exempt).toBe(true);
      expect(
        (await s.api.get(`/customers/${customer.id}`, { version: '2021-11' })).body.customer.tax_exempt,
      ).toBe(true);
    });

    it('2021-11: apply_credit_to_next_checkout_charge beside the recurring one', async () => {
      const s = await store();
      const customer = await createCustomer(s.api);
      expect(customer).toMatchObject({
        apply_credit_to_next_checkout_charge: false,
        apply_credit_to_next_recurring_charge: false,
      });
      const updated = await s.api.put(`/customers/${customer.id}`, {
        apply_credit_to_next_checkout_charge: true,
      });
      expect(updated.body.customer.apply_credit_to_next_checkout_charge).toBe(true);
    });
  });

  describe('subscriptions', () => {
    it('2021-01: 1/0 flags, string frequencies, a numeric price, the service product id, no charge_delay', async () => {
      const s = await store();
      const { coffee } = await catalog(s.api);
      const plan = await createPlan(s.api, coffee.external_product_id);
      const { addressId } = await createCustomerWithAddress(s.api);
      const created = await subscribe(s.api, addressId, '9101', { plan_id: plan.id });
      const legacyProduct = (await s.api.get('/products', { version: '2021-01' })).body.products.find(
        (p: Json) => p.title === 'House Coffee',
      );
      const legacy = (await s.api.get(`/subscriptions/${created.id}`, { version: '2021-01' })).body
        .subscription;
      expect(legacy).toMatchObject({
        has_queued_charges: 1,
        max_retries_reached: 0,
        charge_interval_frequency: '1',
        order_interval_frequency: '1',
        price: 18,
        [name('service_product_id')]: legacyProduct.id,
        [name('platform_product_id')]: Number(coffee.external_product_id),
      });
      expect(legacy).not.toHaveProperty('charge_delay');
      expect(legacy).not.toHaveProperty('plan_id');
      if (name('service_product_id') !== 'service_product_id')
        expect(legacy).not.toHaveProperty('service_product_id');
      // 2021-11: JSON booleans, and no plan_id either.
      expect(created).toMatchObject({ has_queued_charges: true, max_retries_reached: false });
      expect(created).not.toHaveProperty('plan_id');
    });
  });

  describe('charges', () => {
    it('2021-11 queued: merged_at when another charge moved in, total_duties, shipping line status, line items as recorded', async () => {
      const s = await store();
      await catalog(s.api);
      const { customerId, addressId } = await createCustomerWithAddress(s.api);
      await addCard(s.api, customerId);
      const coffee = await subscribe(s.api, addressId, '9101', { next_charge_scheduled_at: '2025-03-01' });
      const mug = await subscribe(s.api, addressId, '9102', { next_charge_scheduled_at: '2025-03-05' });
      expect(mug.variant_title).toBeNull();
      const before = await queuedCharges(s.api, addressId);
      expect(before.map((c: Json) => c.merged_at)).toEqual([null, null]);
      await s.control.advanceClock({ hours: 1 });
      await s.api.post(`/subscriptions/${mug.id}/set_next_charge_date`, { date: '2025-03-01' });
      const [merged] = await queuedCharges(s.api, addressId);
      expect(merged).toMatchObject({
        id: before[0].id,
        merged_at: '2025-01-15T13:00:00+00:00',
        total_duties: '0.00',
        tags: 'Subscription, Subscription Recurring Order',
        retry_date: null,
      });
      // Live evidence (wave 3): one shape per status. A queued charge has not been tried: neither
      // last_charge_attempt nor external_variant_not_found; the spec's own two fields stay.
      expect(merged).not.toHaveProperty('last_charge_attempt');
      expect(merged).not.toHaveProperty('external_variant_not_found');
      expect(merged).toMatchObject({ charge_attempts: 0, external_variant_id_not_found: false });
      // retrieved_at: when its shipping was last priced (the merge rebuilt it), with microseconds.
      expect(merged.shipping_lines).toEqual([
        expect.objectContaining({ retrieved_at: '2025-01-15T13:00:00.000000+00:00', status: 'active' }),
      ]);
      const lines = Object.fromEntries(merged.line_items.map((line: Json) => [line.purchase_item_id, line]));
      expect(lines[coffee.id]).toMatchObject({
        handle: null,
        variant_title: '1 kg',
        images: {
          large: 'https://cdn.example/coffee_large.png',
          medium: 'https://cdn.example/coffee_medium.png',
          original: 'https://cdn.example/coffee.png',
          small: 'https://cdn.example/coffee_small.png',
        },
      });
      // No "Default Title", and {} without an image.
      expect(lines[mug.id]).toMatchObject({ handle: null, variant_title: null, images: {} });
      const legacy = (await s.api.get(`/charges/${merged.id}`, { version: '2021-01' })).body.charge;
      expect(legacy.line_items.map((line: Json) => line.variant_title).sort()).toEqual(['1 kg', null]);
    });

    it('2021-11 failed: charge_attempts, last_charge_attempt, retry_date with offset, external_variant_not_found', async () => {
      const s = await store({ settings: { timezone: 'America/New_York' } });
      await catalog(s.api);
      const { customerId, addressId } = await createCustomerWithAddress(s.api);
      await addCard(s.api, customerId, 'tok_declined');
      await subscribe(s.api, addressId, '9101', { next_charge_scheduled_at: '2025-01-16' });
      await s.control.advanceClock({ days: 1 });
      const [failed] = (await s.api.get('/charges', { query: { status: 'error' } })).body.charges;
      expect(failed).toMatchObject({
        charge_attempts: 1,
        last_charge_attempt: '2025-01-16T05:00:00+00:00',
        // Midnight of the retry day in the store's timezone, as the recordings show it.
        retry_date: '2025-01-17T05:00:00+00:00',
        external_variant_id_not_found: false,
        external_variant_not_found: null,
      });
      // Tried, so no longer priced as a queued charge: retrieved_at is null.
      expect(failed.shipping_lines).toEqual([
        expect.objectContaining({ retrieved_at: null, status: 'active' }),
      ]);
      const legacy = (await s.api.get(`/charges/${failed.id}`, { version: '2021-01' })).body.charge;
      expect(legacy).toMatchObject({ retry_date: '2025-01-17', number_times_tried: 1 });
    });
  });

  describe('orders', () => {
    it("2021-01: the platform's ids as strings, its order number as an integer, and the customer", async () => {
      const s = await store();
      await catalog(s.api);
      const { customerId, addressId } = await createCustomerWithAddress(s.api);
      await addCard(s.api, customerId);
      await subscribe(s.api, addressId, '9101', { next_charge_scheduled_at: '2025-01-16' });
      await s.control.advanceClock({ days: 1 });
      const [modern] = (await s.api.get('/orders')).body.orders;
      const [legacy] = (await s.api.get('/orders', { version: '2021-01' })).body.orders;
      const number = modern.external_order_number.ecommerce;
      expect(modern.external_order_name.ecommerce).toBe(`#${number}`);
      expect(legacy).toMatchObject({
        [name('platform_id')]: modern.external_order_id.ecommerce,
        [name('platform_order_id')]: modern.external_order_id.ecommerce,
        [name('platform_order_number')]: Number(number),
        [name('platform_cart_token')]: null,
        [name('platform_customer_id')]: null,
        is_prepaid: 0,
        address_is_active: 1,
        charge_status: 'SUCCESS',
      });
      expect(legacy.line_items[0]).toMatchObject({
        [name('platform_product_id')]: expect.any(String),
        [name('platform_variant_id')]: '9101',
        product_title: 'House Coffee',
        external_inventory_policy: 'decrement_obeying_policy',
      });
      expect(modern).toMatchObject({ is_prepaid: 0, tags: 'Subscription, Subscription Recurring Order' });
    });
  });

  describe('products (2021-01)', () => {
    it("carry the platform's product id as product_id beside <word>_product_id", async () => {
      const s = await store();
      const { coffee } = await catalog(s.api);
      const legacy = (await s.api.get('/products', { version: '2021-01' })).body.products.find(
        (p: Json) => p.title === 'House Coffee',
      );
      expect(legacy).toMatchObject({
        product_id: Number(coffee.external_product_id),
        [name('platform_product_id')]: Number(coffee.external_product_id),
      });
      expect(legacy.subscription_defaults).not.toHaveProperty('order_interval_frequency');
    });
  });

  describe('discounts', () => {
    it('2021-11 answers the nested form only; 2021-01 the flat fields', async () => {
      const s = await store();
      const { coffee } = await catalog(s.api);
      const created = await s.api.post('/discounts', {
        code: 'NESTED',
        value: '10',
        value_type: 'percentage',
        applies_to: {
          purchase_item_type: 'ALL',
          resource: name('platform_product'),
          ids: [coffee.external_product_id],
        },
      });
      expect(created.status).toBe(201);
      const modern = created.body.discount;
      for (const field of FLAT_DISCOUNT_FIELDS) expect(modern).not.toHaveProperty(field);
      expect(modern).toMatchObject({
        applies_to: { resource: name('platform_product'), ids: [coffee.external_product_id] },
        external_discount_source: null,
        discount_type: 'percentage',
        value_type: 'percentage',
      });
      const legacy = (await s.api.get(`/discounts/${modern.id}`, { version: '2021-01' })).body.discount;
      for (const field of FLAT_DISCOUNT_FIELDS) expect(legacy).toHaveProperty(field);
      expect(legacy.applies_to_resource).toBe(name('platform_product'));
    });
  });

  describe('metafields', () => {
    it('answer owner_id as a string in both versions', async () => {
      const s = await store();
      const customer = await createCustomer(s.api);
      const body = {
        owner_resource: 'customer',
        owner_id: customer.id,
        namespace: 'n',
        key: 'k',
        value: 'v',
        value_type: 'string',
      };
      const created = (await s.api.post('/metafields', body)).body.metafield;
      expect(created.owner_id).toBe(String(customer.id));
      const legacy = (await s.api.get(`/metafields/${created.id}`, { version: '2021-01' })).body.metafield;
      expect(legacy.owner_id).toBe(String(customer.id));
    });
  });

  describe('GET /shop (2021-01)', () => {
    it('answers shop and store, with the domain named by the platform word', async () => {
      const s: TestStore = await store({ version: '2021-01' });
      const reply = await s.api.get('/shop');
      expect(Object.keys(reply.body).sort()).toEqual(['shop', 'store']);
      for (const key of ['shop', 'store'])
        expect(reply.body[key]).toMatchObject({
          [name('my_platform_domain')]: `store-${s.storeId}.example`,
          platform_domain: `store-${s.storeId}.example`,
          created_at: 'Wed, 15 Jan 2025 12:00:00 GMT',
        });
      expect(reply.body.shop).toMatchObject({
        allow_customers_to_skip_delivery: 1,
        subscriptions_enabled: 1,
      });
      expect(reply.body.store.checkout_platform).toBe('service_hosted');
    });
  });

  describe('delivery schedule (2021-11)', () => {
    it('gives each order its order_subtotal, the sum of its lines', async () => {
      const s = await store();
      await catalog(s.api);
      const { customerId, addressId } = await createCustomerWithAddress(s.api);
      await subscribe(s.api, addressId, '9101', { quantity: 2 });
      await subscribe(s.api, addressId, '9102');
      const schedule = (await s.api.get(`/customers/${customerId}/delivery_schedule`)).body;
      const [order] = schedule.deliveries[0].orders;
      expect(order.line_items.map((line: Json) => line.subtotal_price).sort()).toEqual(['40.00', '9.00']);
      expect(order.order_subtotal).toBe('49.00');
    });
  });
});

describe('records stored before the new fields existed', () => {
  it('restore from a snapshot without merged_at and apply_credit_to_next_checkout_charge, answering null and false', async () => {
    const s = await neutral.store();
    const { customerId, addressId } = await createCustomerWithAddress(s.api);
    await createProduct(s.api, {
      variants: [{ external_variant_id: '9201', prices: { unit_price: '5.00' } }],
    });
    await subscribe(s.api, addressId, '9201');
    const snapshot = await s.control.snapshot();
    const strip = (records: readonly Record<string, unknown>[] | undefined, field: string) =>
      (records ?? []).map(({ [field]: _dropped, ...rest }) => rest);
    const { collections } = snapshot.store;
    const older = {
      ...snapshot,
      store: {
        ...snapshot.store,
        collections: {
          ...collections,
          charges: strip(collections.charges, 'merged_at'),
          customers: strip(collections.customers, 'apply_credit_to_next_checkout_charge'),
        },
      },
    };
    expect(older.store.collections.charges[0]).not.toHaveProperty('merged_at');
    await s.control.restoreSnapshot(older);
    const [charge] = await queuedCharges(s.api, addressId);
    expect(charge.merged_at).toBeNull();
    const customer = (await s.api.get(`/customers/${customerId}`)).body.customer;
    expect(customer.apply_credit_to_next_checkout_charge).toBe(false);
  });
});
