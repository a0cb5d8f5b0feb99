import { describe, expect, it } from 'vitest';
import type { Api, Json } from '../helpers/api.js';
import { useEmulator } from '../helpers/emulator.js';
import {
  addressBody2021_11,
  createCustomer,
  createCustomerWithAddress,
  createSubscription,
  queuedCharges,
} from '../helpers/factories.js';

const { store } = useEmulator();

async function discount(api: Api, overrides: Record<string, unknown> = {}): Promise<Json> {
  const reply = await api.post('/discounts', {
    code: `SAVE${Math.floor(Math.random() * 1e9)}`,
    discount_type: 'percentage',
    duration: 'forever',
    value: '10',
    ...overrides,
  });
  if (reply.status !== 201) throw new Error(`discount create failed: ${reply.text}`);
  return reply.body.discount;
}

describe('skip and unskip', () => {
  it('skips a whole charge, queues the next one, and unskip restores the same charge', async () => {
    const { api } = await store();
    const { addressId } = await createCustomerWithAddress(api);
    const subscription = await createSubscription(api, addressId);
    const [charge] = await queuedCharges(api, addressId);
    const skipped = await api.post(`/charges/${charge.id}/skip`, {});
    expect(skipped.status).toBe(200);
    expect(skipped.body.charge).toMatchObject({
      id: charge.id,
      status: 'skipped',
      scheduled_at: '2025-02-01',
    });
    expect(
      (await api.get(`/subscriptions/${subscription.id}`)).body.subscription.next_charge_scheduled_at,
    ).toBe('2025-03-01');
    expect((await queuedCharges(api, addressId)).map((c: Json) => c.scheduled_at)).toEqual(['2025-03-01']);

    const unskipped = await api.post(`/charges/${charge.id}/unskip`, {});
    expect(unskipped.body.charge).toMatchObject({
      id: charge.id,
      status: 'queued',
      scheduled_at: '2025-02-01',
    });
    expect((await queuedCharges(api, addressId)).map((c: Json) => c.id)).toEqual([charge.id]);
    expect(
      (await api.get(`/subscriptions/${subscription.id}`)).body.subscription.next_charge_scheduled_at,
    ).toBe('2025-02-01');
    const verbs = (await api.get('/events', { query: { object_type: 'subscription' } })).body.events.map(
      (e: Json) => e.verb,
    );
    expect(verbs.slice(0, 2)).toEqual(['unskipped', 'skipped']);
  });

  it('skips some items of a charge and unskips them back into it', async () => {
    const { api } = await store({ version: '2021-01' });
    const modern = api.with({ version: '2021-11' });
    const { addressId } = await createCustomerWithAddress(modern);
    const a = await createSubscription(modern, addressId);
    const b = await createSubscription(modern, addressId, { external_variant_id: { ecommerce: 'var-tea' } });
    const [charge] = await queuedCharges(modern, addressId);
    // 2021-01 names the items subscription_ids, as strings.
    const skipped = await api.post(`/charges/${charge.id}/skip`, { subscription_ids: [String(b.id)] });
    expect(skipped.body.charge.status).toBe('SKIPPED');
    expect(skipped.body.charge.line_items.map((l: Json) => l.subscription_id)).toEqual([b.id]);
    const queued = await queuedCharges(modern, addressId);
    expect(queued.map((c: Json) => [c.id === charge.id, c.scheduled_at, c.line_items.length])).toEqual([
      [true, '2025-02-01', 1],
      [false, '2025-03-01', 1],
    ]);
    await api.post(`/charges/${skipped.body.charge.id}/unskip`, { subscription_ids: [String(b.id)] });
    const after = await queuedCharges(modern, addressId);
    expect(after.map((c: Json) => c.line_items.length)).toEqual([2]);
    expect(after[0].id).toBe(charge.id);
    expect(after[0].line_items.map((l: Json) => l.purchase_item_id).sort()).toEqual([a.id, b.id].sort());
  });

  it('refuses to skip a charge that is not queued and items that are not in it', async () => {
    const { api } = await store();
    const { addressId } = await createCustomerWithAddress(api);
    await createSubscription(api, addressId);
    const [charge] = await queuedCharges(api, addressId);
    expect((await api.post(`/charges/${charge.id}/skip`, { purchase_item_ids: [12345] })).status).toBe(422);
    await api.post(`/charges/${charge.id}/skip`, {});
    expect((await api.post(`/charges/${charge.id}/skip`, {})).body.errors.status).toBeDefined();
    expect(
      (await api.post(`/charges/${(await queuedCharges(api, addressId))[0].id}/unskip`, {})).status,
    ).toBe(422);
  });

  it('skips a future date in advance with POST /addresses/{id}/charges/skip', async () => {
    const { api } = await store();
    const { addressId } = await createCustomerWithAddress(api);
    const subscription = await createSubscription(api, addressId);
    const reply = await api.post(`/addresses/${addressId}/charges/skip`, {
      date: '2025-04-01',
      subscription_ids: [subscription.id],
    });
    expect(reply.status).toBe(200);
    expect(reply.body.charge).toMatchObject({
      status: 'skipped',
      scheduled_at: '2025-04-01',
      address_id: addressId,
    });
    const notInSchedule = await api.post(`/addresses/${addressId}/charges/skip`, {
      date: '2025-04-02',
      subscription_ids: [subscription.id],
    });
    expect(notInSchedule.body.errors.date).toBeDefined();
    // Skipping the next charge moves the subscription past the date skipped in advance.
    const [next] = await queuedCharges(api, addressId);
    await api.post(`/charges/${next.id}/skip`, {});
    await api.post(`/charges/${(await queuedCharges(api, addressId))[0].id}/skip`, {});
    expect(
      (await api.get(`/subscriptions/${subscription.id}`)).body.subscription.next_charge_scheduled_at,
    ).toBe('2025-05-01');
  });

  it('lists skipped deliveries in the delivery schedule, is_skipped, with the skipped charge (real line items carry is_skipped)', async () => {
    const { api } = await store();
    const { customerId, addressId } = await createCustomerWithAddress(api);
    const subscription = await createSubscription(api, addressId);
    const [next] = await queuedCharges(api, addressId);
    await api.post(`/charges/${next.id}/skip`, {});
    const ahead = await api.post(`/addresses/${addressId}/charges/skip`, {
      date: '2025-04-01',
      subscription_ids: [subscription.id],
    });
    const schedule = async () =>
      (await api.get(`/customers/${customerId}/delivery_schedule`, { query: { future_interval_days: 120 } }))
        .body.deliveries as Json[];
    const summary = (deliveries: Json[]) =>
      deliveries.map((d: Json) => [
        d.date,
        d.orders.map((o: Json) => [o.charge_id, o.line_items.map((l: Json) => l.is_skipped)]),
      ]);
    const [queued] = await queuedCharges(api, addressId);
    expect(summary(await schedule())).toEqual([
      ['2025-02-01', [[next.id, [true]]]],
      ['2025-03-01', [[queued.id, [false]]]],
      ['2025-04-01', [[ahead.body.charge.id, [true]]]],
      ['2025-05-01', [[null, [false]]]],
    ]);
    // Unskipped, the delivery is an ordinary one again.
    await api.post(`/charges/${next.id}/unskip`, {});
    expect(summary(await schedule()).slice(0, 2)).toEqual([
      ['2025-02-01', [[next.id, [false]]]],
      ['2025-03-01', [[null, [false]]]],
    ]);
  });
});

