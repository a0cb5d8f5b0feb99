import { describe, expect, it } from 'vitest';
import type { Json } from '../helpers/api.js';
import { useEmulator } from '../helpers/emulator.js';
import { createCustomerWithAddress, createSubscription, queuedCharges } from '../helpers/factories.js';

const { store } = useEmulator();

describe('charge records', () => {
  it('shows a queued charge in the 2021-11 shape, field by field', async () => {
    const { api } = await store({ settings: { tax_rate: 0.05 } });
    const { customerId, addressId } = await createCustomerWithAddress(api);
    const subscription = await createSubscription(api, addressId, {
      quantity: 2,
      properties: [{ name: 'grind', value: 'coarse' }],
    });
    const [charge] = await queuedCharges(api, addressId);
    const customer = (await api.get(`/customers/${customerId}`)).body.customer;
    expect(charge).toEqual({
      id: expect.any(Number),
      address_id: addressId,
      analytics_data: { utm_params: [] },
      billing_address: expect.objectContaining({ address1: '350 Fifth Avenue', country_code: 'US' }),
      charge_attempts: 0,
      client_details: { browser_ip: null, user_agent: null },
      created_at: '2025-01-15T12:00:00+00:00',
      currency: 'USD',
      customer: {
        id: customerId,
        email: customer.email,
        external_customer_id: { ecommerce: null },
        hash: customer.hash,
      },
      discounts: [],
      error: null,
      error_type: null,
      external_order_id: { ecommerce: null },
      external_transaction_id: { payment_processor: null },
      external_variant_id_not_found: false,
      // Live evidence: a queued charge has not been tried, so it shows neither
      // external_variant_not_found nor last_charge_attempt.
      has_uncommitted_changes: false,
      line_items: [
        {
          purchase_item_id: subscription.id,
          external_product_id: { ecommerce: 'prod-coffee' },
          external_variant_id: { ecommerce: 'var-coffee-1kg' },
          grams: 0,
          handle: null,
          images: {},
          original_price: '20.00',
          properties: [{ name: 'grind', value: 'coarse' }],
          purchase_item_type: 'subscription',
          quantity: 2,
          sku: null,
          tax_due: '2.00',
          tax_lines: [{ price: '2.00', rate: 0.05, title: 'Tax 5%', unit_price: '1.00' }],
          taxable: true,
          taxable_amount: '40.00',
          title: 'House Coffee',
          total_price: '40.00',
          unit_price: '20.00',
          unit_price_includes_tax: false,
          variant_title: '1 kg',
        },
      ],
      merged_at: null,
      note: null,
      order_attributes: [],
      orders_count: 1,
      payment_processor: null,
      processed_at: null,
      retry_date: null,
      scheduled_at: '2025-02-01',
      shipping_address: expect.objectContaining({ city: 'New York', country_code: 'US', zip: '10118' }),
      shipping_lines: [
        {
          code: 'standard',
          price: '0.00',
          title: 'Standard Shipping',
          source: 'store',
          taxable: false,
          tax_lines: [],
          // When the queued charge's shipping was priced: its creation, from the store clock.
          retrieved_at: '2025-01-15T12:00:00.000000+00:00',
          status: 'active',
        },
      ],
      status: 'queued',
      subtotal_price: '40.00',
      tags: 'Subscription, Subscription Recurring Order',
      tax_lines: [{ price: '2.00', rate: 0.05, title: 'Tax 5%' }],
      taxable: true,
      taxes_included: false,
      total_discounts: '0.00',
      total_duties: '0.00',
      total_line_items_price: '40.00',
      total_price: '42.00',
      total_refunds: '0.00',
      total_tax: '2.00',
      total_weight_grams: 0,
      type: 'recurring',
      updated_at: '2025-01-15T12:00:00+00:00',
    });
  });

  it('shows a charge in the 2021-01 shape, field by field', async () => {
    const { api } = await store({ version: '2021-01' });
    const modern = api.with({ version: '2021-11' });
    const { customerId, addressId } = await createCustomerWithAddress(modern);
    const subscription = await createSubscription(modern, addressId, {
      external_variant_id: { ecommerce: '4242' },
      external_product_id: { ecommerce: '99' },
    });
    const id = (await queuedCharges(modern, addressId))[0].id;
    const charge = (await api.get(`/charges/${id}`)).body.charge;
    expect(Object.keys(charge).sort()).toEqual(
      [
        'address_id',
        'analytics_data',
        'billing_address',
        'client_details',
        'created_at',
        'customer_hash',
        'customer_id',
        'discount_codes',
        'email',
        'error',
        'error_type',
        'first_name',
        'has_uncommited_changes',
        'id',
        'last_charge_attempt_date',
        'last_name',
        'line_items',
        'note',
        'note_attributes',
        'number_times_tried',
        'platform_order_id',
        'platform_variant_id_not_found',
        'processed_at',
        'processor_name',
        'retry_date',
        'scheduled_at',
        'shipments_count',
        'shipping_address',
        'shipping_lines',
        'status',
        'sub_total',
        'subtotal_price',
        'tags',
        'tax_lines',
        'total_discounts',
        'total_line_items_price',
        'total_price',
        'total_refunds',
        'total_tax',
        'total_weight',
        'transaction_id',
        'type',
        'updated_at',
      ].sort(),
    );
    expect(charge).toMatchObject({
      customer_id: customerId,
      status: 'QUEUED',
      type: 'RECURRING',
      scheduled_at: '2025-02-01T00:00:00',
      created_at: '2025-01-15T12:00:00',
      has_uncommited_changes: false,
      number_times_tried: 0,
      sub_total: 20,
      billing_address: expect.objectContaining({ country: 'United States' }),
      shipping_lines: [{ code: 'standard', price: '0.00', title: 'Standard Shipping' }],
    });
    expect(charge.line_items).toEqual([
      {
        grams: 0,
        images: { large: null, medium: null, original: null, small: null },
        original_price: '20.00',
        price: '20.00',
        properties: [],
        quantity: 1,
        platform_product_id: 99,
        platform_variant_id: 4242,
        sku: null,
        subscription_id: subscription.id,
        title: 'House Coffee',
        variant_title: '1 kg',
      },
    ]);
  });
});

