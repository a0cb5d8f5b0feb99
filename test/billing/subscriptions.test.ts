import { describe, expect, it } from 'vitest';
import type { Json } from '../helpers/api.js';
import { useEmulator } from '../helpers/emulator.js';
import {
  createCustomerWithAddress,
  createSubscription,
  queuedCharges,
  subscriptionBody,
} from '../helpers/factories.js';

const { store } = useEmulator();

describe('subscriptions', () => {
  it('creates a subscription (201) in the 2021-11 shape, field by field', async () => {
    const { api } = await store();
    const { customerId, addressId } = await createCustomerWithAddress(api);
    const reply = await api.post(
      '/subscriptions',
      subscriptionBody(addressId, { properties: [{ name: 'grind', value: 'fine' }] }),
    );
    expect(reply.status).toBe(201);
    expect(reply.body.subscription).toEqual({
      id: expect.any(Number),
      address_id: addressId,
      customer_id: customerId,
      analytics_data: { utm_params: [] },
      cancellation_reason: null,
      cancellation_reason_comments: null,
      cancelled_at: null,
      charge_interval_frequency: 1,
      created_at: '2025-01-15T12:00:00+00:00',
      expire_after_specific_number_of_charges: null,
      external_product_id: { ecommerce: 'prod-coffee' },
      external_variant_id: { ecommerce: 'var-coffee-1kg' },
      has_queued_charges: true,
      is_prepaid: false,
      is_skippable: true,
      is_swappable: true,
      max_retries_reached: false,
      next_charge_scheduled_at: '2025-02-01',
      order_day_of_month: null,
      order_day_of_week: null,
      order_interval_frequency: 1,
      order_interval_unit: 'month',
      presentment_currency: 'USD',
      price: '20.00',
      product_title: 'House Coffee',
      properties: [{ name: 'grind', value: 'fine' }],
      quantity: 1,
      sku: null,
      sku_override: false,
      status: 'active',
      updated_at: '2025-01-15T12:00:00+00:00',
      variant_title: '1 kg',
    });
  });

  it('creates and shows a subscription in the 2021-01 shape', async () => {
    const { api } = await store({ version: '2021-01' });
    const { customerId, addressId } = await createCustomerWithAddress(api);
    const reply = await api.post('/subscriptions', {
      address_id: addressId,
      next_charge_scheduled_at: '2025-02-01T00:00:00',
      charge_interval_frequency: '3',
      order_interval_frequency: '1',
      order_interval_unit: 'month',
      quantity: 1,
      platform_variant_id: 123456,
      platform_product_id: 654321,
      product_title: 'Roaster Box',
      price: 18.5,
    });
    expect(reply.status).toBe(200);
    const s = reply.body.subscription;
    expect(s).toMatchObject({
      address_id: addressId,
      customer_id: customerId,
      charge_interval_frequency: '3',
      order_interval_frequency: '1',
      price: 18.5,
      platform_variant_id: 123456,
      platform_product_id: 654321,
      status: 'ACTIVE',
      is_prepaid: true,
      next_charge_scheduled_at: '2025-02-01T00:00:00',
      created_at: '2025-01-15T12:00:00',
      email: expect.stringContaining('@'),
      // api-facts (recorded real records): flags as 1/0, the service's product id (none: outside the catalog).
      has_queued_charges: 1,
      max_retries_reached: 0,
      service_product_id: null,
    });
    expect(s).not.toHaveProperty('charge_delay');
    expect(s).not.toHaveProperty('plan_id');
    expect((await api.get('/subscriptions/count', { query: { status: 'ACTIVE' } })).body).toEqual({
      count: 1,
    });
  });

  it('validates address, dates, interval units and prepaid multiples', async () => {
    const { api } = await store();
    const { addressId } = await createCustomerWithAddress(api);
    const attempt = (overrides: Record<string, unknown>) =>
      api.post('/subscriptions', subscriptionBody(addressId, overrides));
    expect((await attempt({ address_id: 999 })).body.errors.address_id).toBeDefined();
    expect((await attempt({ next_charge_scheduled_at: '2025-01-14' })).body).toEqual({
      errors: { next_charge_scheduled_at: 'Cannot be in the past' },
    });
    expect((await attempt({ next_charge_scheduled_at: '2025-02-30' })).status).toBe(422);
    expect((await attempt({ order_interval_unit: 'year' })).body.errors.order_interval_unit).toBeDefined();
    expect(
      (await attempt({ charge_interval_frequency: 3, order_interval_frequency: 2 })).body.errors
        .charge_interval_frequency,
    ).toBeDefined();
    expect((await attempt({ charge_interval_frequency: 0 })).status).toBe(422);
    expect(
      (await attempt({ order_day_of_month: 15, order_interval_unit: 'week' })).body.errors.order_day_of_month,
    ).toBeDefined();
    const { price: _price, ...noPrice } = subscriptionBody(addressId);
    expect((await api.post('/subscriptions', noPrice)).body.errors.external_variant_id[0]).toContain(
      'catalog',
    );
    expect((await attempt({})).status).toBe(201);
  });

  it('updates, swaps and deletes a subscription with the matching events', async () => {
    const { api } = await store();
    const { addressId } = await createCustomerWithAddress(api);
    const subscription = await createSubscription(api, addressId);
    const swapped = await api.put(`/subscriptions/${subscription.id}`, {
      external_variant_id: { ecommerce: 'var-decaf' },
      product_title: 'Decaf',
      price: '22.00',
    });
    expect(swapped.body.subscription).toMatchObject({
      product_title: 'Decaf',
      price: '22.00',
      external_variant_id: { ecommerce: 'var-decaf' },
    });
    expect((await queuedCharges(api, addressId))[0].line_items[0].title).toBe('Decaf');
    expect((await api.delete(`/subscriptions/${subscription.id}`)).status).toBe(204);
    expect(await queuedCharges(api, addressId)).toEqual([]);
    const events = (await api.get('/events')).body.events.map((e: Json) => `${e.object_type}/${e.verb}`);
    expect(events.slice(0, 6)).toEqual([
      'customer/deactivated',
      'charge/deleted',
      'subscription/deleted',
      'charge/updated',
      'subscription/swapped',
      'subscription/updated',
    ]);
  });

  it('lists with address, customer and status filters', async () => {
    const { api } = await store();
    const one = await createCustomerWithAddress(api);
    const two = await createCustomerWithAddress(api);
    const a = await createSubscription(api, one.addressId);
    const b = await createSubscription(api, two.addressId);
    await api.post(`/subscriptions/${b.id}/cancel`, { cancellation_reason: 'moving' });
    const ids = async (query: Record<string, string | number>) =>
      (await api.get('/subscriptions', { query })).body.subscriptions.map((s: Json) => s.id);
    expect(await ids({ address_id: one.addressId })).toEqual([a.id]);
    expect(await ids({ customer_id: two.customerId })).toEqual([b.id]);
    expect(await ids({ status: 'cancelled' })).toEqual([b.id]);
    expect(await ids({ status: 'ACTIVE,CANCELLED' })).toEqual([b.id, a.id]);
    expect(await ids({ ids: `${a.id}` })).toEqual([a.id]);
    expect((await api.get('/subscriptions', { query: { status: 'paused' } })).status).toBe(422);
    const withAddress = await api.get(`/subscriptions/${a.id}`, { query: { include: 'address,customer' } });
    expect(withAddress.body.subscription.include.address.id).toBe(one.addressId);
    expect(withAddress.body.subscription.include.customer.id).toBe(one.customerId);
  });

  it('refuses to delete an address with active subscriptions', async () => {
    const { api } = await store();
    const { addressId } = await createCustomerWithAddress(api);
    const subscription = await createSubscription(api, addressId);
    expect((await api.delete(`/addresses/${addressId}`)).body).toEqual({
      errors: { subscriptions: ['Address has active subscriptions'] },
    });
    await api.post(`/subscriptions/${subscription.id}/cancel`, { cancellation_reason: 'done' });
    expect((await api.delete(`/addresses/${addressId}`)).status).toBe(204);
    expect((await api.get(`/subscriptions/${subscription.id}`)).status).toBe(404);
  });

  it('takes metafields on subscriptions and charges', async () => {
    const { api } = await store();
    const { addressId } = await createCustomerWithAddress(api);
    const subscription = await createSubscription(api, addressId);
    const [charge] = await queuedCharges(api, addressId);
    for (const [owner, id] of [
      ['subscription', subscription.id],
      ['charge', charge.id],
    ] as const) {
      const reply = await api.post('/metafields', {
        metafield: {
          key: 'k',
          namespace: 'n',
          owner_id: id,
          owner_resource: owner,
          value: 'v',
          value_type: 'string',
        },
      });
      expect(reply.status, owner).toBe(201);
    }
    expect(
      (await api.get(`/charges/${charge.id}`, { query: { include: 'metafields' } })).body.charge.include
        .metafields,
    ).toHaveLength(1);
  });
});

