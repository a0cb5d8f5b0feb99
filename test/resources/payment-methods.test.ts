import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { addressBody2021_11, createCustomer } from '../helpers/factories.js';

const { store } = useEmulator();

const card = (customerId: number, overrides: Record<string, unknown> = {}) => ({
  customer_id: customerId,
  processor_name: 'stripe',
  processor_customer_token: 'cus_abc',
  processor_payment_method_token: 'pm_abc',
  payment_type: 'CREDIT_CARD',
  payment_details: { brand: 'visa', exp_month: 12, exp_year: 2030, last4: '4242' },
  billing_address: {
    address1: '1 Main St',
    city: 'Boston',
    province: 'MA',
    zip: '02110',
    country_code: 'US',
  },
  ...overrides,
});

describe('payment methods (2021-11)', () => {
  it('creates (201), retrieves, updates and deletes a payment method', async () => {
    const { api } = await store();
    const customer = await createCustomer(api);
    const created = await api.post('/payment_methods', card(customer.id));
    expect(created.status).toBe(201);
    const method = created.body.payment_method;
    expect(Object.keys(method).sort()).toEqual([
      'billing_address',
      'created_at',
      'customer_id',
      'default',
      'id',
      'include',
      'payment_details',
      'payment_type',
      'processor_customer_token',
      'processor_name',
      'processor_payment_method_token',
      'status',
      'status_reason',
      'updated_at',
    ]);
    expect(method).toMatchObject({
      customer_id: customer.id,
      default: true,
      payment_details: { brand: 'visa', exp_month: 12, exp_year: 2030, last4: '4242' },
      billing_address: expect.objectContaining({ city: 'Boston', country_code: 'US', company: null }),
      status: 'valid',
      created_at: '2025-01-15T12:00:00+00:00',
    });
    expect((await api.get(`/payment_methods/${method.id}`)).body.payment_method).toEqual(method);
    expect((await api.get(`/customers/${customer.id}`)).body.customer.has_valid_payment_method).toBe(true);
    const updated = await api.put(`/payment_methods/${method.id}`, {
      processor_payment_method_token: 'pm_new',
    });
    expect(updated.body.payment_method.processor_payment_method_token).toBe('pm_new');
    expect((await api.delete(`/payment_methods/${method.id}`)).status).toBe(204);
    expect((await api.get(`/payment_methods/${method.id}`)).status).toBe(404);
    expect((await api.get(`/customers/${customer.id}`)).body.customer.has_valid_payment_method).toBe(false);
  });

  it('keeps one default per customer and lists by customer', async () => {
    const { api } = await store();
    const customer = await createCustomer(api);
    const other = await createCustomer(api);
    const first = (await api.post('/payment_methods', card(customer.id))).body.payment_method;
    const second = (await api.post('/payment_methods', card(customer.id, { default: true }))).body
      .payment_method;
    await api.post('/payment_methods', card(other.id));
    const list = await api.get('/payment_methods', { query: { customer_id: customer.id } });
    expect(list.body.payment_methods.map((m: { id: number; default: boolean }) => [m.id, m.default])).toEqual(
      [
        [second.id, true],
        [first.id, false],
      ],
    );
  });

  it('validates its body: processor names, payment types, card details, customer', async () => {
    const { api } = await store();
    const customer = await createCustomer(api);
    const reply = await api.post('/payment_methods', {
      customer_id: customer.id,
      processor_name: 'visa-direct',
      payment_type: 'CHEQUE',
      payment_details: { exp_month: 13, last4: '42' },
    });
    expect(reply.status).toBe(422);
    expect(Object.keys(reply.body.errors).sort()).toEqual([
      'payment_details',
      'payment_type',
      'processor_customer_token',
      'processor_name',
      'processor_payment_method_token',
    ]);
    expect(Object.keys(reply.body.errors.payment_details).sort()).toEqual(['exp_month', 'last4']);
    const unknown = await api.post('/payment_methods', card(999));
    expect(unknown.body.errors.customer_id).toBeDefined();
  });

  it('includes the addresses that use it', async () => {
    const { api } = await store();
    const customer = await createCustomer(api);
    const method = (await api.post('/payment_methods', card(customer.id))).body.payment_method;
    await api.post('/addresses', addressBody2021_11(customer.id, { payment_method_id: method.id }));
    const reply = await api.get(`/payment_methods/${method.id}`, { query: { include: 'addresses' } });
    expect(reply.body.payment_method.include.addresses).toHaveLength(1);
  });
});
