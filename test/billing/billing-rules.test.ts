/**
 * The billing rules random timelines broke (decision 0045), each named after what broke: a
 * subscription never billed again, one billed twice while its charge was failing, a customer
 * deactivated while it still had charges or orders to come. Through HTTP and the virtual clock.
 */
import { describe, expect, it } from 'vitest';
import type { Api, Json } from '../helpers/api.js';
import { useEmulator } from '../helpers/emulator.js';
import { createSubscription, queuedCharges, topicsOf, withCardedCustomer } from '../helpers/factories.js';

const { store } = useEmulator();

async function shop(token = 'tok_ok', settings: Record<string, unknown> = {}) {
  return withCardedCustomer(await store({ settings: { plan: 'pro', ...settings } }), token);
}

const charges = async (api: Api): Promise<Json[]> =>
  (await api.get('/charges', { query: { sort_by: 'id-asc', limit: 250 } })).body.charges;

const subscriptionOf = async (api: Api, id: number): Promise<Json> =>
  (await api.get(`/subscriptions/${id}`)).body.subscription;

/** `date → how many times` each purchase item was paid for it (success and refunded charges). */
async function paidDates(api: Api, itemId: number): Promise<Record<string, number>> {
  const paid: Record<string, number> = {};
  for (const charge of await charges(api)) {
    if (!['success', 'refunded', 'partially_refunded'].includes(charge.status)) continue;
    if (!charge.line_items.some((line: Json) => line.purchase_item_id === itemId)) continue;
    paid[charge.scheduled_at] = (paid[charge.scheduled_at] ?? 0) + 1;
  }
  return paid;
}

describe('a subscription never billed again', () => {
  it('refuses a next charge date on the date of its charge paid early (was: 200, then never billed)', async () => {
    const s = await shop();
    const subscription = await createSubscription(s.api, s.addressId, {
      next_charge_scheduled_at: '2025-02-01',
    });
    const [queued] = await queuedCharges(s.api, s.addressId);
    expect((await s.api.post(`/charges/${queued.id}/process`)).body.charge.status).toBe('success');
    expect((await subscriptionOf(s.api, subscription.id)).next_charge_scheduled_at).toBe('2025-03-01');

    const moved = await s.api.post(`/subscriptions/${subscription.id}/set_next_charge_date`, {
      date: '2025-02-01',
    });
    expect(moved.status).toBe(422);
    expect(moved.body.errors.date[0]).toBe(
      `The subscription already has charge ${queued.id} on 2025-02-01 (success).`,
    );
    await s.control.advanceClock({ to: '2025-04-02T12:00:00Z' });
    expect(await paidDates(s.api, subscription.id)).toEqual({
      '2025-02-01': 1,
      '2025-03-01': 1,
      '2025-04-01': 1,
    });
    expect((await subscriptionOf(s.api, subscription.id)).next_charge_scheduled_at).toBe('2025-05-01');
  });

  it('activates onto the first date after one paid early (was: active with a past date forever)', async () => {
    const s = await shop();
    const subscription = await createSubscription(s.api, s.addressId, {
      next_charge_scheduled_at: '2025-02-15',
    });
    const [queued] = await queuedCharges(s.api, s.addressId);
    await s.api.post(`/charges/${queued.id}/process`);
    await s.api.post(`/subscriptions/${subscription.id}/cancel`, { cancellation_reason: 'pause' });
    // Today plus a month is 2025-02-15, which is paid: the next date of the schedule is taken.
    const activated = await s.api.post(`/subscriptions/${subscription.id}/activate`);
    expect(activated.body.subscription.next_charge_scheduled_at).toBe('2025-03-15');
    expect((await queuedCharges(s.api, s.addressId)).map((c) => c.scheduled_at)).toEqual(['2025-03-15']);
    await s.control.advanceClock({ days: 75 });
    expect(await paidDates(s.api, subscription.id)).toEqual({ '2025-02-15': 1, '2025-03-15': 1 });
  });

  it('refuses to move a queued charge onto a date its items were paid for (was: merged away, never billed)', async () => {
    const s = await shop();
    const subscription = await createSubscription(s.api, s.addressId, {
      next_charge_scheduled_at: '2025-02-01',
    });
    const [first] = await queuedCharges(s.api, s.addressId);
    await s.api.post(`/charges/${first.id}/process`);
    const [next] = await queuedCharges(s.api, s.addressId);
    const moved = await s.api.post(
      `/charges/${next.id}/change_next_charge_date`,
      { next_charge_date: '2025-02-01' },
      { version: '2021-01' },
    );
    expect(moved.status).toBe(422);
    expect(moved.body.errors.date[0]).toContain(`Item ${subscription.id} already has charge ${first.id}`);
    expect((await queuedCharges(s.api, s.addressId)).map((c) => c.scheduled_at)).toEqual(['2025-03-01']);
  });

  it('refuses a next charge date it was skipped on, pointing at unskip (was: held by the skipped charge forever)', async () => {
    const s = await shop();
    const subscription = await createSubscription(s.api, s.addressId, {
      next_charge_scheduled_at: '2025-02-01',
    });
    const [queued] = await queuedCharges(s.api, s.addressId);
    await s.api.post(`/charges/${queued.id}/skip`, {});
    const moved = await s.api.post(`/subscriptions/${subscription.id}/set_next_charge_date`, {
      date: '2025-02-01',
    });
    expect(moved.body).toEqual({
      errors: {
        date: [
          `The subscription was skipped on 2025-02-01 (charge ${queued.id}); unskip that charge to charge it then.`,
        ],
      },
    });
    const unskipped = await s.api.post(`/charges/${queued.id}/unskip`, {});
    expect(unskipped.body.charge).toMatchObject({ status: 'queued', scheduled_at: '2025-02-01' });
  });

  it('moves on after dunning closes when the store keeps subscriptions (was: never billed again)', async () => {
    const s = await shop('tok_declined', { dunning: { retry_days: [2], on_max_retries: 'none' } });
    const subscription = await createSubscription(s.api, s.addressId, {
      next_charge_scheduled_at: '2025-01-16',
    });
    await s.control.advanceClock({ to: '2025-01-19T12:00:00Z' });
    const after = await subscriptionOf(s.api, subscription.id);
    expect(after).toMatchObject({ status: 'active', next_charge_scheduled_at: '2025-02-16' });
    expect((await queuedCharges(s.api, s.addressId)).map((c) => c.scheduled_at)).toEqual(['2025-02-16']);
    await s.api.put(`/payment_methods/${s.card.id}`, { processor_payment_method_token: 'tok_ok' });
    await s.control.advanceClock({ to: '2025-03-20T12:00:00Z' });
    expect(await paidDates(s.api, subscription.id)).toEqual({ '2025-02-16': 1, '2025-03-16': 1 });
  });
  it('closes the one-time items of a charge whose retries ended (was: waiting on it forever)', async () => {
    const s = await shop('tok_declined', { dunning: { retry_days: [2], on_max_retries: 'none' } });
    const onetime = (
      await s.api.post('/onetimes', {
        address_id: s.addressId,
        next_charge_scheduled_at: '2025-01-16',
        external_variant_id: { ecommerce: 'var-mug' },
        product_title: 'Mug',
        price: '8.00',
        quantity: 1,
      })
    ).body.onetime;
    await s.control.advanceClock({ to: '2025-01-19T12:00:00Z' });
    const [closed] = (await charges(s.api)).filter((c) => c.status === 'error');
    expect(closed.error_type).toBe('CLOSED_MAX_RETRIES_REACHED');
    expect((await s.api.get(`/onetimes/${onetime.id}`)).body.onetime.is_cancelled).toBe(true);
    expect((await s.api.get(`/customers/${s.customerId}`, { version: '2021-01' })).body.customer.status).toBe(
      'INACTIVE',
    );
  });
});

