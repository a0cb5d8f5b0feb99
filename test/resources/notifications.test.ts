/** POST /customers/{id}/notifications records the email; the control API shows and forgets them. */
import { describe, expect, it } from 'vitest';
import type { Json } from '../helpers/api.js';
import { useEmulator } from '../helpers/emulator.js';
import {
  addressBody2021_11,
  createCustomerWithAddress,
  createSubscription,
  queuedCharges,
} from '../helpers/factories.js';

const { store } = useEmulator();

const upcoming = (addressId: number, chargeId: number) => ({
  type: 'email',
  template_type: 'upcoming_charge',
  template_vars: { address_id: addressId, charge_id: chargeId },
});

describe('notifications (2021-11)', () => {
  it('records the upcoming_charge email of a queued charge and answers 200 {}', async () => {
    const s = await store();
    const { api } = s;
    const { customerId, addressId } = await createCustomerWithAddress(api);
    await createSubscription(api, addressId);
    const [charge] = await queuedCharges(api, addressId);
    const customer = (await api.get(`/customers/${customerId}`)).body.customer;

    await s.control.advanceClock({ hours: 2 });
    const sent = await api.post(`/customers/${customerId}/notifications`, upcoming(addressId, charge.id));
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({});

    const [email] = await s.control.notifications();
    expect(email).toEqual({
      id: expect.any(Number),
      customer_id: customerId,
      type: 'email',
      template_type: 'upcoming_charge',
      template_vars: { address_id: addressId, charge_id: charge.id, payment_method_id: null },
      to: customer.email,
      from: `owner@store-${s.storeId}.example`,
      subject: 'Your upcoming order from Store ' + s.storeId,
      text: expect.any(String),
      // Virtual time, not wall-clock time.
      created_at: '2025-01-15T14:00:00Z',
    });
    expect(email?.text).toContain('Hi Ada,');
    expect(email?.text).toContain('charged 20.00 USD on 2025-02-01');
    expect(email?.text).toContain('- House Coffee (1 kg) x 1');
    expect(email?.text).toContain('Shipping to: 350 Fifth Avenue, New York');
    expect(email?.text).toContain(`https://store-${s.storeId}.example/portal/${customer.hash}/subscriptions`);
  });

  it('checks the template variables against the customer and the template', async () => {
    const { api } = await store();
    const { customerId, addressId } = await createCustomerWithAddress(api);
    await createSubscription(api, addressId);
    const [charge] = await queuedCharges(api, addressId);
    const other = await createCustomerWithAddress(api);
    await createSubscription(api, other.addressId);
    const [otherCharge] = await queuedCharges(api, other.addressId);
    const second = (await api.post('/addresses', addressBody2021_11(customerId))).body.address;
    const path = `/customers/${customerId}/notifications`;

    const missing = await api.post(path, { type: 'email', template_type: 'upcoming_charge' });
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({
      errors: {
        template_vars: {
          address_id: ['Missing data for required field.'],
          charge_id: ['Missing data for required field.'],
        },
      },
    });
    expect((await api.post(path, upcoming(other.addressId, otherCharge.id))).body).toEqual({
      errors: {
        template_vars: {
          address_id: [`No address with id ${other.addressId} belongs to this customer.`],
          charge_id: [`No charge with id ${otherCharge.id} belongs to this customer.`],
        },
      },
    });
    expect((await api.post(path, upcoming(second.id, charge.id))).body.errors.template_vars).toEqual({
      charge_id: [`Charge ${charge.id} is not a charge of address ${second.id}.`],
    });
    await api.post(`/charges/${charge.id}/skip`, {});
    expect((await api.post(path, upcoming(addressId, charge.id))).body.errors.template_vars).toEqual({
      charge_id: [`Charge ${charge.id} is skipped; an upcoming_charge notification needs a queued charge.`],
    });

    const badType = await api.post(path, { type: 'sms', template_type: 'shipping_update' });
    expect(badType.status).toBe(422);
    expect(Object.keys(badType.body.errors).sort()).toEqual(['template_type', 'type']);
    expect(
      (
        await api.post(path, {
          type: 'email',
          template_type: 'get_account_access',
          template_vars: { charge_id: 'x' },
        })
      ).body,
    ).toEqual({
      errors: { template_vars: { charge_id: ['Not a valid number.'] } },
    });
    expect((await api.post('/customers/1/notifications', upcoming(addressId, charge.id))).status).toBe(404);
  });

  it('sends account-access and payment-update emails without variables', async () => {
    const s = await store();
    const { customerId } = await createCustomerWithAddress(s.api);
    const path = `/customers/${customerId}/notifications`;
    for (const template_type of ['get_account_access', 'platform_update_payment_information']) {
      expect((await s.api.post(path, { type: 'email', template_type })).status).toBe(200);
    }
    const emails = await s.control.notifications({ customer_id: customerId });
    // Newest first.
    expect(emails.map((email) => [email.template_type, email.subject])).toEqual([
      ['platform_update_payment_information', `Update your payment information for Store ${s.storeId}`],
      ['get_account_access', `Access your Store ${s.storeId} account`],
    ]);
    expect(emails[1]?.text).toMatch(/Use this link to manage your subscriptions: https:\/\/.+\/login$/);
    expect(emails[1]?.template_vars).toEqual({ address_id: null, charge_id: null, payment_method_id: null });
  });

  it('is 2021-11 only and needs write_notifications', async () => {
    const s = await store();
    const { customerId } = await createCustomerWithAddress(s.api);
    const body = { type: 'email', template_type: 'get_account_access' };
    const path = `/customers/${customerId}/notifications`;
    expect((await s.api.post(path, body, { version: '2021-01' })).status).toBe(501);
    const reader = await s.control.createToken({ name: 'reader', scopes: ['write_customers'] });
    const refused = await s.api.post(path, body, { token: reader.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain('write_notifications');
    expect(await s.control.notifications()).toEqual([]);
  });
});

describe('GET and DELETE /_emulator/notifications', () => {
  it('lists the emails of the calling store newest first, by customer, and forgets them', async () => {
    const s = await store();
    const elsewhere = await store();
    const a = await createCustomerWithAddress(s.api);
    const b = await createCustomerWithAddress(s.api);
    const send = (customerId: number) =>
      s.api.post(`/customers/${customerId}/notifications`, {
        type: 'email',
        template_type: 'get_account_access',
      });
    await send(a.customerId);
    await send(b.customerId);
    await send(a.customerId);

    const all = await s.control.notifications();
    expect(all.map((email) => email.customer_id)).toEqual([a.customerId, b.customerId, a.customerId]);
    expect(all[0]?.id).toBeGreaterThan(all[1]?.id ?? Infinity);
    expect((await s.control.notifications({ customer_id: b.customerId })).map((e) => e.customer_id)).toEqual([
      b.customerId,
    ]);
    expect(await elsewhere.control.notifications()).toEqual([]);

    const bad = await fetch(`${s.api.baseUrl}/_emulator/notifications?customer_id=abc`, {
      headers: { 'X-Service-Access-Token': s.token },
    });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as Json).errors).toEqual({ customer_id: ['Not a valid integer.'] });

    await s.control.clearNotifications();
    expect(await s.control.notifications()).toEqual([]);
  });
});
