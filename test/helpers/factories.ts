/** Valid request bodies for tests, per version. */
import type { Api, Json, Reply } from './api.js';

let counter = 0;
const unique = () => `${Date.parse('2025-01-01') + ++counter}`;

export function customerBody2021_11(overrides: Record<string, unknown> = {}) {
  return { email: `ada.${unique()}@example.com`, first_name: 'Ada', last_name: 'Lovelace', ...overrides };
}

export function customerBody2021_01(overrides: Record<string, unknown> = {}) {
  return {
    email: `grace.${unique()}@example.com`,
    first_name: 'Grace',
    last_name: 'Hopper',
    billing_address1: '1 Navy Way',
    billing_city: 'Arlington',
    billing_country: 'United States',
    billing_first_name: 'Grace',
    billing_last_name: 'Hopper',
    billing_province: 'Virginia',
    billing_zip: '22201',
    ...overrides,
  };
}

export const US_ADDRESS = {
  address1: '350 Fifth Avenue',
  city: 'New York',
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '+12125550100',
  province: 'NY',
  zip: '10118',
};

export function addressBody2021_11(customerId: number, overrides: Record<string, unknown> = {}) {
  return { customer_id: customerId, country_code: 'US', ...US_ADDRESS, ...overrides };
}

export function addressBody2021_01(overrides: Record<string, unknown> = {}) {
  return { country: 'United States', ...US_ADDRESS, ...overrides };
}

/** Creates a customer in the API client's version and returns its record. */
export async function createCustomer(api: Api, overrides: Record<string, unknown> = {}): Promise<Json> {
  const legacy = api.version === '2021-01';
  const reply = await api.post(
    '/customers',
    legacy ? customerBody2021_01(overrides) : customerBody2021_11(overrides),
  );
  if (reply.status >= 300) throw new Error(`customer create failed: ${reply.status} ${reply.text}`);
  return reply.body.customer;
}

/** Creates a customer with a US address (2021-11 endpoints) and returns both ids. */
export async function createCustomerWithAddress(
  api: Api,
): Promise<{ customerId: number; addressId: number }> {
  const modern = api.with({ version: '2021-11' });
  const customer = await createCustomer(modern);
  const reply = await modern.post('/addresses', addressBody2021_11(customer.id));
  if (reply.status !== 201) throw new Error(`address create failed: ${reply.status} ${reply.text}`);
  return { customerId: customer.id, addressId: reply.body.address.id };
}

/** A 2021-11 subscription body for a variant outside the catalog (title and price given). */
export function subscriptionBody(addressId: number, overrides: Record<string, unknown> = {}) {
  return {
    address_id: addressId,
    next_charge_scheduled_at: '2025-02-01',
    order_interval_frequency: 1,
    charge_interval_frequency: 1,
    order_interval_unit: 'month',
    quantity: 1,
    external_variant_id: { ecommerce: 'var-coffee-1kg' },
    external_product_id: { ecommerce: 'prod-coffee' },
    product_title: 'House Coffee',
    variant_title: '1 kg',
    price: '20.00',
    ...overrides,
  };
}

/** Creates a subscription through the 2021-11 API and returns its record. */
export async function createSubscription(
  api: Api,
  addressId: number,
  overrides: Record<string, unknown> = {},
): Promise<Json> {
  const reply = await api
    .with({ version: '2021-11' })
    .post('/subscriptions', subscriptionBody(addressId, overrides));
  if (reply.status !== 201) throw new Error(`subscription create failed: ${reply.status} ${reply.text}`);
  return reply.body.subscription;
}

/**
 * A customer with an address, a card (`tok_declined` to have its charges declined) and a monthly
 * subscription charged on 2025-01-16, the day after a store's clock starts: advance it two days to
 * bill it.
 */
export async function subscribedCustomer(
  api: Api,
  cardToken = 'tok_ok',
): Promise<{ customerId: number; addressId: number }> {
  const c = await createCustomerWithAddress(api);
  await addCard(api, c.customerId, cardToken);
  await createSubscription(api, c.addressId, { next_charge_scheduled_at: '2025-01-16' });
  return c;
}

/** The queued charges of an address, oldest date first (2021-11 shape). */
export async function queuedCharges(api: Api, addressId: number): Promise<Json[]> {
  const reply = await api
    .with({ version: '2021-11' })
    .get('/charges', { query: { address_id: addressId, status: 'queued', sort_by: 'scheduled_at-asc' } });
  return reply.body.charges;
}

/** Gives the customer a default card whose token decides charge outcomes (README: test tokens). */
/** `store` with a customer, an address and a default card of `token` (`tok_ok` pays, docs/time-travel.md). */
export async function withCardedCustomer<S extends { readonly api: Api }>(store: S, token = 'tok_ok') {
  const { customerId, addressId } = await createCustomerWithAddress(store.api);
  const card = await addCard(store.api, customerId, token);
  return { ...store, customerId, addressId, card };
}

export async function addCard(api: Api, customerId: number, token = 'tok_ok'): Promise<Json> {
  const reply = await api.with({ version: '2021-11' }).post('/payment_methods', {
    customer_id: customerId,
    default: true,
    processor_name: 'stripe',
    processor_customer_token: `cus_${customerId}`,
    processor_payment_method_token: token,
    payment_details: { brand: 'visa', exp_month: 12, exp_year: 2030, last4: '4242' },
  });
  if (reply.status !== 201) throw new Error(`card create failed: ${reply.status} ${reply.text}`);
  return reply.body.payment_method;
}

/** The topics of the store's events (oldest first), optionally only those of some object types. */
export async function topicsOf(api: Api, objectTypes?: readonly string[]): Promise<string[]> {
  const topics: string[] = [];
  let cursor: string | null = null;
  do {
    const reply: Reply<Json> = await api
      .with({ version: '2021-11' })
      .get('/events', { query: cursor ? { cursor, limit: 250 } : { limit: 250, sort_by: 'id-asc' } });
    for (const event of reply.body.events) {
      if (!objectTypes || objectTypes.includes(event.object_type))
        topics.push(`${event.object_type}/${event.verb}`);
    }
    cursor = reply.body.next_cursor;
  } while (cursor);
  return topics;
}