describe('a subscription in dunning billed twice', () => {
  it('refuses set_next_charge_date while its charge is being retried (was: paid on the failing charge and on a new one)', async () => {
    const s = await shop('tok_declined');
    const subscription = await createSubscription(s.api, s.addressId, {
      next_charge_scheduled_at: '2025-01-16',
    });
    await s.control.advanceClock({ days: 2 });
    const [failing] = (await charges(s.api)).filter((c) => c.status === 'error');
    const moved = await s.api.post(`/subscriptions/${subscription.id}/set_next_charge_date`, {
      date: '2025-01-20',
    });
    expect(moved.status).toBe(422);
    expect(moved.body.errors.date[0]).toBe(
      `The subscription is in charge ${failing.id}, which failed and is being retried; it keeps its date until that charge is paid or its retries end.`,
    );
    expect(await queuedCharges(s.api, s.addressId)).toEqual([]);
    await s.api.put(`/payment_methods/${s.card.id}`, { processor_payment_method_token: 'tok_ok' });
    await s.control.advanceClock({ days: 60 });
    expect(await paidDates(s.api, subscription.id)).toEqual({
      '2025-01-16': 1,
      '2025-02-16': 1,
      '2025-03-16': 1,
    });
  });

  it('keeps a subscription moved to another address on its failing charge (was: queued again there at once)', async () => {
    const s = await shop('tok_declined');
    const subscription = await createSubscription(s.api, s.addressId, {
      next_charge_scheduled_at: '2025-01-16',
    });
    const other = (
      await s.api.post('/addresses', {
        customer_id: s.customerId,
        country_code: 'US',
        address1: '1 Infinite Loop',
        city: 'Cupertino',
        province: 'CA',
        zip: '95014',
        first_name: 'Ada',
        last_name: 'Lovelace',
        phone: '',
      })
    ).body.address;
    await s.control.advanceClock({ days: 2 });
    const dated = await s.api.post(`/subscriptions/${subscription.id}/change_address`, {
      address_id: other.id,
      next_charge_scheduled_at: '2025-01-25',
    });
    expect(dated.status).toBe(422);
    const moved = await s.api.post(`/subscriptions/${subscription.id}/change_address`, {
      address_id: other.id,
    });
    expect(moved.body.subscription).toMatchObject({
      address_id: other.id,
      next_charge_scheduled_at: '2025-01-16',
    });
    expect(await queuedCharges(s.api, other.id)).toEqual([]);
    await s.api.put(`/payment_methods/${s.card.id}`, { processor_payment_method_token: 'tok_ok' });
    await s.control.advanceClock({ days: 40 });
    expect(await paidDates(s.api, subscription.id)).toEqual({ '2025-01-16': 1, '2025-02-16': 1 });
  });

  it('bills no catch-up charge for a date passed while the charge was failing (was: two charges in one day)', async () => {
    const s = await shop('tok_declined');
    const subscription = await createSubscription(s.api, s.addressId, {
      next_charge_scheduled_at: '2025-01-16',
      order_interval_unit: 'week',
      order_interval_frequency: 2,
      charge_interval_frequency: 2,
    });
    await s.control.advanceClock({ to: '2025-02-06T12:00:00Z' });
    await s.api.put(`/payment_methods/${s.card.id}`, { processor_payment_method_token: 'tok_ok' });
    const report = await s.control.advanceClock({ to: '2025-02-08T12:00:00Z' });
    expect(report.jobs.filter((j) => j.outcome === 'paid').map((j) => j.due_at)).toEqual([
      '2025-02-07T00:00:00Z',
    ]);
    // Paid on 2025-02-07 for 2025-01-16: the dates of 2025-01-30 and 2025-02-13 ... the first after today.
    expect((await subscriptionOf(s.api, subscription.id)).next_charge_scheduled_at).toBe('2025-02-13');
    expect(await paidDates(s.api, subscription.id)).toEqual({ '2025-01-16': 1 });
  });
});

