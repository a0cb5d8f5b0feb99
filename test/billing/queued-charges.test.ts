import { describe, expect, it } from 'vitest';
import type { Json } from '../helpers/api.js';
import { useEmulator } from '../helpers/emulator.js';
import { createCustomerWithAddress, createSubscription, queuedCharges } from '../helpers/factories.js';

const { store } = useEmulator();

const lines = (charge: Json) => charge.line_items.map((line: Json) => line.purchase_item_id).sort();

describe('queued charges (spec rules 1 and 2)', () => {
  it('gives two subscriptions of one address on one date one charge with two line items', async () => {
    const { api } = await store();
    const { addressId } = await createCustomerWithAddress(api);
    const coffee = await createSubscription(api, addressId);
    const tea = await createSubscription(api, addressId, {
      external_variant_id: { ecommerce: 'var-tea' },
      product_title: 'Green Tea',
      price: '7.50',
      quantity: 2,
    });
    const charges = await queuedCharges(api, addressId);
    expect(charges).toHaveLength(1);
    const [charge] = charges;
    expect(charge.scheduled_at).toBe('2025-02-01');
    expect(lines(charge)).toEqual([coffee.id, tea.id].sort());
    expect(charge).toMatchObject({
      status: 'queued',
      type: 'recurring',
      total_line_items_price: '35.00',
      subtotal_price: '35.00',
      total_price: '35.00',
      currency: 'USD',
      orders_count: 1,
    });
  });

  it('splits when one moves to another date and merges again when it moves back', async () => {
    const { api } = await store();
    const { addressId } = await createCustomerWithAddress(api);
    const a = await createSubscription(api, addressId);
    const b = await createSubscription(api, addressId, { external_variant_id: { ecommerce: 'var-tea' } });
    const [merged] = await queuedCharges(api, addressId);

    const moved = await api.post(`/subscriptions/${b.id}/set_next_charge_date`, { date: '2025-02-10' });
    expect(moved.status).toBe(200);
    expect(moved.body.subscription.next_charge_scheduled_at).toBe('2025-02-10');
    const split = await queuedCharges(api, addressId);
    expect(split.map((c: Json) => [c.scheduled_at, lines(c)])).toEqual([
      ['2025-02-01', [a.id]],
      ['2025-02-10', [b.id]],
    ]);
    expect(split[0].id).toBe(merged.id);

    await api.post(`/subscriptions/${b.id}/set_next_charge_date`, { date: '2025-02-01' });
    const again = await queuedCharges(api, addressId);
    expect(again).toHaveLength(1);
    expect(again[0].id).toBe(merged.id);
    expect(lines(again[0])).toEqual([a.id, b.id].sort());
    const topics = (await api.get('/events', { query: { object_type: 'charge' } })).body.events.map(
      (e: Json) => e.verb,
    );
    // Newest first: merged back (the moved charge deleted, the first one updated), split, first charge.
    expect(topics).toEqual(['updated', 'deleted', 'created', 'updated', 'updated', 'created']);
  });

  it('merges a charge moved onto the date of another (2021-01 change_next_charge_date)', async () => {
    const { api } = await store();
    const { addressId } = await createCustomerWithAddress(api);
    await createSubscription(api, addressId);
    await createSubscription(api, addressId, {
      next_charge_scheduled_at: '2025-03-01',
      external_variant_id: { ecommerce: 'var-x' },
    });
    const [first, second] = await queuedCharges(api, addressId);
    const legacy = api.with({ version: '2021-01' });
    const reply = await legacy.post(`/charges/${second.id}/change_next_charge_date`, {
      next_charge_date: '2025-02-01',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.charge.id).toBe(first.id);
    expect(reply.body.charge.line_items).toHaveLength(2);
    expect(reply.body.charge.scheduled_at).toBe('2025-02-01T00:00:00');
    expect(await queuedCharges(api, addressId)).toHaveLength(1);
    const past = await legacy.post(`/charges/${first.id}/change_next_charge_date`, {
      next_charge_date: '2024-01-01',
    });
    expect(past.body).toEqual({ errors: { date: ['date is not far enough in the future'] } });
    expect(
      (await api.post(`/charges/${first.id}/change_next_charge_date`, { next_charge_date: '2025-03-01' }))
        .status,
    ).toBe(501);
  });

  it('keeps one-time items in the queued charge of their address and date', async () => {
    const { api } = await store();
    const { addressId } = await createCustomerWithAddress(api);
    const subscription = await createSubscription(api, addressId);
    const onetime = await api.post('/onetimes', {
      address_id: addressId,
      next_charge_scheduled_at: '2025-02-01',
      external_variant_id: { ecommerce: 'var-mug' },
      product_title: 'Mug',
      price: '12.00',
      quantity: 1,
    });
    expect(onetime.status).toBe(201);
    const [charge] = await queuedCharges(api, addressId);
    expect(lines(charge)).toEqual([subscription.id, onetime.body.onetime.id].sort());
    expect(charge.line_items.find((l: Json) => l.purchase_item_type === 'onetime').title).toBe('Mug');
    expect(charge.total_price).toBe('32.00');
    await api.delete(`/onetimes/${onetime.body.onetime.id}`);
    expect((await queuedCharges(api, addressId))[0].total_price).toBe('20.00');
  });

  it('deletes the queued charge of a cancelled subscription and queues again on activation', async () => {
    const s = await store();
    const { addressId } = await createCustomerWithAddress(s.api);
    const subscription = await createSubscription(s.api, addressId);
    const cancelled = await s.api.post(`/subscriptions/${subscription.id}/cancel`, {
      cancellation_reason: 'too much coffee',
    });
    expect(cancelled.body.subscription).toMatchObject({
      status: 'cancelled',
      cancellation_reason: 'too much coffee',
      next_charge_scheduled_at: null,
      cancelled_at: '2025-01-15T12:00:00+00:00',
    });
    expect(await queuedCharges(s.api, addressId)).toEqual([]);
    const activated = await s.api.post(`/subscriptions/${subscription.id}/activate`, {});
    expect(activated.body.subscription).toMatchObject({
      status: 'active',
      next_charge_scheduled_at: '2025-02-15',
    });
    expect((await queuedCharges(s.api, addressId)).map((c: Json) => c.scheduled_at)).toEqual(['2025-02-15']);
  });

  it('moves a subscription to another address of the customer', async () => {
    const { api } = await store();
    const { customerId, addressId } = await createCustomerWithAddress(api);
    const other = (
      await api.post('/addresses', {
        customer_id: customerId,
        address1: '1 Infinite Loop',
        city: 'Cupertino',
        province: 'CA',
        zip: '95014',
        country_code: 'US',
        first_name: 'Ada',
        last_name: 'Lovelace',
        phone: '',
      })
    ).body.address;
    const subscription = await createSubscription(api, addressId);
    const reply = await api.post(`/subscriptions/${subscription.id}/change_address`, {
      address_id: other.id,
    });
    expect(reply.body.subscription.address_id).toBe(other.id);
    expect(await queuedCharges(api, addressId)).toEqual([]);
    expect((await queuedCharges(api, other.id))[0].shipping_address.city).toBe('Cupertino');
  });
});

describe('regeneration', () => {
  it('defers the rebuild of a commit_update=false change by 5 s, flagging the charge meanwhile', async () => {
    const s = await store();
    const { addressId } = await createCustomerWithAddress(s.api);
    const subscription = await createSubscription(s.api, addressId);
    const update = await s.api.put(
      `/subscriptions/${subscription.id}`,
      { quantity: 3 },
      { query: { commit_update: false } },
    );
    expect(update.body.subscription.quantity).toBe(3);
    const [pending] = await queuedCharges(s.api, addressId);
    expect(pending).toMatchObject({ has_uncommitted_changes: true, total_price: '20.00' });
    const legacy = await s.api.get(`/charges/${pending.id}`, { version: '2021-01' });
    expect(legacy.body.charge.has_uncommited_changes).toBe(true);
    const jobs = await s.control.scheduledJobs();
    expect(jobs.jobs.map(({ type, due_at, subject }) => ({ type, due_at, subject }))).toEqual([
      { type: 'regenerate_charges', due_at: '2025-01-15T12:00:05Z', subject: `address:${addressId}` },
      { type: 'charge_upcoming', due_at: '2025-01-29T00:00:00Z', subject: `charge:${pending.id}` },
      { type: 'charge_attempt', due_at: '2025-02-01T00:00:00Z', subject: `charge:${pending.id}` },
    ]);
    const report = await s.control.advanceClock({ seconds: 5 });
    expect(report.jobs).toEqual([
      {
        type: 'regenerate_charges',
        due_at: '2025-01-15T12:00:05Z',
        subject: `address:${addressId}`,
        outcome: 'regenerated',
      },
    ]);
    expect(report.events).toEqual(['charge/updated']);
    const [rebuilt] = await queuedCharges(s.api, addressId);
    expect(rebuilt).toMatchObject({ has_uncommitted_changes: false, total_price: '60.00' });
  });
});

describe('charge totals', () => {
  it('adds the store shipping rate, taxes and keeps the address currency', async () => {
    const { api } = await store({
      settings: { shipping_rate: { code: 'std', title: 'Standard', price: '4.99' }, tax_rate: 0.1 },
    });
    const { addressId } = await createCustomerWithAddress(api);
    await createSubscription(api, addressId, { price: '19.99', quantity: 2 });
    const [charge] = await queuedCharges(api, addressId);
    expect(charge).toMatchObject({
      total_line_items_price: '39.98',
      subtotal_price: '39.98',
      total_tax: '4.00',
      total_price: '48.97',
      taxable: true,
      taxes_included: false,
      shipping_lines: [
        { code: 'std', price: '4.99', title: 'Standard', source: 'store', taxable: false, tax_lines: [] },
      ],
      tax_lines: [{ price: '4.00', rate: 0.1, title: 'Tax 10%' }],
    });
    expect(charge.line_items[0]).toMatchObject({
      quantity: 2,
      unit_price: '19.99',
      total_price: '39.98',
      tax_due: '4.00',
    });
  });

  it('takes taxes out of the price when taxes are included, and uses the address override for shipping', async () => {
    const { api } = await store({ settings: { tax_rate: 0.2, taxes_included: true } });
    const { addressId } = await createCustomerWithAddress(api);
    await api.put(`/addresses/${addressId}`, {
      shipping_lines_override: [{ code: 'exp', price: '10.00', title: 'Express' }],
    });
    await createSubscription(api, addressId, { price: '12.00' });
    const [charge] = await queuedCharges(api, addressId);
    expect(charge).toMatchObject({ total_tax: '2.00', total_price: '22.00', taxes_included: true });
    expect(charge.shipping_lines[0]).toMatchObject({ code: 'exp', price: '10.00', source: 'override' });
  });

  it('bills a prepaid subscription for every order of its cycle', async () => {
    const { api } = await store();
    const { addressId } = await createCustomerWithAddress(api);
    await createSubscription(api, addressId, { charge_interval_frequency: 3, order_interval_frequency: 1 });
    const [charge] = await queuedCharges(api, addressId);
    expect(charge).toMatchObject({ orders_count: 3, total_price: '60.00' });
  });
});

describe('concurrent edits', () => {
  it('answers 409 to a second write to the same address while the first is in progress', async () => {
    const { api } = await store({ settings: { write_latency_ms: 150 } });
    const { addressId } = await createCustomerWithAddress(api);
    const subscription = await createSubscription(api, addressId);
    const [first, second] = await Promise.all([
      api.put(`/subscriptions/${subscription.id}`, { quantity: 2 }),
      api.put(`/addresses/${addressId}`, { address2: 'Suite 5' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const conflict = first.status === 409 ? first : second;
    expect(conflict.body).toEqual({ error: 'A call to this route is already in progress.' });
  });
});
