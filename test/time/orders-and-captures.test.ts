import { describe, expect, it } from 'vitest';
import type { Json } from '../helpers/api.js';
import { useEmulator } from '../helpers/emulator.js';
import { addCard, createCustomerWithAddress, createSubscription, topicsOf } from '../helpers/factories.js';

const { store } = useEmulator();

async function shop(token = 'tok_ok', settings: Record<string, unknown> = {}) {
  const s = await store({ settings });
  const { customerId, addressId } = await createCustomerWithAddress(s.api);
  const card = await addCard(s.api, customerId, token);
  return { ...s, customerId, addressId, card };
}

describe('prepaid', () => {
  it('releases the 3 orders of a 3-month prepaid cycle on their dates', async () => {
    const s = await shop('tok_ok', { upcoming_order_days: 2 });
    await createSubscription(s.api, s.addressId, {
      next_charge_scheduled_at: '2025-02-01',
      charge_interval_frequency: 3,
      order_interval_frequency: 1,
    });
    const paid = await s.control.advanceClock({ to: '2025-02-01T06:00:00Z' });
    expect(paid.events.filter((e) => e.startsWith('order/'))).toEqual([
      'order/created',
      'order/processed',
      'order/success',
    ]);
    const orders = async () =>
      (await s.api.get('/orders', { query: { sort_by: 'scheduled_at-asc' } })).body.orders;
    expect((await orders()).map((o: Json) => [o.scheduled_at.slice(0, 10), o.status, o.is_prepaid])).toEqual([
      ['2025-02-01', 'success', 1],
      ['2025-03-01', 'queued', 1],
      ['2025-04-01', 'queued', 1],
    ]);
    const [, second] = await orders();
    expect(second).toMatchObject({
      external_order_id: { ecommerce: null },
      processed_at: null,
      total_price: '20.00',
    });

    const notice = await s.control.advanceClock({ to: '2025-02-27T00:00:00Z' });
    expect(notice.events).toEqual(['order/upcoming']);
    const march = await s.control.advanceClock({ to: '2025-03-01T00:00:00Z' });
    expect(march.jobs).toEqual([
      expect.objectContaining({
        type: 'order_release',
        due_at: '2025-03-01T00:00:00Z',
        subject: `order:${second.id}`,
        outcome: 'released',
      }),
    ]);
    expect(march.events).toEqual(['order/created', 'order/processed', 'order/success']);
    await s.control.advanceClock({ to: '2025-04-01T00:00:00Z' });
    expect((await orders()).map((o: Json) => o.status)).toEqual(['success', 'success', 'success']);
    const charges = (await s.api.get('/charges', { query: { status: 'success' } })).body.charges;
    expect(charges).toHaveLength(1);
    expect(charges[0].orders_count).toBe(3);
    // The next cycle is queued 3 months after the first.
    expect((await s.api.get('/charges', { query: { status: 'queued' } })).body.charges[0].scheduled_at).toBe(
      '2025-05-01',
    );
  });

  it('delays a queued prepaid order by one order interval, and deletes one', async () => {
    const s = await shop();
    await createSubscription(s.api, s.addressId, {
      next_charge_scheduled_at: '2025-01-16',
      charge_interval_frequency: 3,
      order_interval_frequency: 1,
    });
    await s.control.advanceClock({ days: 1 });
    const queued = (await s.api.get('/orders', { query: { status: 'queued', sort_by: 'scheduled_at-asc' } }))
      .body.orders;
    const delayed = await s.api.post(`/orders/${queued[0].id}/delay`, {});
    expect(delayed.body.order.scheduled_at).toBe('2025-03-16T00:00:00+00:00');
    const jobs = (await s.control.scheduledJobs()).jobs.filter((j) => j.subject === `order:${queued[0].id}`);
    expect(jobs.map((j) => [j.type, j.due_at])).toEqual([
      ['order_upcoming', '2025-03-13T00:00:00Z'],
      ['order_release', '2025-03-16T00:00:00Z'],
    ]);
    expect((await s.api.delete(`/orders/${queued[1].id}`)).status).toBe(204);
    const success = (await s.api.get('/orders', { query: { status: 'success' } })).body.orders[0];
    expect((await s.api.delete(`/orders/${success.id}`)).status).toBe(422);
    expect((await s.api.post(`/orders/${success.id}/delay`, {})).status).toBe(422);
  });
});