describe('charge lists', () => {
  async function seed() {
    const s = await store();
    const one = await createCustomerWithAddress(s.api);
    const two = await createCustomerWithAddress(s.api);
    const a = await createSubscription(s.api, one.addressId, { next_charge_scheduled_at: '2025-02-01' });
    const b = await createSubscription(s.api, one.addressId, { next_charge_scheduled_at: '2025-03-01' });
    const c = await createSubscription(s.api, two.addressId, { next_charge_scheduled_at: '2025-02-15' });
    const charges = await s.api.get('/charges');
    const byItem = (id: number) =>
      charges.body.charges.find((ch: Json) => ch.line_items[0].purchase_item_id === id).id;
    return { ...s, one, two, a, b, c, charge: { a: byItem(a.id), b: byItem(b.id), c: byItem(c.id) } };
  }

  it('filters by address, customer, item, scheduled date range and status lists (2021-11)', async () => {
    const { api, one, two, a, charge } = await seed();
    const ids = async (query: Record<string, string | number>) =>
      (await api.get('/charges', { query })).body.charges.map((c: Json) => c.id);
    expect(await ids({})).toEqual([charge.a, charge.b, charge.c]);
    expect(await ids({ address_id: one.addressId })).toEqual([charge.a, charge.b]);
    expect(await ids({ customer_id: two.customerId })).toEqual([charge.c]);
    expect(await ids({ purchase_item_id: a.id })).toEqual([charge.a]);
    expect(await ids({ scheduled_at_min: '2025-02-10', scheduled_at_max: '2025-02-28' })).toEqual([charge.c]);
    expect(await ids({ scheduled_at: '2025-03-01' })).toEqual([charge.b]);
    expect(await ids({ status: 'queued,skipped' })).toEqual([charge.a, charge.b, charge.c]);
    expect(await ids({ status: 'success' })).toEqual([]);
    expect(await ids({ sort_by: 'scheduled_at-desc' })).toEqual([charge.b, charge.c, charge.a]);
    expect((await api.get('/charges', { query: { status: 'done' } })).status).toBe(422);
    expect((await api.get('/charges', { query: { scheduled_at_min: 'soon' } })).status).toBe(422);
  });

  it('filters and counts with the 2021-01 names', async () => {
    const { api, one, b, charge } = await seed();
    const legacy = api.with({ version: '2021-01' });
    const ids = async (query: Record<string, string | number>) =>
      (await legacy.get('/charges', { query })).body.charges.map((c: Json) => c.id);
    expect(await ids({ date_min: '2025-02-10' })).toEqual([charge.b, charge.c]);
    expect(await ids({ date: '2025-02-01' })).toEqual([charge.a]);
    expect(await ids({ subscription_id: b.id })).toEqual([charge.b]);
    expect(await ids({ status: 'QUEUED', sort_by: 'charge_date-asc' })).toEqual([
      charge.a,
      charge.c,
      charge.b,
    ]);
    expect((await legacy.get('/charges/count')).body).toEqual({ count: 3 });
    expect(
      (await legacy.get('/charges/count', { query: { address_id: one.addressId, date_max: '2025-02-01' } }))
        .body,
    ).toEqual({ count: 1 });
    expect((await api.get('/charges/count')).status).toBe(501);
    const paged = await legacy.get('/charges', { query: { limit: 1 } });
    expect(paged.headers.get('link')).toContain('rel="next"');
    // Spec: /charges with created_at_min or updated_at_min returns no Link header.
    const noLink = await legacy.get('/charges', { query: { limit: 1, created_at_min: '2025-01-01' } });
    expect(noLink.headers.get('link')).toBeNull();
  });
});

