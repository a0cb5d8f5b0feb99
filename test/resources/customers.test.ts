import { describe, expect, it } from 'vitest';
import { RECORD_SHAPES } from '../../src/resources/shapes/index.js';
import { useEmulator } from '../helpers/emulator.js';
import {
  addressBody2021_11,
  createCustomer,
  customerBody2021_01,
  customerBody2021_11,
} from '../helpers/factories.js';

const { store } = useEmulator();

/** The fields of each version's record, from the one table of record shapes. */
const fieldsOf = (version: '2021-01' | '2021-11') =>
  Object.keys(RECORD_SHAPES.customer.versions[version].fields).sort();
const CUSTOMER_2021_01_FIELDS = fieldsOf('2021-01');
const CUSTOMER_2021_11_FIELDS = fieldsOf('2021-11');

describe('customers, 2021-11', () => {
  it('creates a customer (201) in the 2021-11 shape, field by field', async () => {
    const { api } = await store();
    const body = customerBody2021_11({
      phone: '+16175551212',
      external_customer_id: { ecommerce: 'ext-1' },
      tax_exempt: true,
    });
    const reply = await api.post('/customers', body);
    expect(reply.status).toBe(201);
    const customer = reply.body.customer;
    expect(Object.keys(customer).sort()).toEqual(CUSTOMER_2021_11_FIELDS);
    expect(customer).toEqual({
      id: expect.any(Number),
      analytics_data: { utm_params: [] },
      apply_credit_to_next_checkout_charge: false,
      apply_credit_to_next_recurring_charge: false,
      created_at: '2025-01-15T12:00:00+00:00',
      email: body.email,
      external_customer_id: { ecommerce: 'ext-1' },
      first_charge_processed_at: null,
      first_name: 'Ada',
      has_payment_method_in_dunning: false,
      has_valid_payment_method: false,
      hash: expect.stringMatching(/^[0-9a-f]{24}$/),
      last_name: 'Lovelace',
      phone: '+16175551212',
      subscriptions_active_count: 0,
      subscriptions_total_count: 0,
      tax_exempt: true,
      updated_at: '2025-01-15T12:00:00+00:00',
    });
    expect((await api.get(`/customers/${customer.id}`)).body.customer).toEqual(customer);
  });

  it('refuses an email already used on the store with the real bare-string message', async () => {
    const { api } = await store();
    const first = await createCustomer(api);
    const again = await api.post('/customers', customerBody2021_11({ email: first.email.toUpperCase() }));
    expect(again.status).toBe(422);
    expect(again.body).toEqual({ errors: { email: 'email already exists on store' } });
    const other = await createCustomer(api);
    const update = await api.put(`/customers/${other.id}`, { email: first.email });
    expect(update.body).toEqual({ errors: { email: 'email already exists on store' } });
  });

  it('updates a customer and moves updated_at with the clock', async () => {
    const s = await store();
    const customer = await createCustomer(s.api);
    await s.control.advanceClock({ hours: 2 });
    const reply = await s.api.put(`/customers/${customer.id}`, { first_name: 'Augusta', tax_exempt: true });
    expect(reply.status).toBe(200);
    expect(reply.body.customer).toMatchObject({
      first_name: 'Augusta',
      tax_exempt: true,
      created_at: '2025-01-15T12:00:00+00:00',
      updated_at: '2025-01-15T14:00:00+00:00',
    });
  });

  it('deletes a customer (204) with its addresses and metafields', async () => {
    const { api } = await store();
    const customer = await createCustomer(api);
    const address = (await api.post('/addresses', addressBody2021_11(customer.id))).body.address;
    await api.post('/metafields', {
      metafield: {
        key: 'k',
        namespace: 'n',
        owner_id: customer.id,
        owner_resource: 'customer',
        value: 'v',
        value_type: 'string',
      },
    });
    const reply = await api.delete(`/customers/${customer.id}`);
    expect(reply.status).toBe(204);
    expect(reply.text).toBe('');
    expect((await api.get(`/customers/${customer.id}`)).status).toBe(404);
    expect((await api.get(`/addresses/${address.id}`)).status).toBe(404);
    expect((await api.get('/metafields', { query: { owner_resource: 'customer' } })).body.metafields).toEqual(
      [],
    );
    const topics = (await api.get('/events')).body.events.map(
      (e: { object_type: string; verb: string }) => `${e.object_type}/${e.verb}`,
    );
    expect(topics.slice(0, 2)).toEqual(['customer/deleted', 'address/deleted']);
  });

  it('includes addresses, metafields and payment methods on request', async () => {
    const { api } = await store();
    const customer = await createCustomer(api);
    await api.post('/addresses', addressBody2021_11(customer.id));
    const reply = await api.get(`/customers/${customer.id}`, {
      query: { include: 'addresses,payment_methods' },
    });
    expect(reply.body.customer.include.addresses).toHaveLength(1);
    expect(reply.body.customer.include.payment_methods).toEqual([]);
    const bad = await api.get(`/customers/${customer.id}`, { query: { include: 'orders' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.include[0]).toContain('addresses');
  });
});

describe('customers, 2021-01', () => {
  it('creates a customer (200) in the 2021-01 shape, field by field', async () => {
    const { api } = await store({ version: '2021-01' });
    const body = customerBody2021_01({ accepts_marketing: true, platform_customer_id: '555' });
    const reply = await api.post('/customers', body);
    expect(reply.status).toBe(200);
    const customer = reply.body.customer;
    expect(Object.keys(customer).sort()).toEqual(CUSTOMER_2021_01_FIELDS);
    expect(customer).toEqual({
      id: expect.any(Number),
      accepts_marketing: true,
      analytics_data: { utm_params: [] },
      billing_address1: '1 Navy Way',
      billing_address2: null,
      billing_city: 'Arlington',
      billing_company: null,
      billing_country: 'United States',
      billing_first_name: 'Grace',
      billing_last_name: 'Hopper',
      billing_phone: null,
      billing_province: 'Virginia',
      billing_zip: '22201',
      created_at: '2025-01-15T12:00:00',
      email: body.email,
      first_charge_processed_at: null,
      first_name: 'Grace',
      has_card_error_in_dunning: false,
      has_valid_payment_method: false,
      hash: expect.any(String),
      last_name: 'Hopper',
      number_active_subscriptions: 0,
      number_subscriptions: 0,
      phone: null,
      platform_customer_id: '555',
      processor_type: null,
      reason_payment_method_not_valid: expect.any(String),
      status: 'INACTIVE',
      tax_exempt: false,
      updated_at: '2025-01-15T12:00:00',
    });
  });

  it('requires the billing fields on creation', async () => {
    const { api } = await store({ version: '2021-01' });
    const reply = await api.post('/customers', { email: 'x@example.com', first_name: 'X', last_name: 'Y' });
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body.errors).sort()).toEqual([
      'billing_address1',
      'billing_city',
      'billing_country',
      'billing_first_name',
      'billing_last_name',
      'billing_province',
      'billing_zip',
    ]);
  });

  it('requires billing_zip when billing_country changes to the US', async () => {
    const { api } = await store({ version: '2021-01' });
    const customer = await createCustomer(api, {
      billing_country: 'Canada',
      billing_province: 'Ontario',
      billing_zip: 'M5V 2T6',
    });
    const refused = await api.put(`/customers/${customer.id}`, { billing_country: 'United States' });
    expect(refused.body).toEqual({ errors: { billing_zip: ['Missing data for required field.'] } });
    const ok = await api.put(`/customers/${customer.id}`, { billing_country: 'US', billing_zip: '10001' });
    expect(ok.body.customer).toMatchObject({ billing_country: 'United States', billing_zip: '10001' });
  });

  it('counts customers with the 2021-01 filters', async () => {
    const s = await store({ version: '2021-01' });
    await createCustomer(s.api);
    await s.control.advanceClock({ days: 1 });
    await createCustomer(s.api);
    expect((await s.api.get('/customers/count')).body).toEqual({ count: 2 });
    expect((await s.api.get('/customers/count', { query: { created_at_min: '2025-01-16' } })).body).toEqual({
      count: 1,
    });
    expect((await s.api.get('/customers/count', { query: { status: 'ACTIVE' } })).body).toEqual({ count: 0 });
    expect((await s.api.get('/customers/count', { query: { status: 'INACTIVE' } })).body).toEqual({
      count: 2,
    });
    expect((await s.api.get('/customers/count', { query: { status: 'SLEEPING' } })).status).toBe(422);
  });

  it('answers 200 {} on delete', async () => {
    const { api } = await store({ version: '2021-01' });
    const customer = await createCustomer(api);
    const reply = await api.delete(`/customers/${customer.id}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({});
  });

  it('turns deprecated processor token fields into payment sources (needs write_payments)', async () => {
    const s = await store({ version: '2021-01' });
    const customer = await createCustomer(s.api, { stripe_customer_token: 'cus_123' });
    const sources = await s.api.get(`/customers/${customer.id}/payment_sources`);
    expect(sources.status).toBe(200);
    expect(sources.body.payment_sources).toEqual([
      {
        billing_address: expect.objectContaining({ address1: '1 Navy Way', country: 'United States' }),
        cardholder_name: 'Grace Hopper',
        // Any token but the test tokens stands for the card of tok_ok.
        card_brand: 'visa',
        card_exp_month: 12,
        card_exp_year: 2029,
        card_last4: '4242',
        customer_id: customer.id,
        has_card_error_in_dunning: false,
        payment_token: 'cus_123',
        payment_type: 'credit',
        processor_name: 'stripe',
        status: 'active',
        status_reason: null,
      },
    ]);
    expect((await s.api.get(`/customers/${customer.id}`)).body.customer.has_valid_payment_method).toBe(true);
    const filtered = await s.api.get(`/customers/${customer.id}/payment_sources`, {
      query: { processor_name: 'braintree' },
    });
    expect(filtered.body.payment_sources).toEqual([]);
    const limited = await s.control.createToken({ name: 'no-payments', scopes: ['write_customers'] });
    const refused = await s.api.post('/customers', customerBody2021_01({ stripe_customer_token: 'cus_9' }), {
      token: limited.token,
    });
    expect(refused.status).toBe(403);
    // Real tokens name this scope write_payments (api-facts: real clients and recorded responses).
    expect(refused.body.error).toContain('write_payments');
  });
});
