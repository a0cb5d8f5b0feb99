/** Stories driven through HTTP and the virtual clock (issue: time travel). No sleeps. */
import { describe, expect, it } from 'vitest';
import type { Json } from '../helpers/api.js';
import { useEmulator } from '../helpers/emulator.js';
import {
  createCustomerWithAddress,
  createSubscription,
  queuedCharges,
  topicsOf,
  withCardedCustomer,
} from '../helpers/factories.js';

const { store } = useEmulator();

async function shop(token = 'tok_ok', settings: Record<string, unknown> = {}) {
  return withCardedCustomer(await store({ settings: settings }), token);
}

const chargesOf = async (api: Json, query: Record<string, string | number>) =>
  (await api.get('/charges', { query: { sort_by: 'id-asc', limit: 250, ...query } })).body.charges as Json[];

describe('a monthly subscription over a year', () => {
  it('is billed 12 times with 12 orders, each on its date, with the events in order', async () => {
    const s = await shop();
    const subscription = await createSubscription(s.api, s.addressId, {
      next_charge_scheduled_at: '2025-02-01',
    });
    const first = await s.control.advanceClock({ to: '2025-02-01T12:00:00Z' });
    const [paidFirst] = await chargesOf(s.api, { status: 'success' });
    expect(paidFirst).toMatchObject({
      status: 'success',
      processed_at: '2025-02-01T00:00:00+00:00',
      charge_attempts: 1,
    });
    expect(paidFirst.external_transaction_id.payment_processor).toMatch(/^txn_/);
    expect(paidFirst.external_order_id.ecommerce).toMatch(/^\d+$/);
    const rest = await s.control.advanceClock({ to: '2026-01-15T12:00:00Z' });
    const report = { jobs: [...first.jobs, ...rest.jobs] };
    expect(
      report.jobs.filter((j) => j.type === 'charge_attempt').map((j) => [j.due_at.slice(0, 10), j.outcome]),
    ).toEqual(
      [
        '2025-02-01',
        '2025-03-01',
        '2025-04-01',
        '2025-05-01',
        '2025-06-01',
        '2025-07-01',
        '2025-08-01',
        '2025-09-01',
        '2025-10-01',
        '2025-11-01',
        '2025-12-01',
        '2026-01-01',
      ].map((d) => [d, 'paid']),
    );
    // Spec, Errors 5: charges processed more than 90 days ago are no longer shown.
    const paid = await chargesOf(s.api, { status: 'success' });
    expect(paid.map((c: Json) => c.scheduled_at)).toEqual(['2025-11-01', '2025-12-01', '2026-01-01']);
    expect((await s.api.get(`/charges/${paidFirst.id}`)).status).toBe(404);
    const orders = (await s.api.get('/orders', { query: { limit: 250, sort_by: 'scheduled_at-asc' } })).body
      .orders;
    expect(orders).toHaveLength(12);
    expect(orders.map((o: Json) => o.status)).toEqual(Array(12).fill('success'));
    expect(orders[11]).toMatchObject({
      scheduled_at: '2026-01-01T00:00:00+00:00',
      is_prepaid: 0,
      type: 'recurring',
    });
    expect(
      (await s.api.get(`/subscriptions/${subscription.id}`)).body.subscription.next_charge_scheduled_at,
    ).toBe('2026-02-01');
    expect((await queuedCharges(s.api, s.addressId)).map((c: Json) => c.scheduled_at)).toEqual([
      '2026-02-01',
    ]);
    const customer = (await s.api.get(`/customers/${s.customerId}`)).body.customer;
    expect(customer.first_charge_processed_at).toBe('2025-02-01T00:00:00+00:00');

    const topics = await topicsOf(s.api, ['charge', 'order']);
    // The first cycle: queued, announced 3 days before, paid with its order, the next one queued.
    expect(topics.slice(0, 7)).toEqual([
      'charge/created',
      'charge/upcoming',
      'charge/paid',
      'order/created',
      'order/processed',
      'order/success',
      'charge/created',
    ]);
    expect(topics.filter((t) => t === 'charge/paid')).toHaveLength(12);
    expect(topics.filter((t) => t === 'order/created')).toHaveLength(12);
    const cycle = await topicsOf(s.api, ['charge', 'order', 'subscription']);
    const second = cycle.indexOf('charge/paid', cycle.indexOf('charge/paid') + 1);
    expect(cycle.slice(second, second + 6)).toEqual([
      'charge/paid',
      'order/created',
      'order/processed',
      'order/success',
      'subscription/updated',
      'charge/created',
    ]);
  });

  it('expires a subscription after its number of charges', async () => {
    const s = await shop();
    const subscription = await createSubscription(s.api, s.addressId, {
      expire_after_specific_number_of_charges: 2,
    });
    await s.control.advanceClock({ days: 75 });
    const after = (await s.api.get(`/subscriptions/${subscription.id}`)).body.subscription;
    expect(after).toMatchObject({ status: 'expired', next_charge_scheduled_at: null });
    expect(await chargesOf(s.api, { status: 'success' })).toHaveLength(2);
    expect(await queuedCharges(s.api, s.addressId)).toEqual([]);
  });
});