describe('authorize and capture', () => {
  it('announces an authorization left uncaptured for 6 days', async () => {
    const s = await shop('tok_authorize_only');
    await createSubscription(s.api, s.addressId, { next_charge_scheduled_at: '2025-01-16' });
    const authorized = await s.control.advanceClock({ days: 1 });
    expect(authorized.jobs.find((j) => j.type === 'charge_attempt')?.outcome).toBe('authorized');
    const [charge] = (await s.api.get('/charges', { query: { status: 'pending' } })).body.charges;
    expect(charge).toMatchObject({ status: 'pending', processed_at: null });
    expect((await s.api.get(`/charges/${charge.id}`, { version: '2021-01' })).body.charge.status).toBe(
      'PENDING',
    );
    const early = await s.control.advanceClock({ to: '2025-01-21T23:59:59Z' });
    expect(early.events).not.toContain('charge/uncaptured');
    const sixth = await s.control.advanceClock({ to: '2025-01-22T00:00:00Z' });
    expect(sixth.events).toEqual(['charge/uncaptured']);
  });

  it('captures an authorization on day 5: paid, with its order', async () => {
    const s = await shop('tok_authorize_only');
    await createSubscription(s.api, s.addressId, { next_charge_scheduled_at: '2025-01-16' });
    await s.control.advanceClock({ to: '2025-01-21T00:00:00Z' });
    const [charge] = (await s.api.get('/charges', { query: { status: 'pending' } })).body.charges;
    const captured = await s.api.post(`/charges/${charge.id}/capture_payment`, {});
    expect(captured.status).toBe(200);
    expect(captured.body.charge).toMatchObject({
      status: 'success',
      processed_at: '2025-01-21T00:00:00+00:00',
    });
    expect((await topicsOf(s.api, ['charge', 'order'])).slice(-6)).toEqual([
      'charge/paid',
      'order/created',
      'order/processed',
      'order/success',
      'charge/created',
      'order/payment_captured',
    ]);
    const uncaptured = await s.control.advanceClock({ days: 3 });
    expect(uncaptured.events).not.toContain('charge/uncaptured');
  });

  it('refuses a capture on day 8', async () => {
    const s = await shop('tok_authorize_only');
    await createSubscription(s.api, s.addressId, { next_charge_scheduled_at: '2025-01-16' });
    await s.control.advanceClock({ to: '2025-01-24T00:00:00Z' });
    const [charge] = (await s.api.get('/charges', { query: { status: 'pending' } })).body.charges;
    const refused = await s.api.post(`/charges/${charge.id}/capture_payment`, {});
    expect(refused.status).toBe(422);
    expect(refused.body.errors.authorized_at[0]).toContain('7 days');
  });
});

