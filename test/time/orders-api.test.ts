import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/index.js';
import { Api, type Json } from '../helpers/api.js';
import { START, useEmulator } from '../helpers/emulator.js';
import { addCard, createCustomerWithAddress, createSubscription } from '../helpers/factories.js';

const { store } = useEmulator();

async function paidOrder() {
  const s = await store();
  const { customerId, addressId } = await createCustomerWithAddress(s.api);
  await addCard(s.api, customerId);
  const subscription = await createSubscription(s.api, addressId, {
    next_charge_scheduled_at: '2025-01-16',
    quantity: 2,
  });
  await s.control.advanceClock({ days: 1 });
  const [order] = (await s.api.get('/orders')).body.orders;
  return { ...s, customerId, addressId, subscription, order };
}

describe('orders', () => {
  it('shows an order in the 2021-11 shape', async () => {
    const { api, order, customerId, addressId, subscription } = await paidOrder();
    const charge = (await api.get('/charges', { query: { status: 'success' } })).body.charges[0];
    expect(order).toMatchObject({
      address_id: addressId,
      charge: {
        id: charge.id,
        status: 'success',
        external_transaction_id: { payment_processor: expect.stringMatching(/^txn_/) },
        payment_processor_name: 'stripe',
      },
      client_details: { browser_ip: null, user_agent: null },
      customer: { id: customerId },
      currency: 'USD',
      discounts: [],
      error: null,
      external_cart_token: null,
      external_order_id: { ecommerce: expect.stringMatching(/^\d+$/) },
      // api-facts (recorded real records): the name carries the #, the number does not.
      external_order_name: { ecommerce: expect.stringMatching(/^#\d+$/) },
      external_order_number: { ecommerce: expect.stringMatching(/^\d+$/) },
      is_prepaid: 0,
      processed_at: '2025-01-16T00:00:00+00:00',
      scheduled_at: '2025-01-16T00:00:00+00:00',
      shipping_lines: [
        {
          code: 'standard',
          price: '0.00',
          source: 'store',
          tax_lines: [],
          taxable: false,
          title: 'Standard Shipping',
        },
      ],
      status: 'success',
      subtotal_price: '40.00',
      tags: 'Subscription, Subscription Recurring Order',
      tax_lines: [],
      total_duties: '0.00',
      total_line_items_price: '40.00',
      total_price: '40.00',
      total_refunds: '0.00',
      type: 'recurring',
    });
    expect(order.external_order_name.ecommerce).toBe(`#${order.external_order_number.ecommerce}`);
    expect(order.line_items).toEqual([
      {
        purchase_item_id: subscription.id,
        external_inventory_policy: 'decrement_obeying_policy',
        external_product_id: { ecommerce: 'prod-coffee' },
        external_variant_id: { ecommerce: 'var-coffee-1kg' },
        grams: 0,
        handle: null,
        images: {},
        original_price: '20.00',
        properties: [],
        purchase_item_type: 'subscription',
        quantity: 2,
        sku: null,
        tax_due: '0.00',
        tax_lines: [],
        taxable: true,
        taxable_amount: '40.00',
        title: 'House Coffee',
        total_price: '40.00',
        unit_price: '20.00',
        unit_price_includes_tax: false,
        variant_title: '1 kg',
        bundle_items: [],
      },
    ]);
    expect((await api.get(`/orders/${order.id}`)).body.order).toEqual(order);
  });

  it('shows an order in the 2021-01 shape and counts orders', async () => {
    const { api, order, subscription, customerId } = await paidOrder();
    const legacy = (await api.get(`/orders/${order.id}`, { version: '2021-01' })).body.order;
    const customer = (await api.get(`/customers/${customerId}`)).body.customer;
    expect(legacy).toMatchObject({
      address_is_active: 1,
      browser_ip: null,
      charge_status: 'SUCCESS',
      customer: {
        accepts_marketing: false,
        email: customer.email,
        first_name: 'Ada',
        last_name: 'Lovelace',
        phone: null,
        send_email_welcome: false,
        verified_email: true,
      },
      discount_codes: [],
      error: null,
      hash: customer.hash,
      status: 'SUCCESS',
      type: 'RECURRING',
      scheduled_at: '2025-01-16T00:00:00',
      processed_at: '2025-01-16T00:00:00',
      payment_processor: 'stripe',
      // api-facts (recorded real records): the platform's ids as strings, the number as an integer.
      platform_cart_token: null,
      platform_customer_id: null,
      platform_id: order.external_order_id.ecommerce,
      platform_order_id: order.external_order_id.ecommerce,
      platform_order_number: Number(order.external_order_number.ecommerce),
      shipping_lines: [{ code: 'standard', price: '0.00', source: 'store', title: 'Standard Shipping' }],
      is_prepaid: 0,
      tags: 'Subscription, Subscription Recurring Order',
      tax_lines: [],
      total_duties: '0.00',
      total_line_items_price: '40.00',
      total_refunds: '0.00',
      total_weight: 0,
      transaction_id: expect.stringMatching(/^txn_/),
    });
    expect(legacy.line_items).toEqual([
      {
        external_inventory_policy: 'decrement_obeying_policy',
        images: { large: null, medium: null, original: null, small: null },
        original_price: '20.00',
        price: '20.00',
        product_title: 'House Coffee',
        properties: [],
        quantity: 2,
        platform_product_id: 'prod-coffee',
        platform_variant_id: 'var-coffee-1kg',
        sku: null,
        subscription_id: subscription.id,
        tax_lines: [],
        title: 'House Coffee',
        variant_title: '1 kg',
        bundle_items: [],
      },
    ]);
    expect(
      (await api.get('/orders/count', { version: '2021-01', query: { status: 'SUCCESS' } })).body,
    ).toEqual({ count: 1 });
    expect((await api.get('/orders/count')).status).toBe(501);
  });

  it('filters orders, updates one, clones it and includes its subscriptions', async () => {
    const { api, order, customerId, subscription } = await paidOrder();
    const ids = async (query: Record<string, string | number>) =>
      (await api.get('/orders', { query })).body.orders.map((o: Json) => o.id);
    expect(await ids({ customer_id: customerId })).toEqual([order.id]);
    expect(await ids({ charge_id: order.charge.id })).toEqual([order.id]);
    expect(await ids({ purchase_item_id: subscription.id })).toEqual([order.id]);
    expect(await ids({ status: 'queued' })).toEqual([]);
    expect(await ids({ scheduled_at_min: '2025-01-17' })).toEqual([]);
    const updated = await api.put(`/orders/${order.id}`, {
      note: 'leave at door',
      shipping_address: { address2: 'Apt 4' },
    });
    expect(updated.body.order).toMatchObject({
      note: 'leave at door',
      shipping_address: expect.objectContaining({ address2: 'Apt 4', city: 'New York' }),
    });
    const clone = await api.post(`/orders/${order.id}/clone`, { scheduled_at: '2025-02-10' });
    expect(clone.status).toBe(201);
    expect(clone.body.order).toMatchObject({
      status: 'queued',
      scheduled_at: '2025-02-10T00:00:00+00:00',
      processed_at: null,
    });
    const included = await api.get(`/orders/${order.id}`, { query: { include: 'subscriptions,customer' } });
    expect(included.body.order.include.subscriptions[0].id).toBe(subscription.id);
    expect(
      (
        await api.post('/metafields', {
          metafield: {
            key: 'k',
            namespace: 'n',
            owner_id: order.id,
            owner_resource: 'order',
            value: 'v',
            value_type: 'string',
          },
        })
      ).status,
    ).toBe(201);
  });
});

describe('the clock', () => {
  it('switches between frozen and realtime', async () => {
    const s = await store();
    expect(await s.control.setClockMode('realtime')).toMatchObject({ mode: 'realtime' });
    const now = Date.parse((await s.control.clock()).now);
    expect(now).toBeGreaterThanOrEqual(Date.parse(START));
    expect(await s.control.setClockMode('frozen')).toMatchObject({ mode: 'frozen' });
    expect((await s.api.post('/_emulator/clock/mode', { mode: 'sometimes' })).status).toBe(422);
  });

  it('advances to the next job with until: next_job', async () => {
    const s = await store();
    const { customerId, addressId } = await createCustomerWithAddress(s.api);
    await addCard(s.api, customerId);
    await createSubscription(s.api, addressId, { next_charge_scheduled_at: '2025-02-01' });
    const report = await s.control.advanceClock({ until: 'next_job' });
    expect(report).toMatchObject({ now: '2025-01-29T00:00:00Z', events: ['charge/upcoming'] });
  });

  it('resumes a persisted schedule after a restart', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'billing-emulator-jobs-')), 'store.json');
    const first = await createEmulator({ port: 0, logger: 'silent', data: file });
    const created = await first.control.createStore({ clock: { now: START } });
    const api = new Api(first.url, created.token, '2021-11');
    const { customerId, addressId } = await createCustomerWithAddress(api);
    await addCard(api, customerId);
    await createSubscription(api, addressId, { next_charge_scheduled_at: '2025-01-20' });
    const before = await first.control.forStore(created.token).scheduledJobs();
    await first.close();
    const second = await createEmulator({ port: 0, logger: 'silent', data: file });
    try {
      const control = second.control.forStore(created.token);
      expect(await control.scheduledJobs()).toEqual(before);
      const report = await control.advanceClock({ days: 10 });
      expect(report.jobs.map((j) => [j.type, j.outcome])).toContainEqual(['charge_attempt', 'paid']);
    } finally {
      await second.close();
    }
  });
});
