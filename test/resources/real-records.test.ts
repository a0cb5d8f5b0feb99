/**
 * Fields of the real records (api-facts: "Facts from real clients and recorded responses"): each
 * present with its real type in the versions that have it.
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '../helpers/api.js';
import { createPlan, createProduct } from '../helpers/catalog.js';
import { useEmulator } from '../helpers/emulator.js';
import {
  addCard,
  addressBody2021_01,
  createCustomer,
  createCustomerWithAddress,
  createSubscription,
} from '../helpers/factories.js';

const { store } = useEmulator();

describe('token information', () => {
  it('answers the store contact email as a string, top level and under client, in both versions', async () => {
    const s = await store();
    for (const version of ['2021-01', '2021-11'] as const) {
      const info = (await s.api.get('/token_information', { version })).body.token_information;
      expect(info.contact_email).toBe(`owner@store-${s.storeId}.example`);
      expect(info.client).toEqual({ name: 'Default token', contact_email: info.contact_email });
    }
    await s.control.updateSettings({ email: 'billing@shop.example' });
    const info = (await s.api.get('/token_information')).body.token_information;
    expect(info.contact_email).toBe('billing@shop.example');
    expect(info.client.contact_email).toBe('billing@shop.example');
  });
});

describe('store', () => {
  it('carries checkout_logo_url, updated_at and a string phone in both versions', async () => {
    const s = await store({ settings: { phone: '+1 212 555 0100' } });
    await s.control.advanceClock({ hours: 1 });
    await s.control.updateSettings({ currency: 'EUR' });
    const modern = (await s.api.get('/store')).body.store;
    expect(modern).toMatchObject({
      checkout_logo_url: null,
      phone: '+1 212 555 0100',
      created_at: '2025-01-15T12:00:00+00:00',
      updated_at: '2025-01-15T13:00:00+00:00',
    });
    const legacy = (await s.api.get('/store', { version: '2021-01' })).body.store;
    expect(legacy).toMatchObject({
      checkout_logo_url: null,
      phone: '+1 212 555 0100',
      updated_at: '2025-01-15T13:00:00',
    });
  });
});

describe('accounts', () => {
  it('carry user_id in both versions', async () => {
    const { api } = await store();
    for (const version of ['2021-01', '2021-11'] as const) {
      const [account] = (await api.get('/accounts', { version })).body.accounts;
      expect(account.user_id).toEqual(expect.any(Number));
      expect((await api.get(`/accounts/${account.id}`, { version })).body.account.user_id).toBe(
        account.user_id,
      );
    }
  });
});

describe('orders', () => {
  it('carry taxable (boolean) and total_weight_grams (integer), total_weight in 2021-01', async () => {
    const s = await store({ settings: { tax_rate: 0.1 } });
    const product = await createProduct(s.api);
    const { customerId, addressId } = await createCustomerWithAddress(s.api);
    await addCard(s.api, customerId);
    await createSubscription(s.api, addressId, {
      next_charge_scheduled_at: '2025-01-16',
      quantity: 3,
      external_product_id: { ecommerce: product.external_product_id },
      external_variant_id: { ecommerce: product.variants[0].external_variant_id },
    });
    await s.control.advanceClock({ days: 1 });
    const [modern] = (await s.api.get('/orders')).body.orders;
    expect(modern).toMatchObject({ taxable: true, total_weight_grams: 750 });
    // 2021-01 orders name the weight `total_weight` (api-facts: recorded real records).
    const [legacy] = (await s.api.get('/orders', { version: '2021-01' })).body.orders;
    expect(legacy).toMatchObject({ total_weight: 750 });
  });

  it('are not taxable when the store charges no tax', async () => {
    const s = await store();
    const { customerId, addressId } = await createCustomerWithAddress(s.api);
    await addCard(s.api, customerId);
    await createSubscription(s.api, addressId, { next_charge_scheduled_at: '2025-01-16' });
    await s.control.advanceClock({ days: 1 });
    const [order] = (await s.api.get('/orders')).body.orders;
    expect(order).toMatchObject({ taxable: false, total_weight_grams: 0 });
  });
});

describe('delivery schedule (2021-11)', () => {
  it('names the customer and answers deliveries: [] when there are none', async () => {
    const { api } = await store();
    const customer = await createCustomer(api);
    const reply = await api.get(`/customers/${customer.id}/delivery_schedule`);
    expect(reply.body).toEqual({
      customer: {
        id: customer.id,
        email: customer.email,
        first_name: customer.first_name,
        last_name: customer.last_name,
      },
      deliveries: [],
    });
  });

  it('gives each line item the fields of the real records and the full payment method', async () => {
    const { api } = await store();
    const product = await createProduct(api, {
      images: [{ src: 'https://cdn.example/coffee.png', alt: null, sort_order: 0 }],
    });
    const { customerId, addressId } = await createCustomerWithAddress(api);
    const card = await addCard(api, customerId);
    const subscription = await createSubscription(api, addressId, {
      quantity: 2,
      price: '12.50',
      properties: [{ name: 'grind', value: 'fine' }],
      external_product_id: { ecommerce: product.external_product_id },
      external_variant_id: { ecommerce: product.variants[0].external_variant_id },
    });
    const reply = await api.get(`/customers/${customerId}/delivery_schedule`);
    const [order] = reply.body.deliveries[0].orders;
    expect(order.payment_method).toEqual((await api.get(`/payment_methods/${card.id}`)).body.payment_method);
    expect(order.line_items).toEqual([
      expect.objectContaining({
        subscription_id: subscription.id,
        purchase_item_id: subscription.id,
        purchase_item_type: 'subscription',
        external_product_id: { ecommerce: product.external_product_id },
        external_variant_id: { ecommerce: product.variants[0].external_variant_id },
        images: {
          large: expect.stringContaining('large'),
          medium: expect.stringContaining('medium'),
          original: 'https://cdn.example/coffee.png',
          small: expect.stringContaining('small'),
        },
        is_skippable: true,
        is_skipped: false,
        original_price: '12.50',
        plan_type: 'subscription',
        properties: [{ name: 'grind', value: 'fine' }],
        quantity: 2,
        subtotal_price: '25.00',
        title: subscription.product_title,
        variant_title: subscription.variant_title,
        unit_price: '12.50',
      }),
    ]);
  });
});

describe('payment methods (2021-11)', () => {
  it('carry card details with numeric month and year, billing_address.country and include {}', async () => {
    const { api } = await store();
    const customer = await createCustomer(api);
    const created = await api.post('/payment_methods', {
      customer_id: customer.id,
      processor_name: 'stripe',
      processor_customer_token: 'cus_1',
      processor_payment_method_token: 'pm_1',
      payment_details: { brand: 'visa', exp_month: 4, exp_year: 2031, last4: '4242' },
      billing_address: {
        address1: '1 Main St',
        city: 'Boston',
        province: 'MA',
        zip: '02110',
        country_code: 'US',
      },
    });
    const method = created.body.payment_method;
    expect(method.payment_details).toEqual({ brand: 'visa', exp_month: 4, exp_year: 2031, last4: '4242' });
    expect(method.billing_address).toMatchObject({ country_code: 'US', country: 'United States' });
    expect(method.include).toEqual({});
    const listed = (await api.get('/payment_methods', { query: { customer_id: customer.id } })).body
      .payment_methods[0];
    expect(listed.include).toEqual({});
    const withAddresses = await api.get(`/payment_methods/${method.id}`, { query: { include: 'addresses' } });
    expect(withAddresses.body.payment_method.include).toEqual({ addresses: [] });
  });
});

describe('addresses', () => {
  it('answer shipping_lines_override [] (never null) without an override, in both versions', async () => {
    const s = await store();
    const { customerId, addressId } = await createCustomerWithAddress(s.api);
    expect((await s.api.get(`/addresses/${addressId}`)).body.address.shipping_lines_override).toEqual([]);
    const legacy = s.api.with({ version: '2021-01' });
    expect((await legacy.get(`/addresses/${addressId}`)).body.address.shipping_lines_override).toEqual([]);
    const created = await legacy.post(`/customers/${customerId}/addresses`, addressBody2021_01());
    expect(created.body.address.shipping_lines_override).toEqual([]);
    const cleared = await s.api.put(`/addresses/${addressId}`, { shipping_lines_override: null });
    expect(cleared.body.address.shipping_lines_override).toEqual([]);
  });
});

describe('plans (2021-11)', () => {
  it('answer external_product_id as {ecommerce}', async () => {
    const { api } = await store();
    const product = await createProduct(api);
    const plan = await createPlan(api, product.external_product_id);
    expect(plan.external_product_id).toEqual({ ecommerce: product.external_product_id });
    const listed = (await api.get('/plans')).body.plans as Json[];
    expect(listed.map((p) => p.external_product_id)).toEqual([{ ecommerce: product.external_product_id }]);
  });
});

describe('metafields', () => {
  it('answer owner_id as a string in both versions, whatever kind was sent', async () => {
    const s = await store();
    const customer = await createCustomer(s.api);
    for (const version of ['2021-01', '2021-11'] as const) {
      const reply = await s.api.post(
        '/metafields',
        {
          metafield: {
            key: `k${version}`,
            namespace: 'ns',
            owner_id: customer.id,
            owner_resource: 'customer',
            value: 'v',
            value_type: 'string',
          },
        },
        { version },
      );
      expect(reply.status).toBe(version === '2021-01' ? 200 : 201);
      expect(reply.body.metafield.owner_id).toBe(String(customer.id));
    }
  });
});