describe('dunning', () => {
  it('walks a declined card through 8 tries on the right dates to max retries and a cancelled subscription', async () => {
    const s = await shop('tok_declined');
    const subscription = await createSubscription(s.api, s.addressId, {
      next_charge_scheduled_at: '2025-01-16',
    });
    const report = await s.control.advanceClock({ days: 60 });
    const tries = report.jobs
      .filter((j) => j.type === 'charge_attempt')
      .map((j) => [j.due_at.slice(0, 10), j.outcome]);
    expect(tries).toEqual([
      ['2025-01-16', 'failed: CARD_DECLINED'],
      ['2025-01-17', 'failed: CARD_DECLINED'],
      ['2025-01-23', 'failed: CARD_DECLINED'],
      ['2025-01-29', 'failed: CARD_DECLINED'],
      ['2025-02-04', 'failed: CARD_DECLINED'],
      ['2025-02-10', 'failed: CARD_DECLINED'],
      ['2025-02-16', 'failed: CARD_DECLINED'],
      ['2025-02-22', 'failed: CLOSED_MAX_RETRIES_REACHED'],
    ]);
    const [charge] = await chargesOf(s.api, { status: 'error' });
    expect(charge).toMatchObject({
      status: 'error',
      error_type: 'CLOSED_MAX_RETRIES_REACHED',
      error: 'Your card was declined.',
      charge_attempts: 8,
      retry_date: null,
      scheduled_at: '2025-01-16',
    });
    const legacy = (await s.api.get(`/charges/${charge.id}`, { version: '2021-01' })).body.charge;
    expect(legacy).toMatchObject({
      status: 'ERROR',
      number_times_tried: 8,
      last_charge_attempt_date: '2025-02-22T00:00:00',
    });
    expect((await s.api.get(`/subscriptions/${subscription.id}`)).body.subscription).toMatchObject({
      status: 'cancelled',
      max_retries_reached: true,
      cancellation_reason: 'max retries reached',
    });
    const topics = await topicsOf(s.api, ['charge', 'subscription']);
    expect(topics.filter((t) => t === 'charge/failed')).toHaveLength(8);
    expect(topics.slice(-2)).toEqual(['charge/failed', 'charge/max_retries_reached']);
    // Spec: an involuntary cancellation after max retries fires only charge/max_retries_reached.
    expect(topics).not.toContain('subscription/cancelled');
  });

  it('shows the first failure with its retry date and the dunning flags', async () => {
    const s = await shop('tok_insufficient_funds');
    await createSubscription(s.api, s.addressId, { next_charge_scheduled_at: '2025-01-16' });
    await s.control.advanceClock({ days: 1 });
    const [charge] = await chargesOf(s.api, { status: 'error' });
    expect(charge).toMatchObject({
      error_type: 'INSUFFICIENT_FUNDS',
      charge_attempts: 1,
      // api-facts (recorded real records): the next attempt's moment, midnight in the store's timezone.
      retry_date: '2025-01-17T00:00:00+00:00',
      last_charge_attempt: '2025-01-16T00:00:00+00:00',
    });
    const legacy = (await s.api.get(`/charges/${charge.id}`, { version: '2021-01' })).body.charge;
    expect(legacy).toMatchObject({
      retry_date: '2025-01-17',
      last_charge_attempt_date: '2025-01-16T00:00:00',
    });
    expect((await s.api.get(`/customers/${s.customerId}`)).body.customer.has_payment_method_in_dunning).toBe(
      true,
    );
    expect(
      (await s.api.get(`/customers/${s.customerId}`, { version: '2021-01' })).body.customer
        .has_card_error_in_dunning,
    ).toBe(true);
    // The error charge holds the subscription: no other charge is queued meanwhile.
    expect(await queuedCharges(s.api, s.addressId)).toEqual([]);
  });

  it('recovers when the card is updated mid-dunning', async () => {
    const s = await shop('tok_declined');
    const subscription = await createSubscription(s.api, s.addressId, {
      next_charge_scheduled_at: '2025-01-16',
    });
    await s.control.advanceClock({ to: '2025-01-18T12:00:00Z' });
    const [failing] = await chargesOf(s.api, { status: 'error' });
    expect(failing.charge_attempts).toBe(2);
    await s.api.put(`/payment_methods/${s.card.id}`, { processor_payment_method_token: 'tok_ok' });
    const updated = (await s.api.get(`/charges/${failing.id}`)).body.charge;
    expect(updated).toMatchObject({
      error_type: 'CARD_UPDATED_NOW_PENDING_NEXT_ATTEMPT',
      retry_date: '2025-01-19T00:00:00+00:00',
      charge_attempts: 1,
    });
    const report = await s.control.advanceClock({ days: 1 });
    expect(report.jobs.map((j) => [j.type, j.outcome])).toContainEqual(['charge_attempt', 'paid']);
    expect((await s.api.get(`/charges/${failing.id}`)).body.charge).toMatchObject({
      status: 'success',
      charge_attempts: 2,
      error_type: null,
    });
    expect(
      (await s.api.get(`/subscriptions/${subscription.id}`)).body.subscription.next_charge_scheduled_at,
    ).toBe('2025-02-16');
    expect((await s.api.get(`/customers/${s.customerId}`)).body.customer.has_payment_method_in_dunning).toBe(
      false,
    );
  });

  it('follows tok_fail_then_ok: declined once, paid on the retry the next day', async () => {
    const s = await shop('tok_fail_then_ok');
    await createSubscription(s.api, s.addressId, { next_charge_scheduled_at: '2025-01-16' });
    const report = await s.control.advanceClock({ days: 3 });
    expect(report.jobs.filter((j) => j.type === 'charge_attempt').map((j) => j.outcome)).toEqual([
      'failed: CARD_DECLINED',
      'paid',
    ]);
  });

  it('fails a customer without a payment method with INVALID_PAYMENT_METHOD', async () => {
    const s = await store();
    const { addressId } = await createCustomerWithAddress(s.api);
    await createSubscription(s.api, addressId, { next_charge_scheduled_at: '2025-01-16' });
    await s.control.advanceClock({ days: 1 });
    expect((await chargesOf(s.api, { status: 'error' }))[0].error_type).toBe('INVALID_PAYMENT_METHOD');
  });

  it('leaves subscriptions alone after max retries when the store says so', async () => {
    const s = await shop('tok_declined', { dunning: { retry_days: [2], on_max_retries: 'none' } });
    const subscription = await createSubscription(s.api, s.addressId, {
      next_charge_scheduled_at: '2025-01-16',
    });
    const report = await s.control.advanceClock({ days: 10 });
    expect(report.jobs.filter((j) => j.type === 'charge_attempt').map((j) => j.due_at.slice(0, 10))).toEqual([
      '2025-01-16',
      '2025-01-18',
    ]);
    expect((await s.api.get(`/subscriptions/${subscription.id}`)).body.subscription.status).toBe('active');
  });
});

