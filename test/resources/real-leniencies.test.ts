/**
 * What the real service accepts beyond the spec's strict types (api-facts: "Facts from real clients
 * and recorded responses"): numeric strings for numbers, metafield bodies wrapped or bare.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import {
  createCustomer,
  createCustomerWithAddress,
  createSubscription,
  subscriptionBody,
} from '../helpers/factories.js';

const { store } = useEmulator();

describe('numeric strings for numeric fields', () => {
  it('takes "quantity": "2" as 2 on subscriptions and one-times (2021-11)', async () => {
    const { api } = await store();
    const { addressId } = await createCustomerWithAddress(api);
    const created = await api.post(
      '/subscriptions',
      subscriptionBody(addressId, { quantity: '2', order_day_of_month: '15', address_id: String(addressId) }),
    );
    expect(created.status).toBe(201);
    expect(created.body.subscription).toMatchObject({
      quantity: 2,
      order_day_of_month: 15,
      address_id: addressId,
    });
    const updated = await api.put(`/subscriptions/${created.body.subscription.id}`, { quantity: ' 3 ' });
    expect(updated.body.subscription.quantity).toBe(3);
    const onetime = await api.post('/onetimes', {
      address_id: addressId,
      next_charge_scheduled_at: '2025-02-01',
      quantity: '4',
      price: '5.00',
      product_title: 'Mug',
      external_variant_id: { ecommerce: 'mug-1' },
    });
    expect(onetime.status).toBe(201);
    expect(onetime.body.onetime.quantity).toBe(4);
  });

  it('takes numeric strings in 2021-01 bodies too', async () => {
    const s = await store({ version: '2021-01' });
    const { addressId } = await createCustomerWithAddress(s.api);
    const subscription = await createSubscription(s.api, addressId);
    const updated = await s.api.put(`/subscriptions/${subscription.id}`, { quantity: '5' });
    expect(updated.status).toBe(200);
    expect(updated.body.subscription.quantity).toBe(5);
    const onetime = await s.api.post(`/addresses/${addressId}/onetimes`, {
      next_charge_scheduled_at: '2025-02-01',
      quantity: '2',
      price: '5.00',
      product_title: 'Mug',
      platform_variant_id: '123',
    });
    expect(onetime.status).toBe(200);
    expect(onetime.body.onetime.quantity).toBe(2);
  });

  it('takes numeric strings in nested objects (payment details) and discounts', async () => {
    const { api } = await store();
    const customer = await createCustomer(api);
    const method = await api.post('/payment_methods', {
      customer_id: String(customer.id),
      processor_name: 'stripe',
      processor_customer_token: 'cus_1',
      processor_payment_method_token: 'pm_1',
      payment_details: { brand: 'visa', exp_month: '7', exp_year: '2031', last4: '4242' },
    });
    expect(method.status).toBe(201);
    expect(method.body.payment_method.payment_details).toMatchObject({ exp_month: 7, exp_year: 2031 });
    const discount = await api.post('/discounts', {
      code: 'TEN',
      discount_type: 'percentage',
      duration: 'usage_limit',
      duration_usage_limit: '3',
      usage_limit: '100',
      value: '10',
    });
    expect(discount.status).toBe(201);
    expect(discount.body.discount).toMatchObject({
      usage_limits: { max_subsequent_redemptions: 3 },
      value: '10',
    });
    const legacy = await api.get(`/discounts/${discount.body.discount.id}`, { version: '2021-01' });
    expect(legacy.body.discount).toMatchObject({ duration_usage_limit: 3, usage_limit: 100 });
  });

  it('refuses a string that is no number with the usual 422', async () => {
    const { api } = await store();
    const { addressId } = await createCustomerWithAddress(api);
    const refused = await api.post('/subscriptions', subscriptionBody(addressId, { quantity: 'two' }));
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ errors: { quantity: ['Not a valid number.'] } });
    const fraction = await api.post('/subscriptions', subscriptionBody(addressId, { quantity: '1.5' }));
    expect(fraction.body).toEqual({ errors: { quantity: ['Not a valid integer.'] } });
    const empty = await api.post('/subscriptions', subscriptionBody(addressId, { quantity: '' }));
    expect(empty.status).toBe(422);
  });
});

describe('metafield bodies wrapped or bare', () => {
  const fields = (ownerId: number) => ({
    key: 'gift',
    namespace: 'shop',
    owner_id: ownerId,
    owner_resource: 'customer',
    value: 'yes',
    value_type: 'string',
  });

  it.each(['2021-01', '2021-11'] as const)('creates and updates with either body (%s)', async (version) => {
    const s = await store({ version });
    const customer = await createCustomer(s.api);
    const wrapped = await s.api.post('/metafields', { metafield: fields(customer.id) });
    expect(wrapped.status).toBeLessThan(300);
    const bare = await s.api.post('/metafields', { ...fields(customer.id), key: 'bare' });
    expect(bare.status).toBeLessThan(300);
    expect(bare.body.metafield).toMatchObject({ key: 'bare', owner_id: String(customer.id), value: 'yes' });
    const id = bare.body.metafield.id;
    expect((await s.api.put(`/metafields/${id}`, { value: 'no' })).body.metafield.value).toBe('no');
    expect(
      (await s.api.put(`/metafields/${id}`, { metafield: { value: 'maybe' } })).body.metafield.value,
    ).toBe('maybe');
  });

  it('names the fields of a bare body in its errors, and nests those of a wrapped one', async () => {
    const { api } = await store();
    const customer = await createCustomer(api);
    const { key: _key, ...noKey } = fields(customer.id);
    expect((await api.post('/metafields', noKey)).body).toEqual({
      errors: { key: ['Missing data for required field.'] },
    });
    expect((await api.post('/metafields', { metafield: noKey })).body).toEqual({
      errors: { metafield: { key: ['Missing data for required field.'] } },
    });
  });
});