describe('discounts on charges and addresses', () => {
  it('keeps an address discount through a quantity change but loses a charge discount', async () => {
    const { api } = await store();
    const first = await createCustomerWithAddress(api);
    const second = await createCustomerWithAddress(api);
    const tenOff = await discount(api);
    const fiveOff = await discount(api, { discount_type: 'fixed_amount', value: '5.00' });
    const subA = await createSubscription(api, first.addressId);
    const subB = await createSubscription(api, second.addressId);

    const applied = await api.post(`/addresses/${first.addressId}/apply_discount`, {
      discount_code: tenOff.code,
    });
    expect(applied.body.address.discounts).toEqual([
      { id: tenOff.id, code: tenOff.code, value: '10', value_type: 'percentage' },
    ]);
    const [chargeB] = await queuedCharges(api, second.addressId);
    const onCharge = await api.post(`/charges/${chargeB.id}/apply_discount`, { discount_id: fiveOff.id });
    expect(onCharge.body.charge).toMatchObject({ total_discounts: '5.00', total_price: '15.00' });
    expect((await queuedCharges(api, first.addressId))[0]).toMatchObject({
      total_discounts: '2.00',
      total_price: '18.00',
    });

    await api.put(`/subscriptions/${subA.id}`, { quantity: 2 });
    await api.put(`/subscriptions/${subB.id}`, { quantity: 2 });
    const [a] = await queuedCharges(api, first.addressId);
    const [b] = await queuedCharges(api, second.addressId);
    expect(a).toMatchObject({
      total_line_items_price: '40.00',
      total_discounts: '4.00',
      total_price: '36.00',
    });
    expect(a.discounts).toEqual([
      { id: tenOff.id, code: tenOff.code, value: '10', value_type: 'percentage' },
    ]);
    expect(b).toMatchObject({
      total_line_items_price: '40.00',
      total_discounts: '0.00',
      total_price: '40.00',
      discounts: [],
    });
  });

  it('strips a fully_disabled discount from every queued charge, for good', async () => {
    const { api } = await store();
    const one = await createCustomerWithAddress(api);
    const two = await createCustomerWithAddress(api);
    const off = await discount(api, { discount_type: 'fixed_amount', value: '3.00' });
    await createSubscription(api, one.addressId);
    await createSubscription(api, two.addressId);
    await api.post(`/addresses/${one.addressId}/apply_discount`, { discount_id: off.id });
    await api.post(`/charges/${(await queuedCharges(api, two.addressId))[0].id}/apply_discount`, {
      discount_code: off.code,
    });
    expect((await api.get('/charges', { query: { discount_id: off.id } })).body.charges).toHaveLength(2);

    const disabled = await api.put(`/discounts/${off.id}`, { status: 'fully_disabled' });
    expect(disabled.body.discount.status).toBe('fully_disabled');
    expect((await api.get('/charges', { query: { discount_id: off.id } })).body.charges).toEqual([]);
    expect((await api.get(`/addresses/${one.addressId}`)).body.address.discounts).toEqual([]);
    await api.put(`/discounts/${off.id}`, { status: 'enabled' });
    expect((await api.get('/charges', { query: { discount_code: off.code } })).body.charges).toEqual([]);
  });

  it('applies the spec’s precedence and refusals', async () => {
    const { api } = await store();
    const { addressId } = await createCustomerWithAddress(api);
    await createSubscription(api, addressId);
    const [charge] = await queuedCharges(api, addressId);
    const a = await discount(api);
    const b = await discount(api);
    // discount_id wins over discount_code.
    const applied = await api.post(`/charges/${charge.id}/apply_discount`, {
      discount_code: a.code,
      discount_id: b.id,
    });
    expect(applied.body.charge.discounts[0].id).toBe(b.id);
    expect(
      (await api.post(`/charges/${charge.id}/apply_discount`, { discount_id: a.id })).body.errors.discount_id,
    ).toEqual(['The charge already has a discount.']);
    expect((await api.post(`/addresses/${addressId}/apply_discount`, { discount_id: a.id })).status).toBe(
      422,
    );
    await api.post(`/charges/${charge.id}/remove_discount`, {});
    await api.post(`/addresses/${addressId}/apply_discount`, { discount_id: a.id });
    const byCharge = await api.post(`/charges/${charge.id}/remove_discount`, { charge_id: charge.id });
    expect(byCharge.body.errors.charge_id[0]).toContain('address');
    const both = await api.post(`/charges/${charge.id}/remove_discount`, {
      charge_id: charge.id,
      address_id: addressId,
    });
    expect(both.body.charge.discounts).toEqual([]);
    expect((await api.get(`/addresses/${addressId}`)).body.address.discounts).toEqual([]);
  });

  it('refuses disabled, ended, used-up and channel-blocked discounts, and computes each type', async () => {
    const s = await store({ settings: { shipping_rate: { code: 's', title: 'Ship', price: '8.00' } } });
    const { api } = s;
    const { addressId } = await createCustomerWithAddress(api);
    await createSubscription(api, addressId);
    const chargeId = (await queuedCharges(api, addressId))[0].id;
    const attempt = (d: Json) => api.post(`/charges/${chargeId}/apply_discount`, { discount_id: d.id });
    expect((await attempt(await discount(api, { status: 'disabled' }))).body.errors.discount_id[0]).toContain(
      'disabled',
    );
    expect(
      (await attempt(await discount(api, { ends_at: '2025-01-01T00:00:00Z' }))).body.errors.discount_id[0],
    ).toContain('ended');
    expect(
      (await attempt(await discount(api, { starts_at: '2025-06-01T00:00:00Z' }))).body.errors.discount_id[0],
    ).toContain('started');
    expect(
      (await attempt(await discount(api, { channel_settings: { api: { can_apply: false } } }))).body.errors
        .discount_id[0],
    ).toContain('api');
    const ended = await discount(api, { ends_at: '2025-01-20T00:00:00Z' });
    await s.control.advanceClock({ days: 10 });
    expect((await api.get(`/discounts/${ended.id}`)).body.discount.status).toBe('disabled');

    const shipping = await attempt(await discount(api, { discount_type: 'shipping', value: '100' }));
    expect(shipping.body.charge).toMatchObject({ total_discounts: '8.00', total_price: '20.00' });
    await api.post(`/charges/${chargeId}/remove_discount`, {});
    const minimum = await attempt(await discount(api, { prerequisite_subtotal_min: 50 }));
    expect(minimum.body.charge).toMatchObject({ total_discounts: '0.00', total_price: '28.00' });
  });
});

