/**
 * Every topic of the spec's Topics table fires when its "fires when" happens, through the API, the
 * control API's portal and install routes, or the clock; each case checks the deliveries a real
 * receiver got (every topic subscribed).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TOPICS } from '../../src/domain/events/topics.js';
import type { Json } from '../helpers/api.js';
import { bundleShop, createPlan, createProduct } from '../helpers/catalog.js';
import { useEmulator, type TestStore } from '../helpers/emulator.js';
import {
  addCard,
  addressBody2021_11,
  createCustomer,
  createCustomerWithAddress,
  createSubscription,
  queuedCharges,
  US_ADDRESS,
} from '../helpers/factories.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

const { store } = useEmulator();
const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

interface Shop extends TestStore {
  readonly hooks: Receiver;
  /** Topics delivered so far, in order (after waiting for deliveries in flight). */
  delivered(): Promise<string[]>;
  /** The payloads delivered for a topic (after waiting for deliveries in flight). */
  payloads(topic: string): Promise<Json[]>;
}

/** A store with every topic subscribed at one receiver. */
async function shop(settings: Record<string, unknown> = {}): Promise<Shop> {
  const s = await store({ settings });
  const hooks = await startReceiver();
  receivers.push(hooks);
  for (const topic of Object.keys(TOPICS)) {
    const reply = await s.api.post('/webhooks', { address: hooks.url, topic });
    if (reply.status !== 201) throw new Error(`subscribe ${topic}: ${reply.status} ${reply.text}`);
  }
  return {
    ...s,
    hooks,
    delivered: async () => {
      await s.control.flushWebhooks();
      return hooks.received.map((r) => r.topic);
    },
    payloads: async (topic) => {
      await s.control.flushWebhooks();
      return hooks.received.filter((r) => r.topic === topic).map((r) => r.json);
    },
  };
}

/** A customer with an address, a card (test token) and a monthly subscription charged on 2025-01-16. */
async function subscriber(s: Shop, token = 'tok_ok', extra: Record<string, unknown> = {}) {
  const { customerId, addressId } = await createCustomerWithAddress(s.api);
  await addCard(s.api, customerId, token);
  const subscription = await createSubscription(s.api, addressId, {
    next_charge_scheduled_at: '2025-01-16',
    ...extra,
  });
  return { customerId, addressId, subscription };
}

interface TopicCase {
  readonly topics: readonly string[];
  readonly when: string;
  readonly run: (s: Shop) => Promise<void>;
}

