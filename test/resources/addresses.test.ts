import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { addressBody2021_01, addressBody2021_11, createCustomer, US_ADDRESS } from '../helpers/factories.js';

const { store } = useEmulator();

const ADDRESS_2021_11_FIELDS = [
  'address1',
  'address2',
  'city',
  'company',
  'country_code',
  'created_at',
  'customer_id',
  'discounts',
  'first_name',
  'id',
  'last_name',
  'order_attributes',
  'order_note',
  'payment_method_id',
  'phone',
  'presentment_currency',
  'province',
  'shipping_lines_conserved',
  'shipping_lines_override',
  'updated_at',
  'zip',
];

const ADDRESS_2021_01_FIELDS = [
  'address1',
  'address2',
  'cart_attributes',
  'cart_note',
  'city',
  'company',
  'country',
  'country_code',
  'created_at',
  'customer_id',
  'discount_id',
  'first_name',
  'id',
  'last_name',
  'note_attributes',
  'original_shipping_lines',
  'phone',
  'presentment_currency',
  'province',
  'shipping_lines_override',
  'updated_at',
  'zip',
];

describe('addresses, 2021-11', () => {
  it('creates an address (201) in the 2021-11 shape, field by field', async () => {
    const { api } = await store();
    const customer = await createCustomer(api);
    const reply = await api.post(
      '/addresses',
      addressBody2021_11(customer.id, {
        address2: 'Floor 86',
        order_note: 'leave at the desk',
        order_attributes: [{ name: 'gift', value: 'yes' }],
        shipping_lines_override: [{ code: 'express', price: '9.99', title: 'Express' }],
      }),
    );
    expect(reply.status).toBe(201);
    const address = reply.body.address;
    expect(Object.keys(address).sort()).toEqual(ADDRESS_2021_11_FIELDS);
    expect(address).toEqual({
      id: expect.any(Number),
      address1: '350 Fifth Avenue',
      address2: 'Floor 86',
      city: 'New York',
      company: null,
      country_code: 'US',
      created_at: '2025-01-15T12:00:00+00:00',
      customer_id: customer.id,
      discounts: [],
      first_name: 'Ada',
      last_name: 'Lovelace',
      order_attributes: [{ name: 'gift', value: 'yes' }],
      order_note: 'leave at the desk',
      payment_method_id: null,
      phone: '+12125550100',
      presentment_currency: 'USD',
      province: 'NY',
      shipping_lines_conserved: [],
      shipping_lines_override: [{ code: 'express', price: '9.99', title: 'Express' }],
      updated_at: '2025-01-15T12:00:00+00:00',
      zip: '10118',
    });
  });

  it('names every missing required field in one _schema message', async () => {
    const { api } = await store();
    const reply = await api.post('/addresses', { address1: '1 Main St', zip: '10001' });
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({
      errors: {
        _schema: [
          'city, country_code, customer_id, first_name, last_name, phone, province are required fields.',
        ],
      },
    });
  });

  it('names every field of a wrong type, customer_id first, each once', async () => {
    const { api } = await store();
    const reply = await api.post(
      '/addresses',
      addressBody2021_11(1, { customer_id: 'x', zip: 3, order_attributes: 'no', payment_method_id: 'q' }),
    );
    expect(reply.status).toBe(422);
    expect(reply.body).toEqual({
      errors: {
        customer_id: ['Not a valid number.'],
        zip: ['Not a valid string.'],
        order_attributes: ['Not a valid list.'],
        payment_method_id: ['Not a valid number.'],
      },
    });
    expect(Object.keys(reply.body.errors)[0]).toBe('customer_id');
  });

  it('refuses an unknown customer and a payment method of another customer', async () => {
    const { api } = await store();
    const missing = await api.post('/addresses', addressBody2021_11(424242));
    expect(missing.status).toBe(422);
    expect(missing.body.errors.customer_id).toBeDefined();
    const owner = await createCustomer(api);
    const other = await createCustomer(api);
    const method = await api.post('/payment_methods', {
      customer_id: owner.id,
      processor_name: 'stripe',
      processor_customer_token: 'cus_1',
      processor_payment_method_token: 'pm_1',
    });
    const reply = await api.post(
      '/addresses',
      addressBody2021_11(other.id, { payment_method_id: method.body.payment_method.id }),
    );
    expect(reply.status).toBe(422);
    expect(reply.body.errors.payment_method_id).toBeDefined();
  });

  it('deletes an address with 204 and lists with is_active and customer_id', async () => {
    const { api } = await store();
    const a = await createCustomer(api);
    const b = await createCustomer(api);
    const first = (await api.post('/addresses', addressBody2021_11(a.id))).body.address;
    const second = (await api.post('/addresses', addressBody2021_11(b.id))).body.address;
    const byCustomer = await api.get('/addresses', { query: { customer_id: b.id } });
    expect(byCustomer.body.addresses.map((x: { id: number }) => x.id)).toEqual([second.id]);
    expect((await api.get('/addresses', { query: { is_active: false } })).body.addresses).toHaveLength(2);
    expect((await api.get('/addresses', { query: { is_active: 'maybe' } })).status).toBe(422);
    const reply = await api.delete(`/addresses/${first.id}`);
    expect(reply.status).toBe(204);
    expect((await api.get(`/addresses/${first.id}`)).status).toBe(404);
    expect((await api.get('/addresses/count')).status).toBe(501);
  });

  it('includes the customer on request', async () => {
    const { api } = await store();
    const customer = await createCustomer(api);
    const address = (await api.post('/addresses', addressBody2021_11(customer.id))).body.address;
    const reply = await api.get(`/addresses/${address.id}`, { query: { include: 'customer' } });
    expect(reply.body.address.include.customer.email).toBe(customer.email);
  });
});

