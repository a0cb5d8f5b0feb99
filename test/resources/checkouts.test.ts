/**
 * Checkouts (spec: Checkout, Checkouts endpoints): a purchase walked from create to charge and on
 * to its first recurring charge, and the outcomes of its payment.
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '../helpers/api.js';
import { ADA, charge, open, PAY, shop as shopOf } from '../helpers/checkouts.js';
import { useEmulator } from '../helpers/emulator.js';
import { createPlan } from '../helpers/catalog.js';
import { topicsOf } from '../helpers/factories.js';

const { store } = useEmulator();
const shop = (settings: Record<string, unknown> = {}, version?: '2021-01') =>
  shopOf(store, settings, version);

describe('a checkout from create to charge', () => {
  it('walks a subscription and a one-time item to a paid checkout charge, then the first recurring charge', async () => {
    const s = await shop({ tax_rate: 0.1 });
    await s.api.post('/discounts', {
      code: 'WELCOME',
      discount_type: 'percentage',
      duration: 'forever',
      value: '10',
    });
    const analytics = { utm_params: [{ utm_source: 'newsletter', utm_medium: 'email' }] };

    const created = await s.api.post('/checkouts', {
      email: 'Buyer@Example.com',
      line_items: [s.coffeeLine(), s.mugLine],
      shipping_address: ADA,
      discount_code: 'WELCOME',
      analytics_data: analytics,
      note: 'ring twice',
      note_attributes: [{ name: 'gift', value: 'no' }],
      buyer_accepts_marketing: true,
      external_checkout_source: 'headless',
    });
    // The spec shows 200 for a checkout create, in both versions.
    expect(created.status).toBe(200);
    const checkout = created.body.checkout;
    expect(checkout.token).toMatch(/^[0-9a-f]{32}$/);
    expect(checkout).toMatchObject({
      charge_id: null,
      completed_at: null,
      currency: 'USD',
      requires_shipping: true,
      shipping_address: { ...ADA, address2: null, company: null, phone: null },
      shipping_address_validations: { country_is_supported: true, ups: true },
      shipping_line: null,
      shipping_rate: null,
      payment_processor: null,
      taxes_included: false,
      created_at: '2025-01-15T12:00:00+00:00',
    });
    expect(checkout.line_items[0]).toMatchObject({
      type: 'SUBSCRIPTION',
      variant_id: 'coffee-1kg',
      title: 'House Coffee',
      variant_title: '1 kg',
      sku: 'COF-1KG',
      quantity: 2,
      original_price: '20.00',
      price: '18.00', // the plan's 10% off
      recurring_price: '18.00',
      line_price: '36.00',
      charge_interval_frequency: 1,
      order_interval_frequency: 1,
      order_interval_unit: 'month',
      fulfillment_service: 'manual',
    });
    expect(checkout.line_items[1]).toMatchObject({ type: 'ONETIME', price: '9.00', recurring_price: null });
    // 45.00 of items, 10% off (4.50), 10% tax on 40.50; shipping not chosen yet.
    expect(checkout).toMatchObject({
      applied_discount: {
        amount: '4.50',
        applicable: true,
        non_applicable_reason: null,
        value: '10',
        value_type: 'percentage',
      },
      subtotal_price: '40.50',
      total_tax: '4.05',
      total_price: '44.55',
      tax_lines: [{ price: '4.05', rate: 0.1, title: 'Tax 10%' }],
    });

    const rates = await s.api.get(`/checkouts/${checkout.token}/shipping_rates`);
    expect(rates.status).toBe(200);
    expect(rates.body.shipping_rates).toEqual([
      {
        checkout: { subtotal_price: '40.50', total_price: '49.55', total_tax: '4.05' },
        code: 'standard',
        delivery_range: null,
        description: null,
        handle: 'standard-5.00',
        name: 'Standard',
        phone_required: false,
        price: '5.00',
        tax_lines: [],
        title: 'Standard',
      },
      {
        checkout: { subtotal_price: '40.50', total_price: '59.55', total_tax: '4.05' },
        code: 'express',
        delivery_range: '1-2 days',
        description: null,
        handle: 'express-15.00',
        name: 'Express',
        phone_required: true,
        price: '15.00',
        tax_lines: [],
        title: 'Express',
      },
    ]);

    await s.control.advanceClock({ hours: 1 });
    const updated = await s.api.put(`/checkouts/${checkout.token}`, {
      shipping_line: { handle: 'express-15.00' },
      phone: '+12125550100',
    });
    expect(updated.status).toBe(200);
    expect(updated.body.checkout).toMatchObject({
      shipping_line: [{ code: 'express', handle: 'express-15.00', price: '15.00', title: 'Express' }],
      shipping_rate: 'Express',
      total_price: '59.55',
      phone: '+12125550100',
      updated_at: '2025-01-15T13:00:00+00:00',
    });

    const paid = await charge(s.api, checkout.token);
    expect(paid.status).toBe(200);
    const checkoutCharge = paid.body.checkout_charge;
    expect(checkoutCharge).toMatchObject({
      authorization_token: null,
      free: false,
      payment_processor: 'stripe',
      payment_token: 'tok_ok',
      payment_type: 'CREDIT_CARD',
      status: 'successful',
    });
    expect(checkoutCharge.payment_processor_transaction_id).toMatch(/^txn_/);

    const completed = (await s.api.get(`/checkouts/${checkout.token}`)).body.checkout;
    expect(completed).toMatchObject({
      charge_id: checkoutCharge.charge_id,
      completed_at: '2025-01-15T13:00:00+00:00',
      payment_processor: 'stripe',
      payment_processor_customer_id: checkoutCharge.payment_processor_customer_id,
      payment_processor_transaction_id: checkoutCharge.payment_processor_transaction_id,
    });

    const paidCharge = (await s.api.get(`/charges/${checkoutCharge.charge_id}`)).body.charge;
    expect(paidCharge).toMatchObject({
      type: 'checkout',
      status: 'success',
      scheduled_at: '2025-01-15',
      processed_at: '2025-01-15T13:00:00+00:00',
      total_price: '59.55',
      total_discounts: '4.50',
      total_tax: '4.05',
      analytics_data: analytics,
      note: 'ring twice',
      order_attributes: [{ name: 'gift', value: 'no' }],
      shipping_lines: [expect.objectContaining({ code: 'express', price: '15.00' })],
      discounts: [expect.objectContaining({ code: 'WELCOME' })],
      payment_processor: 'stripe',
    });
    expect(paidCharge.line_items.map((line: Json) => line.purchase_item_type)).toEqual([
      'subscription',
      'onetime',
    ]);

    const orders = (await s.api.get('/orders', { query: { charge_id: paidCharge.id } })).body.orders;
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ type: 'checkout', status: 'success', total_price: '59.55' });

    const [customer] = (await s.api.get('/customers', { query: { email: 'buyer@example.com' } })).body
      .customers;
    expect(customer).toMatchObject({
      email: 'Buyer@Example.com',
      first_name: 'Ada',
      analytics_data: analytics,
      has_valid_payment_method: true,
    });
    expect(completed.payment_processor_customer_id).toMatch(/^cus_/);

    const [subscription] = (await s.api.get('/subscriptions', { query: { customer_id: customer.id } })).body
      .subscriptions;
    expect(subscription).toMatchObject({
      status: 'active',
      price: '18.00',
      quantity: 2,
      next_charge_scheduled_at: '2025-02-15',
      analytics_data: analytics,
    });
    // The code lasts (duration forever): it went on the address, so the recurring charge has it.
    const [queued] = (await s.api.get('/charges', { query: { status: 'queued' } })).body.charges;
    expect(queued).toMatchObject({
      type: 'recurring',
      scheduled_at: '2025-02-15',
      address_id: paidCharge.address_id,
      total_line_items_price: '36.00',
      total_discounts: '3.60',
    });
    expect(queued.line_items).toHaveLength(1);

    const topics = await topicsOf(s.api);
    expect(topics).toEqual(
      expect.arrayContaining([
        'checkout/created',
        'checkout/updated',
        'customer/created',
        'address/created',
        'subscription/created',
        'charge/created',
        'order/created',
        'checkout/processed',
        'checkout/completed',
      ]),
    );
    // Spec: charge/paid and order/processed do not fire at checkout.
    expect(topics).not.toContain('charge/paid');
    expect(topics).not.toContain('order/processed');
    expect(topics.slice(-2)).toEqual(['checkout/processed', 'checkout/completed']);

    const report = await s.control.advanceClock({ to: '2025-02-15T00:00:00Z' });
    expect(report.jobs.at(-1)).toMatchObject({ type: 'charge_attempt', outcome: 'paid' });
    const recurring = (await s.api.get(`/charges/${queued.id}`)).body.charge;
    expect(recurring).toMatchObject({ status: 'success', type: 'recurring', payment_processor: 'stripe' });
    expect(report.events).toEqual(expect.arrayContaining(['charge/paid', 'order/processed']));
    const next = (await s.api.get(`/subscriptions/${subscription.id}`)).body.subscription;
    expect(next.next_charge_scheduled_at).toBe('2025-03-15');
  });

  it('reuses the customer found by email and their matching address on a later checkout', async () => {
    const s = await shop();
    const first = await open(s);
    expect((await charge(s.api, first.token)).status).toBe(200);
    const second = await open(s, { email: 'BUYER@example.com', line_items: [s.mugLine] });
    expect((await charge(s.api, second.token)).status).toBe(200);
    const topics = await topicsOf(s.api, ['customer', 'address']);
    expect(topics.filter((t) => t === 'customer/created')).toHaveLength(1);
    expect(topics.filter((t) => t === 'address/created')).toHaveLength(1);
    const charges = (await s.api.get('/charges', { query: { status: 'success' } })).body.charges;
    expect(new Set(charges.map((c: Json) => c.address_id)).size).toBe(1);
  });

  it('gives a prepaid line one charge for every order of its cycle and queues the later orders', async () => {
    const s = await shop();
    await createPlan(s.api.with({ version: '2021-11' }), s.coffee.external_product_id, {
      type: 'prepaid',
      title: 'Three months, shipped monthly',
      subscription_preferences: {
        charge_interval_frequency: 3,
        order_interval_frequency: 1,
        interval_unit: 'month',
      },
    });
    const checkout = await open(s, {
      line_items: [s.coffeeLine({ charge_interval_frequency: 3, quantity: 1 })],
    });
    expect(checkout.line_items[0]).toMatchObject({ price: '18.00', line_price: '54.00' });
    const paid = await charge(s.api, checkout.token);
    const orders = (await s.api.get('/orders', { query: { charge_id: paid.body.checkout_charge.charge_id } }))
      .body.orders;
    expect(orders.map((o: Json) => o.status).sort()).toEqual(['queued', 'queued', 'success']);
    const [subscription] = (await s.api.get('/subscriptions')).body.subscriptions;
    expect(subscription.next_charge_scheduled_at).toBe('2025-04-15');
  });

  it('serves 2021-01 with its timestamps and country names; the charge answers 200 there too', async () => {
    const s = await shop({}, '2021-01');
    const created = await s.api.post('/checkouts', {
      email: 'old@example.com',
      line_items: [s.mugLine],
      shipping_address: { ...ADA, country_code: undefined, country: 'United States' },
    });
    expect(created.status).toBe(200);
    const checkout = created.body.checkout;
    expect(checkout.created_at).toBe('2025-01-15T12:00:00');
    expect(checkout.shipping_address.country).toBe('United States');
    expect(checkout.shipping_address).not.toHaveProperty('country_code');
    const paid = await charge(s.api, checkout.token);
    expect(paid.status).toBe(200);
    const reread = (await s.api.get(`/checkouts/${checkout.token}`)).body.checkout;
    expect(reread.completed_at).toBe('2025-01-15T12:00:00');
    // No rate was chosen: the first one offered applied.
    expect(reread).toMatchObject({ shipping_rate: 'Standard', total_price: '14.00' });
  });
});

describe('payment outcomes follow the test tokens', () => {
  it('answers a declined token with 422 and the processor error; nothing is created and the checkout stays open', async () => {
    const s = await shop();
    const checkout = await open(s);
    const declined = await charge(s.api, checkout.token, { ...PAY, payment_token: 'tok_declined' });
    expect(declined.status).toBe(422);
    expect(declined.body).toEqual({
      errors: { payment_token: ['Your card was declined.'] },
      error_type: 'CARD_DECLINED',
    });
    const still = (await s.api.get(`/checkouts/${checkout.token}`)).body.checkout;
    expect(still).toMatchObject({ completed_at: null, charge_id: null, payment_processor: 'stripe' });
    expect((await s.api.get('/customers')).body.customers).toEqual([]);
    expect((await s.api.get('/charges')).body.charges).toEqual([]);
    expect(await topicsOf(s.api, ['customer', 'address', 'subscription', 'charge', 'order'])).toEqual([]);
    // Another card works.
    expect((await charge(s.api, checkout.token, PAY)).status).toBe(200);
  });

  it('counts tries per checkout: tok_fail_then_ok fails once, then succeeds', async () => {
    const s = await shop();
    const checkout = await open(s);
    const body = { ...PAY, payment_token: 'tok_fail_then_ok' };
    expect((await charge(s.api, checkout.token, body)).body.error_type).toBe('CARD_DECLINED');
    expect((await charge(s.api, checkout.token, body)).status).toBe(200);
  });

  it('completes with an authorization only: the charge waits for capture, which makes the order', async () => {
    const s = await shop();
    const checkout = await open(s, { line_items: [s.mugLine] });
    const authorized = await charge(s.api, checkout.token, { ...PAY, payment_token: 'tok_authorize_only' });
    expect(authorized.status).toBe(200);
    const { authorization_token, charge_id } = authorized.body.checkout_charge;
    expect(authorization_token).toMatch(/^txn_/);
    expect((await s.api.get(`/charges/${charge_id}`)).body.charge.status).toBe('pending');
    expect((await s.api.get('/orders')).body.orders).toEqual([]);
    const captured = await s.api.post(`/charges/${charge_id}/capture_payment`, {});
    expect(captured.body.charge.status).toBe('success');
    const [order] = (await s.api.get('/orders')).body.orders;
    expect(order).toMatchObject({ type: 'checkout', status: 'success' });
  });

  it('refuses to charge a completed checkout again, or to change it (422)', async () => {
    const s = await shop();
    const checkout = await open(s);
    expect((await charge(s.api, checkout.token)).status).toBe(200);
    const again = await charge(s.api, checkout.token);
    expect(again.status).toBe(422);
    expect(again.body).toEqual({
      errors: { _schema: ['The checkout is completed; it cannot be changed or charged again.'] },
    });
    expect((await s.api.put(`/checkouts/${checkout.token}`, { note: 'late' })).status).toBe(422);
    expect((await s.api.get('/charges', { query: { status: 'success' } })).body.charges).toHaveLength(1);
  });

  it('checks the charge body: the four processors, a token, the payment types', async () => {
    const s = await shop();
    const checkout = await open(s);
    const bad = await charge(s.api, checkout.token, {
      payment_processor: 'adyen',
      payment_type: 'SEPA_DEBIT',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'payment_processor',
      'payment_token',
      'payment_type',
    ]);
    expect(bad.body.errors.payment_processor[0]).toBe(
      'Must be one of: stripe, braintree, authorize, mollie.',
    );
  });
});