describe('notices', () => {
  it('fires charge/upcoming exactly N days before the charge (store setting)', async () => {
    const s = await shop('tok_ok', { upcoming_charge_days: 5 });
    await createSubscription(s.api, s.addressId, { next_charge_scheduled_at: '2025-02-01' });
    const before = await s.control.advanceClock({ to: '2025-01-26T23:59:59Z' });
    expect(before.events).not.toContain('charge/upcoming');
    const on = await s.control.advanceClock({ to: '2025-01-27T00:00:00Z' });
    expect(on.events).toEqual(['charge/upcoming']);
    expect(on.jobs).toEqual([
      expect.objectContaining({
        type: 'charge_upcoming',
        due_at: '2025-01-27T00:00:00Z',
        outcome: 'announced',
      }),
    ]);
  });

  it('uses the store time zone for the day a charge runs', async () => {
    const s = await shop('tok_ok', { timezone: 'America/New_York' });
    await createSubscription(s.api, s.addressId, { next_charge_scheduled_at: '2025-02-01' });
    const jobs = (await s.control.scheduledJobs()).jobs.filter((j) => j.type === 'charge_attempt');
    expect(jobs.map((j) => j.due_at)).toEqual(['2025-02-01T05:00:00Z']);
  });
});

describe('an advance that would run more jobs than the store allows', () => {
  it('stops short at the last job it ran with 422 (was: centuries held the process until memory ran out), and goes on when asked', async () => {
    const s = await shop('tok_ok', { max_jobs_per_advance: 5, upcoming_charge_days: 0 });
    await createSubscription(s.api, s.addressId, { next_charge_scheduled_at: '2025-02-01' });
    const refused = await s.control.advanceClock({ days: 3650 }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 422 });
    const message = (refused as { body: Json }).body.errors.days[0] as string;
    const stoppedAt = /stopped at ([^,]+), short of \S+, after running 5 jobs/.exec(message)?.[1];
    expect(stoppedAt, message).toBeDefined();
    expect((await s.control.clock()).now).toBe(stoppedAt);
    expect(Date.parse(stoppedAt ?? '')).toBeLessThan(Date.parse('2026-01-01T00:00:00Z'));
    const paidSoFar = (await chargesOf(s.api, { status: 'success' })).length;
    expect(paidSoFar).toBeGreaterThan(0);
    await s.control.updateSettings({ max_jobs_per_advance: 250_000 });
    const rest = await s.control.advanceClock({ to: '2026-01-15T12:00:00Z' });
    expect(rest.now).toBe('2026-01-15T12:00:00Z');
    // Paid charges leave the API 90 days after processing; their orders stay: one a month.
    const orders = (await s.api.get('/orders', { query: { limit: 250 } })).body.orders as Json[];
    expect(orders).toHaveLength(12);
  });
});