describe('charge history and refunds', () => {
  it('hides a paid charge 90 days after processing while an error charge stays', async () => {
    const s = await store();
    const paying = await createCustomerWithAddress(s.api);
    await addCard(s.api, paying.customerId, 'tok_ok');
    const failing = await createCustomerWithAddress(s.api);
    await addCard(s.api, failing.customerId, 'tok_declined');
    await createSubscription(s.api, paying.addressId, {
      next_charge_scheduled_at: '2025-01-16',
      charge_interval_frequency: 12,
      order_interval_frequency: 12,
    });
    await createSubscription(s.api, failing.addressId, { next_charge_scheduled_at: '2025-01-16' });
    await s.control.advanceClock({ to: '2025-01-16T12:00:00Z' });
    const paid = (await s.api.get('/charges', { query: { status: 'success' } })).body.charges[0];
    const error = (await s.api.get('/charges', { query: { status: 'error' } })).body.charges[0];
    await s.control.advanceClock({ to: '2025-04-15T23:59:59Z' });
    expect((await s.api.get(`/charges/${paid.id}`)).status).toBe(200);
    await s.control.advanceClock({ to: '2025-04-16T00:00:01Z' });
    expect((await s.api.get(`/charges/${paid.id}`)).body).toEqual({ errors: 'Not Found' });
    expect((await s.api.get('/charges', { query: { status: 'success' } })).body.charges).toEqual([]);
    expect(
      (await s.api.get('/charges/count', { version: '2021-01', query: { status: 'SUCCESS' } })).body,
    ).toEqual({ count: 0 });
    expect((await s.api.get(`/charges/${error.id}`)).status).toBe(200);
  });

  it('refunds part and then the rest, never more than was paid', async () => {
    const s = await shop();
    await createSubscription(s.api, s.addressId, { next_charge_scheduled_at: '2025-01-16', price: '30.00' });
    await s.control.advanceClock({ days: 1 });
    const [charge] = (await s.api.get('/charges', { query: { status: 'success' } })).body.charges;
    const part = await s.api.post(`/charges/${charge.id}/refund`, { amount: '10.00' });
    expect(part.body.charge).toMatchObject({ status: 'partially_refunded', total_refunds: '10.00' });
    const tooMuch = await s.api.post(`/charges/${charge.id}/refund`, { amount: '25.00' });
    expect(tooMuch.body.errors.amount[0]).toContain('20.00');
    const rest = await s.api.post(`/charges/${charge.id}/refund`, { amount: '0', full_refund: true });
    expect(rest.body.charge).toMatchObject({ status: 'refunded', total_refunds: '30.00' });
    expect((await s.api.get(`/charges/${charge.id}`, { version: '2021-01' })).body.charge.status).toBe(
      'REFUNDED',
    );
    expect((await s.api.post(`/charges/${charge.id}/refund`, { full_refund: true })).status).toBe(422);
    expect((await topicsOf(s.api, ['charge'])).filter((t) => t === 'charge/refunded')).toHaveLength(2);
    const queued = (await s.api.get('/charges', { query: { status: 'queued' } })).body.charges[0];
    expect((await s.api.post(`/charges/${queued.id}/refund`, { amount: '1.00' })).status).toBe(422);
  });
});

describe('process a charge now', () => {
  it('processes a queued charge on the Pro plan and refuses on the standard plan', async () => {
    const s = await shop();
    await createSubscription(s.api, s.addressId, { next_charge_scheduled_at: '2025-03-01' });
    const [charge] = (await s.api.get('/charges', { query: { status: 'queued' } })).body.charges;
    const processed = await s.api.post(`/charges/${charge.id}/process`, {});
    expect(processed.status).toBe(200);
    expect(processed.body.charge).toMatchObject({
      status: 'success',
      processed_at: '2025-01-15T12:00:00+00:00',
    });
    expect((await s.api.post(`/charges/${charge.id}/process`, {})).status).toBe(422);

    const standard = await shop('tok_ok', { plan: 'standard' });
    await createSubscription(standard.api, standard.addressId, { next_charge_scheduled_at: '2025-03-01' });
    const [other] = (await standard.api.get('/charges', { query: { status: 'queued' } })).body.charges;
    const refused = await standard.api.post(`/charges/${other.id}/process`, {});
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain('Pro');
  });

  it('retries an error charge at once and answers with the failure when it fails again', async () => {
    const s = await shop('tok_declined');
    await createSubscription(s.api, s.addressId, { next_charge_scheduled_at: '2025-01-16' });
    await s.control.advanceClock({ days: 1 });
    const [charge] = (await s.api.get('/charges', { query: { status: 'error' } })).body.charges;
    const again = await s.api.post(`/charges/${charge.id}/process`, {});
    expect(again.body.charge).toMatchObject({
      status: 'error',
      charge_attempts: 2,
      error_type: 'CARD_DECLINED',
    });
  });
});