describe('a customer inactive too early', () => {
  it('stays active while a one-time is queued after its last subscription is cancelled (was: INACTIVE with no event)', async () => {
    const s = await shop();
    const subscription = await createSubscription(s.api, s.addressId, {
      next_charge_scheduled_at: '2025-02-01',
    });
    await s.api.post('/onetimes', {
      address_id: s.addressId,
      next_charge_scheduled_at: '2025-02-10',
      external_variant_id: { ecommerce: 'var-mug' },
      product_title: 'Mug',
      price: '8.00',
      quantity: 1,
    });
    await s.api.post(`/subscriptions/${subscription.id}/cancel`, { cancellation_reason: 'enough' });
    const legacy = s.api.with({ version: '2021-01' });
    const status = async () => (await legacy.get(`/customers/${s.customerId}`)).body.customer.status;
    expect(await status()).toBe('ACTIVE');
    expect(await topicsOf(s.api, ['customer'])).toEqual(['customer/created', 'customer/activated']);
    const listed = await legacy.get('/customers', { query: { status: 'ACTIVE' } });
    expect(listed.body.customers.map((c: Json) => c.id)).toEqual([s.customerId]);

    await s.control.advanceClock({ to: '2025-02-10T12:00:00Z' });
    expect(await status()).toBe('INACTIVE');
    expect(await topicsOf(s.api, ['customer'])).toEqual([
      'customer/created',
      'customer/activated',
      'customer/deactivated',
    ]);
  });

  it('fires customer/deactivated only when its last prepaid order has shipped (was: while orders were still queued)', async () => {
    const s = await shop();
    const subscription = await createSubscription(s.api, s.addressId, {
      next_charge_scheduled_at: '2025-01-16',
      charge_interval_frequency: 3,
      order_interval_frequency: 1,
    });
    await s.control.advanceClock({ days: 2 });
    await s.api.post(`/subscriptions/${subscription.id}/cancel`, { cancellation_reason: 'enough' });
    const legacy = s.api.with({ version: '2021-01' });
    const status = async () => (await legacy.get(`/customers/${s.customerId}`)).body.customer.status;
    expect(await status()).toBe('ACTIVE');
    expect(await topicsOf(s.api, ['customer'])).not.toContain('customer/deactivated');

    await s.control.advanceClock({ to: '2025-02-17T12:00:00Z' });
    expect(await status()).toBe('ACTIVE');
    const last = await s.control.advanceClock({ to: '2025-03-17T12:00:00Z' });
    expect(last.events).toEqual(expect.arrayContaining(['order/created', 'customer/deactivated']));
    expect(await status()).toBe('INACTIVE');
    expect((await topicsOf(s.api, ['customer'])).filter((t) => t === 'customer/deactivated')).toHaveLength(1);
  });

  it('is activated again by a new subscription, once (status and events agree)', async () => {
    const s = await shop();
    const first = await createSubscription(s.api, s.addressId, { next_charge_scheduled_at: '2025-02-01' });
    await s.api.post(`/subscriptions/${first.id}/cancel`, { cancellation_reason: 'x' });
    await createSubscription(s.api, s.addressId, { next_charge_scheduled_at: '2025-02-01' });
    expect(await topicsOf(s.api, ['customer'])).toEqual([
      'customer/created',
      'customer/activated',
      'customer/deactivated',
      'customer/activated',
    ]);
    expect((await s.api.get(`/customers/${s.customerId}`, { version: '2021-01' })).body.customer.status).toBe(
      'ACTIVE',
    );
  });
});