const CASES: readonly TopicCase[] = [
  {
    topics: [
      'customer/created',
      'address/created',
      'customer/updated',
      'address/updated',
      'customer/deleted',
    ],
    when: 'customers and addresses are created, updated and deleted through the API',
    run: async (s) => {
      const customer = await createCustomer(s.api);
      const address = (await s.api.post('/addresses', addressBody2021_11(customer.id))).body.address;
      await s.api.put(`/customers/${customer.id}`, { first_name: 'Ida' });
      await s.api.put(`/addresses/${address.id}`, { address2: 'Suite 5' });
      expect((await s.api.delete(`/customers/${customer.id}`)).status).toBe(204);
      expect((await s.payloads('address/updated')).at(-1)?.address.address2).toBe('Suite 5');
      expect(await s.payloads('customer/deleted')).toEqual([{ customer: { id: customer.id } }]);
    },
  },
  {
    topics: [
      'subscription/created',
      'customer/activated',
      'charge/created',
      'subscription/updated',
      'subscription/swapped',
      'subscription/cancelled',
      'charge/deleted',
      'customer/deactivated',
      'subscription/activated',
      'subscription/deleted',
    ],
    when: 'a subscription is created, changed, swapped, cancelled, activated and deleted',
    run: async (s) => {
      const { subscription } = await subscriber(s);
      await s.api.put(`/subscriptions/${subscription.id}`, { quantity: 3 });
      const swapped = await s.api.put(`/subscriptions/${subscription.id}`, {
        external_variant_id: { ecommerce: 'var-tea' },
        product_title: 'Tea',
        price: '9.00',
      });
      expect(swapped.status).toBe(200);
      await s.api.post(`/subscriptions/${subscription.id}/cancel`, { cancellation_reason: 'too much tea' });
      await s.api.post(`/subscriptions/${subscription.id}/activate`, {});
      expect((await s.api.delete(`/subscriptions/${subscription.id}`)).status).toBe(204);
      expect((await s.payloads('subscription/cancelled'))[0]?.subscription.status).toBe('cancelled');
    },
  },
  {
    topics: ['subscription/skipped', 'subscription/unskipped', 'charge/updated'],
    when: "a subscription is skipped and unskipped within a charge, and a charge's date changes",
    run: async (s) => {
      const { addressId, subscription } = await subscriber(s);
      const [charge] = await queuedCharges(s.api, addressId);
      await s.api.post(`/charges/${charge.id}/skip`, { purchase_item_ids: [subscription.id] });
      await s.api.post(`/charges/${charge.id}/unskip`, { purchase_item_ids: [subscription.id] });
      const code = `TEN${Date.now()}`;
      await s.api.post('/discounts', { code, discount_type: 'percentage', duration: 'forever', value: '10' });
      expect((await s.api.post(`/charges/${charge.id}/apply_discount`, { discount_code: code })).status).toBe(
        200,
      );
      expect((await s.payloads('charge/updated')).at(-1)?.charge.total_discounts).toBe('2.00');
    },
  },
  {
    topics: ['onetime/created', 'onetime/updated', 'onetime/deleted'],
    when: 'one-time items are created, updated and deleted through the API',
    run: async (s) => {
      const { addressId } = await createCustomerWithAddress(s.api);
      const onetime = (
        await s.api.post('/onetimes', {
          address_id: addressId,
          next_charge_scheduled_at: '2025-02-01',
          external_variant_id: { ecommerce: '777' },
          product_title: 'Mug',
          price: '12.00',
          quantity: 1,
        })
      ).body.onetime;
      await s.api.put(`/onetimes/${onetime.id}`, { quantity: 2 });
      expect((await s.api.delete(`/onetimes/${onetime.id}`)).status).toBe(204);
      // Live evidence (wave 3): 2021-11 one-time payloads say what they are.
      for (const topic of ['onetime/created', 'onetime/updated'])
        expect((await s.payloads(topic)).map((payload) => payload.onetime.type)).toEqual(['onetime']);
    },
  },
  {
    topics: ['bundle_selection/created', 'bundle_selection/updated', 'bundle_selection/deleted'],
    when: 'bundle selections are created, updated and deleted',
    run: async (s) => {
      const bundle = await bundleShop(s.api);
      const item = (product: Json, variant: string, quantity: number) => ({
        collection_id: bundle.beans.id,
        external_product_id: product.external_product_id,
        external_variant_id: variant,
        quantity,
      });
      const selection = (
        await s.api.post('/bundle_selections', {
          purchase_item_id: bundle.subscription.id,
          items: [item(bundle.a, 'bean-a', 3)],
        })
      ).body.bundle_selection;
      await s.api.put(`/bundle_selections/${selection.id}`, { items: [item(bundle.b, 'bean-b', 3)] });
      expect((await s.api.delete(`/bundle_selections/${selection.id}`)).status).toBe(204);
    },
  },
  {
    topics: ['plan/created', 'plan/updated', 'plan/deleted'],
    when: 'plans are created, updated and deleted',
    run: async (s) => {
      const product = await createProduct(s.api);
      const plan = await createPlan(s.api, product.external_product_id);
      await s.api.put(`/plans/${plan.id}`, { title: 'Renamed' });
      expect((await s.api.delete(`/plans/${plan.id}`)).status).toBe(204);
    },
  },
  {
    topics: [
      'charge/upcoming',
      'charge/paid',
      'order/created',
      'order/processed',
      'order/success',
      'charge/refunded',
    ],
    when: 'a charge comes near, is paid on its date by the clock, and is refunded',
    run: async (s) => {
      await s.control.updateSettings({ upcoming_charge_days: 1 });
      const { addressId } = await subscriber(s, 'tok_ok', { next_charge_scheduled_at: '2025-01-20' });
      const near = await s.control.advanceClock({ to: '2025-01-19T00:00:00Z' });
      expect(near.events).toEqual(['charge/upcoming']);
      await s.control.advanceClock({ to: '2025-01-20T00:00:00Z' });
      const [paid] = await s.payloads('charge/paid');
      expect(paid?.charge).toMatchObject({ status: 'success', address_id: addressId });
      expect((await s.payloads('order/success'))[0]?.order.charge.id).toBe(paid?.charge.id);
      await s.api.post(`/charges/${paid?.charge.id}/refund`, { amount: '5.00' });
    },
  },
  {
    topics: ['charge/failed', 'charge/max_retries_reached'],
    when: 'a declined card fails every try until the last',
    run: async (s) => {
      const { subscription } = await subscriber(s, 'tok_declined');
      await s.control.advanceClock({ days: 40 });
      expect(await s.payloads('charge/failed')).toHaveLength(8);
      const [last] = await s.payloads('charge/max_retries_reached');
      expect(last?.charge).toMatchObject({ status: 'error', error_type: 'CLOSED_MAX_RETRIES_REACHED' });
      // Spec: an involuntary cancellation fires only charge/max_retries_reached.
      expect(await s.payloads('subscription/cancelled')).toEqual([]);
      expect((await s.api.get(`/subscriptions/${subscription.id}`)).body.subscription.status).toBe(
        'cancelled',
      );
    },
  },
  {
    topics: ['charge/uncaptured', 'order/payment_captured'],
    when: 'an authorization is left uncaptured 6 days, then captured',
    run: async (s) => {
      await subscriber(s, 'tok_authorize_only');
      await s.control.advanceClock({ to: '2025-01-22T00:00:00Z' });
      const [uncaptured] = await s.payloads('charge/uncaptured');
      expect(uncaptured?.charge.status).toBe('pending');
      await s.api.post(`/charges/${uncaptured?.charge.id}/capture_payment`, {});
    },
  },
  {
    topics: ['order/upcoming', 'order/updated', 'order/deleted', 'order/cancelled'],
    when: 'the queued orders of a prepaid subscription come near, are changed, deleted and cancelled',
    run: async (s) => {
      await s.control.updateSettings({ upcoming_order_days: 3 });
      await subscriber(s, 'tok_ok', { charge_interval_frequency: 3, order_interval_frequency: 1 });
      await s.control.advanceClock({ to: '2025-02-13T00:00:00Z' });
      const [upcoming] = await s.payloads('order/upcoming');
      expect(upcoming?.order).toMatchObject({ status: 'queued', scheduled_at: '2025-02-16T00:00:00+00:00' });
      const queued = (
        await s.api.get('/orders', { query: { status: 'queued', sort_by: 'scheduled_at-asc' } })
      ).body.orders;
      await s.api.put(`/orders/${queued[0].id}`, { note: 'leave at the door' });
      expect((await s.api.delete(`/orders/${queued[0].id}`)).status).toBe(204);
      // A full refund of the prepaid charge cancels the orders not yet released.
      const [charge] = (await s.api.get('/charges', { query: { status: 'success' } })).body.charges;
      await s.api.post(`/charges/${charge.id}/refund`, { full_refund: true, amount: '0' });
      expect((await s.payloads('order/cancelled')).map((p) => p.order.id)).toEqual([queued[1].id]);
    },
  },
  {
    topics: ['gift_purchase/created', 'gift_purchase/redeemed'],
    when: 'a subscription is skipped and gifted, and the gift is charged',
    run: async (s) => {
      const { subscription } = await subscriber(s);
      const recipient = await createCustomer(s.api, { email: 'friend@example.com' });
      await addCard(s.api, recipient.id);
      const reply = await s.api.post('/subscriptions/skip_gift', {
        purchase_item_ids: [subscription.id],
        recipient_address: {
          email: 'friend@example.com',
          first_name: 'Fay',
          last_name: 'Friend',
          address1: '1 Elm St',
          city: 'Austin',
          province: 'TX',
          zip: '73301',
          country_code: 'US',
        },
      });
      expect(reply.status).toBe(200);
      const [created] = await s.payloads('gift_purchase/created');
      expect(created?.gift_purchase).toMatchObject({
        status: 'created',
        subscription_id: subscription.id,
        recipient_customer_id: recipient.id,
      });
      await s.control.advanceClock({ days: 1 });
      const [redeemed] = await s.payloads('gift_purchase/redeemed');
      expect(redeemed?.gift_purchase).toMatchObject({
        id: created?.gift_purchase.id,
        status: 'redeemed',
        redeemed_at: '2025-01-16T00:00:00+00:00',
      });
    },
  },
  {
    topics: ['customer/payment_method_updated', 'subscription/paused'],
    when: 'the customer updates their card and pauses a subscription in the customer portal',
    run: async (s) => {
      const { customerId, subscription } = await subscriber(s, 'tok_declined');
      await s.control.advanceClock({ days: 1 });
      const failing = (await s.api.get('/charges', { query: { status: 'error' } })).body.charges[0];
      await s.control.portalUpdatePaymentMethod(customerId, { processor_payment_method_token: 'tok_ok' });
      expect((await s.payloads('customer/payment_method_updated'))[0]?.customer.id).toBe(customerId);
      // A new card during dunning: retried tomorrow, and paid.
      const retried = (await s.api.get(`/charges/${failing.id}`)).body.charge;
      expect(retried).toMatchObject({
        error_type: 'CARD_UPDATED_NOW_PENDING_NEXT_ATTEMPT',
        retry_date: '2025-01-17T00:00:00+00:00',
      });
      await s.control.advanceClock({ days: 1 });
      expect((await s.api.get(`/charges/${failing.id}`)).body.charge.status).toBe('success');
      const next = (await s.api.get(`/subscriptions/${subscription.id}`)).body.subscription
        .next_charge_scheduled_at;
      const paused = await s.control.portalPauseSubscription(subscription.id, { intervals: 2 });
      expect(next).toBe('2025-02-16');
      expect(paused.subscription.next_charge_scheduled_at).toBe('2025-04-16');
      expect((await s.payloads('subscription/paused'))[0]?.subscription.next_charge_scheduled_at).toBe(
        '2025-04-16',
      );
      const events = (await s.api.get('/events', { query: { object_type: 'subscription', limit: 1 } })).body
        .events;
      expect(events[0]).toMatchObject({
        verb: 'paused',
        source: { origin: 'customer_portal', user_type: 'customer' },
      });
    },
  },
  {
    topics: ['store/updated', 'app/uninstalled', 'service/uninstalled'],
    when: 'settings change, an app is uninstalled, and the service is uninstalled',
    run: async (s) => {
      await s.control.updateSettings({ upcoming_charge_days: 5 });
      const app = await s.control.createToken({ name: 'reporting app', scopes: ['read_customers'] });
      await s.control.uninstall({ target: 'app', token_id: app.id });
      expect((await s.api.get('/customers', { token: app.token })).status).toBe(401);
      await s.control.uninstall({ target: 'service' });
      const refused = await s.api.get('/customers');
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ error: 'The service is not installed on this store.' });
      expect((await s.control.reinstall()).installed).toBe(true);
      expect((await s.api.get('/customers')).status).toBe(200);
      expect((await s.payloads('store/updated'))[0]?.store.id).toBe(s.storeId);
    },
  },
  {
    topics: ['checkout/created', 'checkout/updated', 'checkout/processed', 'checkout/completed'],
    when: 'a checkout is created, updated and charged',
    run: async (s) => {
      const product = await createProduct(s.api);
      const variant = product.variants[0].external_variant_id;
      const created = await s.api.post('/checkouts', {
        email: 'buyer@example.com',
        line_items: [{ product_id: product.external_product_id, variant_id: variant, quantity: 1 }],
      });
      const token = created.body.checkout.token;
      await s.api.put(`/checkouts/${token}`, { shipping_address: { ...US_ADDRESS, country_code: 'US' } });
      const paid = await s.api.post(`/checkouts/${token}/charge`, {
        payment_processor: 'stripe',
        payment_token: 'tok_ok',
      });
      expect(paid.status).toBe(200);
      // The payload is the checkout as GET /checkouts/{token} answers it at that moment.
      const [processed] = await s.payloads('checkout/processed');
      expect(processed).toEqual((await s.api.get(`/checkouts/${token}`)).body);
      expect(processed?.checkout.charge_id).toBe(paid.body.checkout_charge.charge_id);
      expect((await s.payloads('checkout/created'))[0]?.checkout).toMatchObject({
        token,
        completed_at: null,
      });
      const delivered = await s.delivered();
      expect(delivered).not.toContain('charge/paid');
      expect(delivered).not.toContain('order/processed');
      // A test delivery samples the newest checkout.
      const webhooks = (await s.api.get('/webhooks', { query: { limit: 250 } })).body.webhooks;
      const hook = webhooks.find((w: Json) => w.topic === 'checkout/created');
      expect((await s.api.post(`/webhooks/${hook.id}/test`, {})).status).toBe(200);
      expect((await s.payloads('checkout/created')).at(-1)).toEqual(processed);
    },
  },
  {
    topics: ['async_batch/processed'],
    when: 'an async batch finishes processing',
    run: async (s) => {
      const batch = (await s.api.post('/async_batches', { batch_type: 'discount_create' })).body.async_batch;
      await s.api.post(`/async_batches/${batch.id}/tasks`, {
        tasks: [{ body: { code: 'BATCH10', discount_type: 'percentage', duration: 'forever', value: '10' } }],
      });
      expect((await s.api.post(`/async_batches/${batch.id}/process`, {})).status).toBe(200);
      const [processed] = await s.payloads('async_batch/processed');
      expect(processed?.async_batch).toMatchObject({ id: batch.id, status: 'completed' });
    },
  },
];

describe('webhook topics', () => {
  it.each(CASES.map((c) => [c.when, c] as const))('fire when %s', async (_when, topicCase) => {
    const s = await shop();
    await topicCase.run(s);
    const delivered = await s.delivered();
    for (const topic of topicCase.topics) expect(delivered, topic).toContain(topic);
  });

  it('every topic of the spec table has a case here', () => {
    const covered = new Set(CASES.flatMap((c) => c.topics));
    expect(Object.keys(TOPICS).filter((topic) => !covered.has(topic))).toEqual([]);
  });
});