describe('one-time items', () => {
  it('shows one-time items in both versions', async () => {
    const { api } = await store();
    const { customerId, addressId } = await createCustomerWithAddress(api);
    const created = await api.post('/onetimes', {
      address_id: addressId,
      next_charge_scheduled_at: '2025-02-01',
      external_variant_id: { ecommerce: '777' },
      external_product_id: { ecommerce: '70' },
      product_title: 'Mug',
      price: '12.00',
      quantity: 2,
    });
    expect(created.body.onetime).toEqual({
      id: expect.any(Number),
      address_id: addressId,
      customer_id: customerId,
      created_at: '2025-01-15T12:00:00+00:00',
      external_product_id: { ecommerce: '70' },
      external_variant_id: { ecommerce: '777' },
      is_cancelled: false,
      next_charge_scheduled_at: '2025-02-01',
      presentment_currency: 'USD',
      price: '12.00',
      product_title: 'Mug',
      properties: [],
      quantity: 2,
      sku: null,
      sku_override: false,
      type: 'onetime',
      updated_at: '2025-01-15T12:00:00+00:00',
      variant_title: null,
    });
    const legacy = await api.get(`/onetimes/${created.body.onetime.id}`, { version: '2021-01' });
    expect(legacy.body.onetime).toMatchObject({
      price: 12,
      platform_variant_id: 777,
      status: 'ONETIME',
      next_charge_scheduled_at: '2025-02-01T00:00:00',
    });
    const moved = await api.put(`/onetimes/${created.body.onetime.id}`, {
      next_charge_scheduled_at: '2025-02-05',
    });
    expect(moved.body.onetime.next_charge_scheduled_at).toBe('2025-02-05');
    expect((await queuedCharges(api, addressId)).map((c: Json) => c.scheduled_at)).toEqual(['2025-02-05']);
    expect((await api.get('/onetimes', { query: { address_id: addressId } })).body.onetimes).toHaveLength(1);
    expect(
      (await api.put(`/onetimes/${created.body.onetime.id}`, { next_charge_scheduled_at: '2024-12-01' }))
        .status,
    ).toBe(422);
  });
});
