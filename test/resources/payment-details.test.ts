/**
 * A payment method describes the card of its payment token (api-facts: "payment_details{brand,
 * exp_month, exp_year, last4} are filled for a card"): each documented test token stands for a
 * card, any other token for the card of `tok_ok`, and a payment type without a card (PayPal, SEPA
 * debit) for none. Kinds as recorded: strings for the brand and last 4, numbers for the expiry.
 * Through every way a card is saved (2021-11 payment methods, 2021-01 customers' processor tokens,
 * checkouts, the portal), with the neutral words and the real ones.
 */
import { describe, expect, it } from 'vitest';
import type { EmulatorOptions } from '../../src/index.js';
import type { Api, Json } from '../helpers/api.js';
import { ADA, charge, open, shop } from '../helpers/checkouts.js';
import { useEmulator } from '../helpers/emulator.js';
import { createCustomer, customerBody2021_01 } from '../helpers/factories.js';

/** The store's clock starts in 2025 (helpers/emulator.ts START): cards expire in December 2029. */
const CARDS = [
  ['tok_ok', 'visa', '4242', 2029],
  ['tok_declined', 'visa', '0002', 2029],
  ['tok_insufficient_funds', 'visa', '9995', 2029],
  ['tok_expired', 'visa', '0069', 2024],
  ['tok_needs_update', 'visa', '0341', 2029],
  ['tok_fail_then_ok', 'mastercard', '4444', 2029],
  ['tok_authorize_only', 'amex', '0005', 2029],
  ['pm_1NqWhatever', 'visa', '4242', 2029],
] as const;

const NO_CARD = { brand: null, exp_month: null, exp_year: null, last4: null };

const DIALECTS: readonly { name: string; options: EmulatorOptions }[] = [
  { name: 'neutral names', options: {} },
  {
    name: '--platform-word shopify --header-prefix Recharge',
    options: { platformWord: 'shopify', headerPrefix: 'Recharge' },
  },
];

describe.each(DIALECTS)('payment details with $name', ({ options }) => {
  const { store } = useEmulator(options);

  const save = (api: Api, customerId: number, body: Record<string, unknown>) =>
    api.post('/payment_methods', {
      customer_id: customerId,
      processor_name: 'stripe',
      processor_customer_token: 'cus_1',
      processor_payment_method_token: 'tok_ok',
      ...body,
    });

  it('2021-11: each test token saves its documented card; kinds as recorded', async () => {
    const { api } = await store();
    const customer = await createCustomer(api);
    for (const [token, brand, last4, year] of CARDS) {
      const reply = await save(api, customer.id, { processor_payment_method_token: token });
      expect(reply.status).toBe(201);
      expect(reply.body.payment_method.payment_details, token).toStrictEqual({
        brand,
        exp_month: 12,
        exp_year: year,
        last4,
      });
    }
  });

  it('2021-11: a payment type without a card has none; wallets and debit cards carry theirs', async () => {
    const { api } = await store();
    const customer = await createCustomer(api);
    const detailsOf = async (paymentType: string) =>
      (
        await save(api, customer.id, {
          payment_type: paymentType,
          processor_payment_method_token: 'tok_declined',
        })
      ).body.payment_method.payment_details;
    expect(await detailsOf('PAYPAL')).toStrictEqual(NO_CARD);
    expect(await detailsOf('SEPA_DEBIT')).toStrictEqual(NO_CARD);
    for (const type of ['CREDIT_CARD', 'DEBIT', 'APPLE_PAY', 'GOOGLE_PAY'])
      expect(await detailsOf(type), type).toMatchObject({ brand: 'visa', last4: '0002' });
  });

  it('2021-11: details sent win field by field; a new token is a new card; the record as recorded', async () => {
    const { api } = await store();
    const customer = await createCustomer(api);
    const created = await save(api, customer.id, {
      processor_payment_method_token: 'tok_fail_then_ok',
      payment_details: { last4: '1111' },
      billing_address: ADA,
    });
    const method: Json = created.body.payment_method;
    expect(method.payment_details).toStrictEqual({
      brand: 'mastercard',
      exp_month: 12,
      exp_year: 2029,
      last4: '1111',
    });
    expect(method.include).toStrictEqual({});
    expect(method.billing_address).toMatchObject({ country_code: 'US', country: 'United States' });

    const later = await api.put(`/payment_methods/${method.id}`, { payment_details: { exp_year: 2031 } });
    expect(later.body.payment_method.payment_details).toStrictEqual({
      brand: 'mastercard',
      exp_month: 12,
      exp_year: 2031,
      last4: '1111',
    });
    const replaced = await api.put(`/payment_methods/${method.id}`, {
      processor_payment_method_token: 'tok_authorize_only',
    });
    expect(replaced.body.payment_method.payment_details).toStrictEqual({
      brand: 'amex',
      exp_month: 12,
      exp_year: 2029,
      last4: '0005',
    });
    const paypal = await api.put(`/payment_methods/${method.id}`, { payment_type: 'PAYPAL' });
    expect(paypal.body.payment_method.payment_details).toStrictEqual(NO_CARD);
    expect((await api.get(`/payment_methods/${method.id}`)).body.payment_method).toEqual(
      paypal.body.payment_method,
    );
  });

  it("2021-01: a customer's processor token saves its card, shown by the payment sources", async () => {
    const { api } = await store({ version: '2021-01' });
    const created = await api.post(
      '/customers',
      customerBody2021_01({ stripe_customer_token: 'tok_insufficient_funds' }),
    );
    expect(created.status).toBe(200);
    const sources = await api.get(`/customers/${created.body.customer.id}/payment_sources`);
    expect(sources.body.payment_sources[0]).toMatchObject({
      card_brand: 'visa',
      card_exp_month: 12,
      card_exp_year: 2029,
      card_last4: '9995',
      payment_token: 'tok_insufficient_funds',
    });
    const methods = await api.get('/payment_methods', {
      version: '2021-11',
      query: { customer_id: created.body.customer.id },
    });
    expect(methods.body.payment_methods[0].payment_details).toStrictEqual({
      brand: 'visa',
      exp_month: 12,
      exp_year: 2029,
      last4: '9995',
    });
  });

  it('a checkout saves the card of its payment token; the portal saves the new one', async () => {
    const s = await shop(store);
    const checkout = await open(s);
    const paid = await charge(s.api, checkout.token, {
      payment_processor: 'stripe',
      payment_token: 'tok_ok',
      payment_type: 'CREDIT_CARD',
    });
    expect(paid.status).toBe(200);
    const buyer = await s.api.get('/customers', { query: { email: 'buyer@example.com' } });
    const customerId: number = buyer.body.customers[0].id;
    const methods = async () =>
      (await s.api.get('/payment_methods', { query: { customer_id: customerId } })).body.payment_methods;
    expect((await methods())[0].payment_details).toMatchObject({ brand: 'visa', last4: '4242' });

    await s.control.portalUpdatePaymentMethod(customerId, { processor_payment_method_token: 'tok_declined' });
    expect((await methods())[0].payment_details).toStrictEqual({
      brand: 'visa',
      exp_month: 12,
      exp_year: 2029,
      last4: '0002',
    });
  });
});