describe('customer status and schedule', () => {
  it('activates a customer with the first subscription and deactivates with the last one', async () => {
    const { api } = await store();
    const { customerId, addressId } = await createCustomerWithAddress(api);
    const a = await createSubscription(api, addressId);
    const b = await createSubscription(api, addressId, { external_variant_id: { ecommerce: 'var-b' } });
    const customer = (await api.get(`/customers/${customerId}`)).body.customer;
    expect(customer).toMatchObject({ subscriptions_active_count: 2, subscriptions_total_count: 2 });
    expect((await api.get(`/customers/${customerId}`, { version: '2021-01' })).body.customer).toMatchObject({
      status: 'ACTIVE',
      number_active_subscriptions: 2,
      number_subscriptions: 2,
    });
    await api.post(`/subscriptions/${a.id}/cancel`, { cancellation_reason: 'x' });
    await api.post(`/subscriptions/${b.id}/cancel`, { cancellation_reason: 'x' });
    expect((await api.get(`/customers/${customerId}`, { version: '2021-01' })).body.customer.status).toBe(
      'INACTIVE',
    );
    const verbs = (await api.get('/events', { query: { object_type: 'customer' } })).body.events.map(
      (e: Json) => e.verb,
    );
    expect(verbs).toEqual(['deactivated', 'activated', 'created']);
    expect(
      (await api.get('/customers', { query: { status: 'INACTIVE' } })).body.customers.map((c: Json) => c.id),
    ).toEqual([customerId]);
  });

  it('shows the delivery schedule of a prepaid subscription: three deliveries per charge', async () => {
    const { api } = await store();
    const { customerId, addressId } = await createCustomerWithAddress(api);
    await createSubscription(api, addressId, { charge_interval_frequency: 3, order_interval_frequency: 1 });
    const reply = await api.get(`/customers/${customerId}/delivery_schedule`, {
      query: { future_interval_days: 200 },
    });
    expect(reply.status).toBe(200);
    const [charge] = await queuedCharges(api, addressId);
    expect(reply.body.deliveries.map((d: Json) => d.date)).toEqual([
      '2025-02-01',
      '2025-03-01',
      '2025-04-01',
      '2025-05-01',
      '2025-06-01',
      '2025-07-01',
    ]);
    expect(reply.body.deliveries[0].orders[0]).toMatchObject({
      address_id: addressId,
      charge_id: charge.id,
      line_items: [expect.objectContaining({ is_prepaid: true, quantity: 1, product_title: 'House Coffee' })],
    });
    expect(reply.body.deliveries[1].orders[0].charge_id).toBeNull();
    expect((await api.get(`/customers/${customerId}/delivery_schedule`, { version: '2021-01' })).status).toBe(
      501,
    );
  });
});
