/**
 * The real service's refusals, with its exact bodies (api-facts: "Facts from real clients and
 * recorded responses").
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import {
  addCard,
  addressBody2021_11,
  createCustomer,
  createCustomerWithAddress,
  createSubscription,
} from '../helpers/factories.js';

const { store } = useEmulator();

describe('payment methods (2021-11)', () => {
  it('refuses to delete a payment method an address uses (422) and keeps it', async () => {
    const { api } = await store();
    const customer = await createCustomer(api);
    const method = await addCard(api, customer.id);
    const address = (
      await api.post('/addresses', addressBody2021_11(customer.id, { payment_method_id: method.id }))
    ).body.address;
    const refused = await api.delete(`/payment_methods/${method.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      errors: { address: ['Can not delete payment method associated with addresses'] },
    });
    expect((await api.get(`/payment_methods/${method.id}`)).status).toBe(200);
    expect((await api.get(`/addresses/${address.id}`)).body.address.payment_method_id).toBe(method.id);
    // Deleting the customer still takes its payment methods and addresses with it.
    expect((await api.delete(`/customers/${customer.id}`)).status).toBe(204);
    expect((await api.get(`/payment_methods/${method.id}`)).status).toBe(404);
  });

  it('deletes a payment method no address uses', async () => {
    const { api } = await store();
    const customer = await createCustomer(api);
    const method = await addCard(api, customer.id);
    expect((await api.delete(`/payment_methods/${method.id}`)).status).toBe(204);
  });

  it('refuses an update that sets a billing address line to null, errors nested under billing_address', async () => {
    const { api } = await store();
    const customer = await createCustomer(api);
    const method = await addCard(api, customer.id);
    const refused = await api.put(`/payment_methods/${method.id}`, { billing_address: { address1: null } });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ errors: { billing_address: { address1: ['Field may not be null.'] } } });
    const updated = await api.put(`/payment_methods/${method.id}`, {
      billing_address: { address1: '2 Main St', city: 'Boston', country_code: 'US' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.payment_method.billing_address).toMatchObject({
      address1: '2 Main St',
      country: 'United States',
    });
  });
});

describe('subscriptions: order_interval_unit without both frequencies', () => {
  const MESSAGE =
    'when passing order_interval_unit provide charge_interval_frequency and order_interval_frequency to update the interval information';

  it.each(['2021-01', '2021-11'] as const)('refuses it with the real body (%s)', async (version) => {
    const { api } = await store();
    const { addressId } = await createCustomerWithAddress(api);
    const subscription = await createSubscription(api, addressId);
    const versioned = api.with({ version });
    for (const body of [
      { order_interval_unit: 'week' },
      { order_interval_unit: 'week', charge_interval_frequency: 2 },
      { order_interval_unit: 'week', order_interval_frequency: 2 },
    ]) {
      const refused = await versioned.put(`/subscriptions/${subscription.id}`, body);
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ errors: { charge_interval_unit_type: MESSAGE } });
    }
    const accepted = await versioned.put(`/subscriptions/${subscription.id}`, {
      order_interval_unit: 'week',
      charge_interval_frequency: 2,
      order_interval_frequency: 2,
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body.subscription.order_interval_unit).toBe('week');
  });
});