describe('addresses, 2021-01', () => {
  it('creates an address under its customer in the 2021-01 shape, field by field', async () => {
    const { api } = await store({ version: '2021-01' });
    const customer = await createCustomer(api);
    const reply = await api.post(
      `/customers/${customer.id}/addresses`,
      addressBody2021_01({ cart_note: 'ring twice', note_attributes: [{ name: 'a', value: 'b' }] }),
    );
    expect(reply.status).toBe(200);
    const address = reply.body.address;
    expect(Object.keys(address).sort()).toEqual(ADDRESS_2021_01_FIELDS);
    expect(address).toEqual({
      id: expect.any(Number),
      address1: '350 Fifth Avenue',
      address2: null,
      cart_attributes: [{ name: 'a', value: 'b' }],
      cart_note: 'ring twice',
      city: 'New York',
      company: null,
      country: 'United States',
      country_code: 'US',
      created_at: '2025-01-15T12:00:00',
      customer_id: customer.id,
      discount_id: null,
      first_name: 'Ada',
      last_name: 'Lovelace',
      note_attributes: [{ name: 'a', value: 'b' }],
      original_shipping_lines: [],
      phone: '+12125550100',
      presentment_currency: null,
      province: 'NY',
      // The real service answers [] when there is no override (api-facts: real records), not null.
      shipping_lines_override: [],
      updated_at: '2025-01-15T12:00:00',
      zip: '10118',
    });
    const unknown = await api.post('/customers/999/addresses', addressBody2021_01());
    expect(unknown.status).toBe(404);
  });

  it('shows presentment_currency only when it differs from the store currency', async () => {
    const { api } = await store({
      version: '2021-01',
      settings: { enabled_presentment_currencies: ['CAD'] },
    });
    const customer = await createCustomer(api);
    const usd = await api.post(
      `/customers/${customer.id}/addresses`,
      addressBody2021_01({ presentment_currency: 'USD' }),
    );
    expect(usd.body.address.presentment_currency).toBeNull();
    const cad = await api.post(
      `/customers/${customer.id}/addresses`,
      addressBody2021_01({ presentment_currency: 'CAD' }),
    );
    expect(cad.body.address.presentment_currency).toBe('CAD');
    const eur = await api.post(
      `/customers/${customer.id}/addresses`,
      addressBody2021_01({ presentment_currency: 'EUR' }),
    );
    expect(eur.status).toBe(422);
    expect(eur.body.errors.presentment_currency).toBeDefined();
  });

  it('lists, counts and deletes with 200 {}', async () => {
    const s = await store({ version: '2021-01' });
    const customer = await createCustomer(s.api);
    const a = (await s.api.post(`/customers/${customer.id}/addresses`, addressBody2021_01())).body.address;
    await s.control.advanceClock({ days: 1 });
    const b = (await s.api.post(`/customers/${customer.id}/addresses`, addressBody2021_01())).body.address;
    const list = await s.api.get(`/customers/${customer.id}/addresses`);
    expect(list.body.addresses.map((x: { id: number }) => x.id)).toEqual([b.id, a.id]);
    expect((await s.api.get('/addresses/count')).body).toEqual({ count: 2 });
    expect((await s.api.get('/addresses/count', { query: { created_at_min: '2025-01-16' } })).body).toEqual({
      count: 1,
    });
    const deleted = await s.api.delete(`/addresses/${a.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({});
    expect((await s.api.get('/addresses/count')).body).toEqual({ count: 1 });
  });
});

describe('address validation rules', () => {
  async function attempt(overrides: Record<string, unknown>, settings?: Record<string, unknown>) {
    const { api } = await store({ settings });
    const customer = await createCustomer(api);
    return api.post('/addresses', addressBody2021_11(customer.id, overrides));
  }

  it('refuses a country the store does not ship to', async () => {
    const reply = await attempt(
      { country_code: 'DE', province: '', zip: '10115' },
      { shipping_countries: ['US'] },
    );
    expect(reply.status).toBe(422);
    expect(reply.body.errors.country_code).toBeDefined();
    const unknown = await attempt({ country_code: 'XX' });
    expect(unknown.body.errors.country_code).toBeDefined();
  });

  it('requires a province where the country needs one', async () => {
    expect((await attempt({ country_code: 'CA', province: '', zip: 'M5V 2T6' })).body.errors).toEqual({
      province: ['Missing data for required field.'],
    });
    expect((await attempt({ country_code: 'DE', province: '', zip: '10115' })).status).toBe(201);
  });

  it('checks US and UK zips against their patterns and needs none in no-zip countries', async () => {
    expect((await attempt({ zip: '1234' })).body.errors.zip[0]).toContain('US');
    expect((await attempt({ zip: '10118-0110' })).status).toBe(201);
    expect((await attempt({ country_code: 'GB', province: '', zip: 'SW1A 1AA' })).status).toBe(201);
    expect((await attempt({ country_code: 'GB', province: '', zip: '12345' })).body.errors.zip[0]).toContain(
      'GB',
    );
    expect((await attempt({ country_code: 'HK', province: 'Kowloon', zip: null })).status).toBe(201);
    expect((await attempt({ country_code: 'FR', province: '', zip: '' })).body.errors).toEqual({
      zip: ['Missing data for required field.'],
    });
  });

  it('checks US state and zip together like the external validation service', async () => {
    expect((await attempt({ province: 'Narnia' })).body.errors.province[0]).toContain('Narnia');
    expect((await attempt({ province: 'California', zip: '10118' })).body.errors.zip[0]).toContain(
      'California',
    );
    expect((await attempt({ province: 'California', zip: '94103' })).status).toBe(201);
  });

  it('needs the zip in the same request when the country changes (both versions)', async () => {
    const { api } = await store();
    const customer = await createCustomer(api);
    const address = (await api.post('/addresses', addressBody2021_11(customer.id))).body.address;
    const refused = await api.put(`/addresses/${address.id}`, { country_code: 'CA', province: 'Ontario' });
    expect(refused.body).toEqual({ errors: { zip: ['Missing data for required field.'] } });
    const legacy = await api.put(
      `/addresses/${address.id}`,
      { country: 'Canada', province: 'Ontario' },
      { version: '2021-01' },
    );
    expect(legacy.body).toEqual({ errors: { zip: ['Missing data for required field.'] } });
    const ok = await api.put(`/addresses/${address.id}`, {
      country_code: 'CA',
      province: 'Ontario',
      zip: 'M5V 2T6',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.address).toMatchObject({ country_code: 'CA', zip: 'M5V 2T6' });
  });

  it('validates US addresses on POST /addresses/validate with problems in a 200 (2021-01)', async () => {
    const { api } = await store({ version: '2021-01' });
    const good = await api.post('/addresses/validate', {
      address1: US_ADDRESS.address1,
      city: 'New York',
      state: 'NY',
      zipcode: '10118',
    });
    expect(good.status).toBe(200);
    expect(good.body).toEqual({
      city: 'New York',
      errors: {},
      state: 'NY',
      state_name: 'New York',
      zipcode: '10118',
    });
    const bad = await api.post('/addresses/validate', {
      address1: '',
      city: 'Austin',
      state: 'TX',
      zipcode: '10118',
    });
    expect(bad.status).toBe(200);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['address1', 'zipcode']);
    const abroad = await api.post('/addresses/validate', {
      address1: 'x',
      city: 'Paris',
      state: 'IDF',
      zipcode: '75001',
      country: 'France',
    });
    expect(abroad.status).toBe(422);
  });
});