describe('discounts resource', () => {
  it('creates, reads, lists, counts, and deletes only when fully disabled', async () => {
    const { api } = await store();
    const created = await api.post('/discounts', {
      code: 'WELCOME',
      discount_type: 'percentage',
      duration: 'usage_limit',
      duration_usage_limit: 3,
      value: 15,
      usage_limit: 100,
      once_per_customer: true,
    });
    expect(created.status).toBe(201);
    expect(created.body.discount).toEqual({
      id: expect.any(Number),
      // The nested form only: the recorded 2021-11 records never carry the flat 2021-01 fields.
      applies_to: { ids: [], purchase_item_type: 'ALL', resource: null },
      channel_settings: {
        api: { can_apply: true },
        checkout_page: { can_apply: true },
        customer_portal: { can_apply: true },
        merchant_portal: { can_apply: true },
      },
      code: 'WELCOME',
      created_at: '2025-01-15T12:00:00+00:00',
      discount_type: 'percentage',
      ends_at: null,
      external_discount_id: { ecommerce: null },
      external_discount_source: null,
      prerequisite_subtotal_min: null,
      starts_at: null,
      status: 'enabled',
      updated_at: '2025-01-15T12:00:00+00:00',
      usage_limits: {
        first_time_customer_restriction: false,
        max_subsequent_redemptions: 3,
        one_application_per_customer: true,
      },
      value: '15',
      value_type: 'percentage',
    });
    const id = created.body.discount.id;
    expect(
      (
        await api.post('/discounts', {
          code: 'welcome',
          discount_type: 'percentage',
          duration: 'forever',
          value: '5',
        })
      ).body.errors.code,
    ).toBeDefined();
    expect(
      (
        await api.post('/discounts', {
          code: 'X',
          discount_type: 'percentage',
          duration: 'usage_limit',
          value: '5',
        })
      ).body.errors.duration_usage_limit,
    ).toBeDefined();
    expect(
      (await api.get('/discounts', { query: { discount_code: 'welcome' } })).body.discounts,
    ).toHaveLength(1);
    expect(
      (await api.get('/discounts/count', { version: '2021-01', query: { status: 'enabled' } })).body,
    ).toEqual({ count: 1 });
    const legacy = await api.get(`/discounts/${id}`, { version: '2021-01' });
    // The flat fields are the 2021-01 form (spec: Discount).
    expect(legacy.body.discount).toMatchObject({
      created_at: '2025-01-15T12:00:00',
      applies_to: null,
      duration: 'usage_limit',
      duration_usage_limit: 3,
      once_per_customer: true,
      times_used: 0,
      usage_limit: 100,
    });
    expect((await api.delete(`/discounts/${id}`)).status).toBe(422);
    await api.put(`/discounts/${id}`, { status: 'fully_disabled' });
    expect((await api.delete(`/discounts/${id}`)).status).toBe(204);
  });
});

