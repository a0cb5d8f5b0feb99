/**
 * Endpoints and scopes real clients use that the spec does not list (api-facts: "Facts from real
 * clients and recorded responses").
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { createCustomerWithAddress, customerBody2021_01 } from '../helpers/factories.js';

const { store } = useEmulator();

describe('POST /addresses/{id}/onetimes (2021-01)', () => {
  it('creates a one-time on the address of the path, answered like the 2021-01 onetime create', async () => {
    const s = await store({ version: '2021-01' });
    const { customerId, addressId } = await createCustomerWithAddress(s.api);
    const body = {
      next_charge_scheduled_at: '2025-02-01',
      quantity: 1,
      price: 7.5,
      product_title: 'Mug',
      platform_variant_id: 321,
    };
    const reply = await s.api.post(`/addresses/${addressId}/onetimes`, body);
    expect(reply.status).toBe(200);
    const direct = await s.api.post('/onetimes', { ...body, address_id: addressId });
    expect(Object.keys(reply.body.onetime).sort()).toEqual(Object.keys(direct.body.onetime).sort());
    expect(reply.body.onetime).toMatchObject({
      address_id: addressId,
      customer_id: customerId,
      product_title: 'Mug',
      quantity: 1,
    });
    const listed = await s.api.get('/onetimes', { query: { address_id: addressId } });
    expect(listed.body.onetimes.map((o: { id: number }) => o.id)).toContain(reply.body.onetime.id);
    expect((await s.api.post('/addresses/999/onetimes', body)).status).toBe(422);
    expect((await s.api.post(`/addresses/${addressId}/onetimes`, { quantity: 1 })).status).toBe(422);
  });

  it('is not served in 2021-11 (501)', async () => {
    const { api } = await store();
    const { addressId } = await createCustomerWithAddress(api);
    expect((await api.post(`/addresses/${addressId}/onetimes`, {})).status).toBe(501);
  });
});

describe('GET /shop and GET /shop/shipping_countries (2021-01)', () => {
  it('answers the store under shop and store, in the recorded 2021-01 form', async () => {
    const s = await store({
      version: '2021-01',
      settings: {
        phone: '+1 212 555 0100',
        enabled_presentment_currencies: ['EUR'],
        timezone: 'Europe/Paris',
      },
    });
    const shop = await s.api.get('/shop');
    expect(shop.status).toBe(200);
    const common = {
      checkout_logo_url: null,
      created_at: 'Wed, 15 Jan 2025 12:00:00 GMT',
      currency: 'USD',
      customer_portal_domain: '',
      disabled_currencies_historical: [],
      domain: `store-${s.storeId}.example`,
      email: `owner@store-${s.storeId}.example`,
      enabled_presentment_currencies: ['USD', 'EUR'],
      enabled_presentment_currencies_symbols: [
        { currency: 'USD', location: 'before', suffix: '', symbol: '$' },
        { currency: 'EUR', location: 'before', suffix: '', symbol: '€' },
      ],
      external_platform: 'platform_a',
      iana_timezone: 'Europe/Paris',
      id: s.storeId,
      my_platform_domain: `store-${s.storeId}.example`,
      name: expect.any(String),
      payment_processor: 'stripe',
      platform_domain: `store-${s.storeId}.example`,
      shop_email: `owner@store-${s.storeId}.example`,
      shop_phone: '+1 212 555 0100',
      test_mode: false,
      timezone: '(GMT+01:00) Europe/Paris',
      updated_at: 'Wed, 15 Jan 2025 12:00:00 GMT',
    };
    expect(shop.body).toEqual({
      shop: { ...common, allow_customers_to_skip_delivery: 1, subscriptions_enabled: 1 },
      store: { ...common, checkout_platform: 'service_hosted' },
    });
    expect((await s.api.get('/shop', { version: '2021-11' })).status).toBe(501);
  });

  it('lists the countries the store ships to with their provinces', async () => {
    const s = await store({ version: '2021-01', settings: { shipping_countries: ['US', 'GB'] } });
    const reply = await s.api.get('/shop/shipping_countries');
    expect(reply.status).toBe(200);
    const [us, gb] = reply.body.shipping_countries;
    expect(reply.body.shipping_countries).toHaveLength(2);
    expect(us).toMatchObject({ code: 'US', country_id: expect.any(Number), name: 'United States' });
    expect(us.provinces).toEqual(expect.arrayContaining([{ code: 'NY', name: 'New York' }]));
    expect(gb).toEqual({ code: 'GB', country_id: expect.any(Number), name: 'United Kingdom', provinces: [] });
    expect(gb.country_id).not.toBe(us.country_id);
    expect((await s.api.get('/shop/shipping_countries', { version: '2021-11' })).status).toBe(501);
  });
});

describe('scopes of real tokens', () => {
  it('issues store_info and write_payments tokens and lists them in token information', async () => {
    const s = await store();
    const issued = await s.control.createToken({ name: 'real', scopes: ['store_info', 'write_payments'] });
    expect(issued.scopes).toEqual(['store_info', 'write_payments']);
    for (const version of ['2021-01', '2021-11'] as const) {
      const info = await s.api.get('/token_information', { token: issued.token, version });
      expect(info.body.token_information.scopes).toEqual(['store_info', 'write_payments']);
    }
  });

  it('reads the store, and the 2021-01 shop, with store_info', async () => {
    const s = await store();
    const { token } = await s.control.createToken({ name: 'store', scopes: ['store_info'] });
    expect((await s.api.get('/store', { token })).status).toBe(200);
    expect((await s.api.get('/shop', { token, version: '2021-01' })).status).toBe(200);
    expect((await s.api.get('/shop/shipping_countries', { token, version: '2021-01' })).status).toBe(200);
    const none = await s.control.createToken({ name: 'none', scopes: ['read_customers'] });
    const refused = await s.api.get('/shop', { token: none.token, version: '2021-01' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain('read_store');
  });

  it('sends payment-token data on customers with write_payments (2021-01)', async () => {
    const s = await store({ version: '2021-01' });
    const { token } = await s.control.createToken({
      name: 'payments',
      scopes: ['write_customers', 'write_payments'],
    });
    const created = await s.api.post('/customers', customerBody2021_01({ stripe_customer_token: 'cus_42' }), {
      token,
    });
    expect(created.status).toBe(200);
    const sources = await s.api.get(`/customers/${created.body.customer.id}/payment_sources`);
    expect(sources.body.payment_sources[0]).toMatchObject({
      payment_token: 'cus_42',
      processor_name: 'stripe',
    });
    const withoutPayments = await s.control.createToken({ name: 'no', scopes: ['write_customers'] });
    const refused = await s.api.post('/customers', customerBody2021_01({ stripe_customer_token: 'cus_43' }), {
      token: withoutPayments.token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain('write_payments');
  });
});
