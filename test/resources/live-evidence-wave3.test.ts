/**
 * What live evidence (api-facts: "Live evidence, wave 3") shows the real service does, checked over
 * HTTP with the spec's neutral words and as the real service speaks (`--header-prefix Recharge
 * --platform-word shopify`): the root route, unversioned requests served by 2021-11 routes, the
 * 2021-01 routes published clients call, and the forms integrations send.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type ApiVersion, type Emulator, type EmulatorOptions } from '../../src/index.js';
import { Api, type Json } from '../helpers/api.js';
import { customerBody2021_01, subscribedCustomer } from '../helpers/factories.js';

const START = '2025-01-15T12:00:00Z';

interface Dialect {
  readonly name: string;
  readonly prefix: string;
  readonly word: string;
  readonly options: EmulatorOptions;
}

const DIALECTS: readonly Dialect[] = [
  { name: 'neutral names', prefix: 'Service', word: 'platform', options: {} },
  {
    name: '--header-prefix Recharge --platform-word shopify',
    prefix: 'Recharge',
    word: 'shopify',
    options: { headerPrefix: 'Recharge', platformWord: 'shopify' },
  },
];

describe.each(DIALECTS)('live evidence, wave 3, with $name', ({ prefix, word, options }) => {
  const holder: { emulator?: Emulator } = {};
  beforeAll(async () => {
    holder.emulator = await createEmulator({ port: 0, logger: 'silent', ...options });
  });
  afterAll(() => holder.emulator?.close());
  const emulator = () => {
    if (!holder.emulator) throw new Error('emulator not started');
    return holder.emulator;
  };
  /** A store whose default is `version`; its client names `version`, and `bare` names none. */
  async function store(version: ApiVersion, settings: Record<string, unknown> = {}) {
    const created = await emulator().control.createStore({
      settings: { default_api_version: version, ...settings },
      clock: { now: START },
    });
    const url = emulator().url;
    return {
      created,
      api: new Api(url, created.token, version, prefix),
      bare: new Api(url, created.token, undefined, prefix),
      control: emulator().control.forStore(created.token),
    };
  }
  const w = (name: string) => name.replace('{w}', word);

  async function customer2021_01(api: Api, overrides: Record<string, unknown> = {}): Promise<Json> {
    const reply = await api.post('/customers', customerBody2021_01(overrides), { version: '2021-01' });
    expect(reply.status, reply.text).toBe(200);
    return reply.body.customer;
  }

  const US = {
    address1: '350 Fifth Avenue',
    city: 'New York',
    first_name: 'Ada',
    last_name: 'Lovelace',
    phone: '+12125550100',
    province: 'NY',
    zip: '10118',
  };

  describe('a client that reads a body only when its type is exactly application/json', () => {
    /** As published clients do: anything but the exact type is read as no record at all. */
    async function strictCall(api: Api, method: string, path: string, body?: unknown): Promise<Json> {
      const reply = await api.call(method, path, body);
      return reply.headers.get('Content-Type') === 'application/json' ? reply.body : {};
    }

    it.each(['2021-01', '2021-11'] as const)(
      'reads records, counts and errors from a %s store',
      async (version) => {
        const s = await store(version);
        const customer = await customer2021_01(s.api);
        expect((await strictCall(s.api, 'GET', `/customers/${customer.id}`)).customer?.id).toBe(customer.id);
        expect((await strictCall(s.api, 'GET', '/customers')).customers).toHaveLength(1);
        if (version === '2021-01') expect((await strictCall(s.api, 'GET', '/customers/count')).count).toBe(1);
        expect((await strictCall(s.api, 'GET', '/customers/999999')).errors).toBe('Not Found');
        expect((await strictCall(s.api, 'POST', '/customers', { email: 'nope' })).errors).toBeDefined();
        expect((await strictCall(s.api, 'GET', '/')).store?.store_id).toBe(s.created.store.id);
      },
    );
  });

  describe('GET /', () => {
    it.each(['2021-01', '2021-11'] as const)(
      'a %s store answers itself to a valid token; 401 without one',
      async (version) => {
        const s = await store(version, { timezone: 'Europe/Paris', shipping_countries: ['FR', 'US'] });
        const reply = await s.api.get('/');
        expect(reply.status).toBe(200);
        expect(reply.headers.get('Content-Type')).toBe('application/json');
        expect(reply.body).toEqual({
          store: {
            country: 'France',
            currency: 'USD',
            email: `owner@store-${s.created.store.id}.example`,
            iana_timezone: 'Europe/Paris',
            province: null,
            shop_owner: 'Store Owner',
            store_id: s.created.store.id,
            store_name: s.created.store.name,
            store_timezone: '(GMT+01:00) Europe/Paris',
            store_url: `https://store-${s.created.store.id}.example`,
          },
        });
        expect((await s.bare.get('/')).body).toEqual(reply.body);
        const anonymous = await s.api.get('/', { token: null });
        expect(anonymous.status).toBe(401);
        expect(anonymous.body).toHaveProperty('error');
        expect((await s.api.get('/', { token: 'not-a-token' })).status).toBe(401);
      },
    );

    it('a browser asking for a page is still sent to the dashboard', async () => {
      const page = await fetch(`${emulator().url}/`, {
        headers: { Accept: 'text/html,application/xhtml+xml' },
        redirect: 'manual',
      });
      expect(page.status).toBe(302);
      expect(page.headers.get('Location')).toBe('/_emulator/ui');
    });
  });

  describe('requests that name no version', () => {
    it('POST /addresses with customer_id on a 2021-01 store: created (201), a 2021-01 address', async () => {
      const s = await store('2021-01');
      const customer = await customer2021_01(s.api);
      const reply = await s.bare.post('/addresses', { customer_id: customer.id, country_code: 'US', ...US });
      expect(reply.status, reply.text).toBe(201);
      expect(reply.headers.get(`X-${prefix}-Version`)).toBe('2021-01');
      // The 2021-01 record: the country by name, cart_note and note_attributes, no order_note.
      expect(reply.body.address).toMatchObject({ customer_id: customer.id, country: 'United States' });
      expect(reply.body.address).toHaveProperty('cart_note');
      expect(reply.body.address).not.toHaveProperty('order_note');
      const read = await s.api.get(`/addresses/${reply.body.address.id}`);
      expect(read.body.address).toEqual(reply.body.address);
      // The 2021-11 route's refusals stay.
      const missing = await s.bare.post('/addresses', { customer_id: customer.id });
      expect(missing.status).toBe(422);
      expect(missing.body.errors._schema).toBeDefined();
    });

    it('a 2021-11 route on a 2021-01 store: served to an unversioned request, 501 when 2021-01 is named', async () => {
      const s = await store('2021-01');
      const customer = await customer2021_01(s.api);
      const body = { customer_id: customer.id, country_code: 'US', ...US };
      expect((await s.api.post('/addresses', body)).status).toBe(501);
      const plans = await s.bare.get('/plans');
      expect(plans.status).toBe(200);
      expect(plans.body).toHaveProperty('plans');
      // A route both versions have answers in the store's default, as before.
      const listed = await s.bare.get('/addresses');
      expect(listed.headers.get(`X-${prefix}-Version`)).toBe('2021-01');
      expect(listed.body.addresses).toEqual([]);
    });
  });
  describe('2021-01 routes published clients call', () => {
    /** A 2021-01 store with a customer billed once: its successful charge and order. */
    async function billed() {
      const s = await store('2021-01');
      const modern = s.api.with({ version: '2021-11' });
      const { customerId, addressId } = await subscribedCustomer(modern);
      await s.control.advanceClock({ days: 2 });
      const [order] = (await s.api.get('/orders', { query: { address_id: addressId } })).body.orders;
      expect(order.status).toBe('SUCCESS');
      return { ...s, customerId, addressId, order };
    }

    it('POST /onetimes/address/{address_id}: a one-time on the address, as POST /addresses/{id}/onetimes', async () => {
      const s = await store('2021-01');
      const { addressId, customerId } = await subscribedCustomer(s.api.with({ version: '2021-11' }));
      const body = { next_charge_scheduled_at: '2025-02-01', quantity: 1, price: 7.5, product_title: 'Mug' };
      const legacy = await s.api.post(`/onetimes/address/${addressId}`, {
        ...body,
        [w('{w}_variant_id')]: 321,
      });
      expect(legacy.status, legacy.text).toBe(200);
      expect(legacy.body.onetime).toMatchObject({
        address_id: addressId,
        customer_id: customerId,
        product_title: 'Mug',
        [w('{w}_variant_id')]: 321,
      });
      const other = await s.api.post(`/addresses/${addressId}/onetimes`, {
        ...body,
        platform_variant_id: 322,
      });
      expect(other.status, other.text).toBe(200);
      expect(Object.keys(legacy.body.onetime).sort()).toEqual(Object.keys(other.body.onetime).sort());
      expect((await s.api.post('/onetimes/address/999999', body)).status).toBe(422);
      expect((await s.api.post(`/onetimes/address/${addressId}`, body, { version: '2021-11' })).status).toBe(
        501,
      );
    });

    it('clone_order_on_success_charge, change_date and update_<word>_variant on the queued clone', async () => {
      const s = await billed();
      const clone = await s.api.post(
        `/orders/clone_order_on_success_charge/${s.order.id}/charge/${s.order.charge_id}`,
        { scheduled_at: '2025-03-01' },
      );
      expect(clone.status, clone.text).toBe(200);
      expect(clone.body.order).toMatchObject({ status: 'QUEUED', scheduled_at: '2025-03-01T00:00:00' });
      expect(clone.body.order.id).not.toBe(s.order.id);
      const id = clone.body.order.id;

      const moved = await s.api.post(`/orders/${id}/change_date`, { shipping_date: '2025-03-10' });
      expect(moved.status, moved.text).toBe(200);
      expect(moved.body.order.scheduled_at).toBe('2025-03-10T00:00:00');
      expect((await s.api.get(`/orders/${id}`)).body.order.scheduled_at).toBe('2025-03-10T00:00:00');

      const old = moved.body.order.line_items[0][w('{w}_variant_id')];
      const swapped = await s.api.post(`/orders/${id}/${w('update_{w}_variant')}/${old}`, {
        [w('new_{w}_variant_id')]: 4242,
      });
      expect(swapped.status, swapped.text).toBe(200);
      expect(swapped.body.order.line_items[0][w('{w}_variant_id')]).toBe('4242');
      // The neutral action and field work in every store, as neutral names do.
      const back = await s.api.post(`/orders/${id}/update_platform_variant/4242`, {
        new_platform_variant_id: old,
      });
      expect(back.status, back.text).toBe(200);
      expect(back.body.order.line_items[0][w('{w}_variant_id')]).toBe(old);
      // A published Python client sends the swap as PUT and the new date as scheduled_at.
      const put = await s.api.put(`/orders/${id}/${w('update_{w}_variant')}/${old}`, {
        [w('new_{w}_variant_id')]: '5151',
      });
      expect(put.status, put.text).toBe(200);
      expect(put.body.order.line_items[0][w('{w}_variant_id')]).toBe('5151');
      const scheduled = await s.api.post(`/orders/${id}/change_date`, {
        scheduled_at: '2025-03-12T00:00:00',
      });
      expect(scheduled.body.order.scheduled_at).toBe('2025-03-12T00:00:00');
    });

    it("refusals: a processed order keeps its date and items, a charge must be the order's and successful", async () => {
      const s = await billed();
      const date = await s.api.post(`/orders/${s.order.id}/change_date`, { shipping_date: '2025-03-10' });
      expect(date.status).toBe(422);
      expect(date.body.errors).toHaveProperty('shipping_date');
      expect((await s.api.post(`/orders/${s.order.id}/change_date`, {})).status).toBe(422);
      const variant = s.order.line_items[0][w('{w}_variant_id')];
      const swap = await s.api.post(`/orders/${s.order.id}/${w('update_{w}_variant')}/${variant}`, {
        [w('new_{w}_variant_id')]: 1,
      });
      expect(swap.status).toBe(422);
      expect((await s.api.post(`/orders/${s.order.id}/update_other_variant/${variant}`, {})).status).toBe(
        404,
      );
      const queued = (await s.api.get('/charges', { query: { status: 'QUEUED' } })).body.charges[0];
      const wrong = await s.api.post(
        `/orders/clone_order_on_success_charge/${s.order.id}/charge/${queued.id}`,
        { scheduled_at: '2025-03-01' },
      );
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors).toHaveProperty('charge_id');
      const missing = `/orders/clone_order_on_success_charge/${s.order.id}/charge/999999`;
      expect((await s.api.post(missing, { scheduled_at: '2025-03-01' })).status).toBe(404);
      expect(
        (
          await s.api.post(
            `/orders/${s.order.id}/change_date`,
            { shipping_date: '2025-03-10' },
            { version: '2021-11' },
          )
        ).status,
      ).toBe(501);
    });
  });
  describe('forms integrations send', () => {
    it('2021-01 POST /products without a title: created, titled as the platform product its items name', async () => {
      const s = await store('2021-01');
      const bare = await s.api.post('/products', {
        [w('{w}_product_id')]: 555001,
        discount_amount: 10,
        discount_type: 'percentage',
        subscription_defaults: {
          charge_interval_frequency: 1,
          order_interval_unit: 'month',
          order_interval_frequency_options: ['1'],
        },
      });
      expect(bare.status, bare.text).toBe(200);
      expect(bare.body.product).toMatchObject({
        title: '',
        [w('{w}_product_id')]: 555001,
        discount_amount: 10,
      });
      // A product the store's subscriptions already name takes their title.
      await subscribedCustomer(s.api.with({ version: '2021-11' }));
      const named = await s.api.post('/products', { [w('{w}_product_id')]: 'prod-coffee' });
      expect(named.status, named.text).toBe(200);
      expect(named.body.product.title).toBe('House Coffee');
      // The spec's refusals stay: a title that is not text, a product that exists.
      expect((await s.api.post('/products', { [w('{w}_product_id')]: 555002, title: 7 })).status).toBe(422);
      expect((await s.api.post('/products', { [w('{w}_product_id')]: 555001 })).status).toBe(422);
      expect((await s.api.post('/products', {})).status).toBe(422);
    });

    it('2021-01 customers: free text in billing_* fields, billing_country "Masked" included; address countries still checked', async () => {
      const s = await store('2021-01');
      const customer = await customer2021_01(s.api);
      const masked = Object.fromEntries(
        [
          'billing_address1',
          'billing_address2',
          'billing_city',
          'billing_company',
          'billing_country',
          'billing_first_name',
          'billing_last_name',
          'billing_phone',
          'billing_province',
          'billing_zip',
        ].map((field) => [field, 'Masked']),
      );
      const updated = await s.api.put(`/customers/${customer.id}`, masked);
      expect(updated.status, updated.text).toBe(200);
      expect(updated.body.customer).toMatchObject(masked);
      expect((await s.api.get(`/customers/${customer.id}`)).body.customer).toMatchObject(masked);
      // A known country is still read by name or code and answered by name.
      const known = await s.api.put(`/customers/${customer.id}`, { billing_country: 'CA' });
      expect(known.body.customer.billing_country).toBe('Canada');
      // Creating takes the same free text.
      const created = await customer2021_01(s.api, { billing_country: 'Masked' });
      expect(created.billing_country).toBe('Masked');
      // An address's country is still checked.
      const address = await s.api.post(`/customers/${customer.id}/addresses`, { ...US, country: 'Masked' });
      expect(address.status).toBe(422);
      expect(JSON.stringify(address.body.errors)).toContain('Unknown country');
    });

    it.each(['2021-01', '2021-11'] as const)(
      '%s PUT /addresses/{id} with a wrapped body answers 200 and applies it',
      async (version) => {
        const s = await store(version);
        const customer = await customer2021_01(s.api);
        const made = await s.bare.post('/addresses', { customer_id: customer.id, country_code: 'US', ...US });
        expect(made.status, made.text).toBe(201);
        const reply = await s.api.put(`/addresses/${made.body.address.id}`, {
          address: { city: 'Brooklyn' },
        });
        expect(reply.status, reply.text).toBe(200);
        expect(reply.body.address.city).toBe('Brooklyn');
        expect(
          (await s.api.put(`/addresses/${made.body.address.id}`, { address: { country_code: 'ZZ' } })).status,
        ).toBe(422);
      },
    );

    it('2021-01 customer and address: the keys asserted live, and no others', async () => {
      const s = await store('2021-01');
      const customer = await customer2021_01(s.api);
      expect(Object.keys(customer).sort()).toEqual(
        [
          'accepts_marketing',
          'analytics_data',
          'billing_address1',
          'billing_address2',
          'billing_city',
          'billing_company',
          'billing_country',
          'billing_first_name',
          'billing_last_name',
          'billing_phone',
          'billing_province',
          'billing_zip',
          'created_at',
          'email',
          'first_charge_processed_at',
          'first_name',
          'has_card_error_in_dunning',
          'has_valid_payment_method',
          'hash',
          'id',
          'last_name',
          'number_active_subscriptions',
          'number_subscriptions',
          'phone',
          'processor_type',
          'reason_payment_method_not_valid',
          w('{w}_customer_id'),
          'status',
          // Recorded real records (2023-2025) beside the live assertion.
          'tax_exempt',
          'updated_at',
        ].sort(),
      );
      const address = await s.api.post(`/customers/${customer.id}/addresses`, {
        ...US,
        country: 'United States',
      });
      expect(Object.keys(address.body.address).sort()).toEqual(
        [
          // The spec's 2021-01 table...
          'id',
          'address1',
          'address2',
          'city',
          'company',
          'province',
          'zip',
          'phone',
          'country',
          'country_code',
          'customer_id',
          'first_name',
          'last_name',
          'presentment_currency',
          'created_at',
          'updated_at',
          // ...with the fields the live assertion names.
          'cart_attributes',
          'cart_note',
          'discount_id',
          'note_attributes',
          'original_shipping_lines',
          'shipping_lines_override',
        ].sort(),
      );
    });
  });
});