describe('address merge', () => {
  it('moves subscriptions to the target and can delete the sources', async () => {
    const { api } = await store();
    const { customerId, addressId: target } = await createCustomerWithAddress(api);
    const source = (await api.post('/addresses', addressBody2021_11(customerId, { address1: '2 Side St' })))
      .body.address.id;
    const moved = await createSubscription(api, source);
    const reply = await api.post('/addresses/merge', {
      target_address: { id: target },
      source_addresses: [{ id: source }],
      delete_source_addresses: true,
      next_charge_date: '2025-02-20',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.address.id).toBe(target);
    expect((await api.get(`/subscriptions/${moved.id}`)).body.subscription).toMatchObject({
      address_id: target,
      next_charge_scheduled_at: '2025-02-20',
    });
    expect((await api.get(`/addresses/${source}`)).status).toBe(404);
    expect((await queuedCharges(api, target)).map((c: Json) => c.scheduled_at)).toEqual(['2025-02-20']);
  });

  it('changes nothing when a source has another presentment currency', async () => {
    const { api } = await store({ settings: { enabled_presentment_currencies: ['CAD'] } });
    const { customerId, addressId: target } = await createCustomerWithAddress(api);
    const same = (await api.post('/addresses', addressBody2021_11(customerId))).body.address.id;
    const cad = (
      await api.post('/addresses', addressBody2021_11(customerId, { presentment_currency: 'CAD' }))
    ).body.address.id;
    const a = await createSubscription(api, same);
    const b = await createSubscription(api, cad);
    const reply = await api.post('/addresses/merge', {
      target_address: { id: target },
      source_addresses: [{ id: same }, { id: cad }],
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.source_addresses[0]).toContain('currency');
    expect((await api.get(`/subscriptions/${a.id}`)).body.subscription.address_id).toBe(same);
    expect((await api.get(`/subscriptions/${b.id}`)).body.subscription.address_id).toBe(cad);
    expect(await queuedCharges(api, target)).toEqual([]);
  });

  it('refuses more than 10 sources and addresses of other customers', async () => {
    const { api } = await store();
    const { addressId: target } = await createCustomerWithAddress(api);
    const stranger = await createCustomerWithAddress(api);
    const eleven = Array.from({ length: 11 }, (_, i) => ({ id: i + 1 }));
    expect(
      (await api.post('/addresses/merge', { target_address: { id: target }, source_addresses: eleven }))
        .status,
    ).toBe(422);
    const other = await api.post('/addresses/merge', {
      target_address: { id: target },
      source_addresses: [{ id: stranger.addressId }],
    });
    expect(other.body.errors.source_addresses[0]).toContain('another customer');
    const customer = await createCustomer(api);
    expect(customer.id).toBeGreaterThan(0);
  });
});
