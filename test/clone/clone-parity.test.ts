/**
 * A clone answers like the store it copies. A second emulator plays the real service (real names:
 * `shopify` for the platform, `Recharge` headers), seeded with `small-shop` and a month of billing
 * behind it (paid, failing and prepaid charges, orders, queued prepaid orders; over 90 days, so the
 * service no longer shows its first charges but still shows their orders) and values in the
 * fields only one version shows (a customer's billing address, a discount's usage); its store is cloned
 * into a new store of another emulator through the control API. Every list and single read of the
 * cloned collections answers the same bodies, in both versions; a month later both stores have made
 * the same charges and orders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';
import type { CreatedStore } from '../../src/client/client.js';
import type { Json } from '../helpers/api.js';
import { PREFIX, read, readAll, startRealService, write, type Reader } from '../helpers/upstream.js';

let upstream: Emulator;
let target: Emulator;
let created: CreatedStore;
let real: Reader;
let clone: Reader;
/** A clone of the same store that read its lists in 2021-01 (`api_version`), at the same time. */
let legacyClone: Reader;

beforeAll(async () => {
  upstream = await startRealService();
  target = await createEmulator({ port: 0, logger: 'silent', headerPrefix: PREFIX });
  await upstream.control.advanceClock({ days: 100 });
  real = { url: upstream.url, token: upstream.token, prefix: PREFIX };
  await showVersionOnlyFields(real);
  await addTheRest(real);
  const { now } = await upstream.control.clock();
  created = await target.control.createStore({
    clock: { now },
    clone: { from: upstream.url, token: upstream.token, header_prefix: PREFIX, platform_word: 'shopify' },
  });
  clone = { url: target.url, token: created.token, prefix: PREFIX };
  const legacy = await target.control.createStore({
    clock: { now },
    clone: {
      from: upstream.url,
      token: upstream.token,
      header_prefix: PREFIX,
      platform_word: 'shopify',
      api_version: '2021-01',
    },
  });
  legacyClone = { url: target.url, token: legacy.token, prefix: PREFIX };
}, 60_000);

/** Values in fields only one version answers: a clone read in one version must keep them too. */
async function showVersionOnlyFields(store: Reader): Promise<void> {
  const [first, second] = await readAll(store, '/customers', 'customers', '2021-11');
  await write(store, 'PUT', `/customers/${first.id}`, '2021-01', {
    accepts_marketing: true,
    processor_type: 'stripe',
    billing_first_name: 'Ada',
    billing_last_name: 'Lovelace',
    billing_address1: '1 Analytical Row',
    billing_city: 'Boston',
    billing_province: 'Massachusetts',
    billing_zip: '02101',
    billing_country: 'United States',
    billing_phone: '+16175550100',
  });
  await write(store, 'PUT', `/customers/${second.id}`, '2021-11', {
    apply_credit_to_next_recurring_charge: true,
    apply_credit_to_next_checkout_charge: true,
  });
  await write(store, 'POST', '/discounts', '2021-01', {
    code: 'THREE-TIMES',
    discount_type: 'percentage',
    value: '10',
    duration: 'usage_limit',
    duration_usage_limit: 3,
    usage_limit: 500,
    once_per_customer: true,
    first_time_customer_restriction: 'customer_must_not_exist_in_service',
    external_discount_id: '991',
  });
}

/** Records of the lists small-shop has none of: collections, credits, retention strategies, metafields. */
async function addTheRest(store: Reader): Promise<void> {
  await upstream.control.updateSettings({ retention_enabled: true });
  const [product] = await readAll(store, '/products', 'products', '2021-11');
  const { collection } = await write(store, 'POST', '/collections', '2021-11', { title: 'Teas' });
  await write(store, 'POST', `/collections/${collection.id}/collection_products-bulk`, '2021-11', {
    collection_products: [{ external_product_id: product.external_product_id }],
  });
  await write(store, 'POST', '/retention_strategies', '2021-11', {
    incentive_type: 'skip_charge',
    reason: 'Too much tea',
    prevention_text: 'Skip a month instead?',
  });
  const [customer] = await readAll(store, '/customers', 'customers', '2021-11');
  const account = await upstream.control.createCreditAccount({
    customer_id: customer.id,
    initial_balance: '25.00',
    name: 'Apology',
  });
  await upstream.control.adjustCreditAccount(account.id, { amount: '5.00', type: 'debit', note: 'used' });
  const [subscription] = await readAll(store, '/subscriptions', 'subscriptions', '2021-11');
  const [charge] = await readAll(store, '/charges', 'charges', '2021-11');
  const [order] = await readAll(store, '/orders', 'orders', '2021-11');
  const owners = {
    store: (await read(store, '/store', '2021-11')).store.id,
    address: subscription.address_id,
    subscription: subscription.id,
    charge: charge.id,
    order: order.id,
  };
  for (const [owner, id] of Object.entries(owners))
    await write(store, 'POST', '/metafields', '2021-11', {
      owner_resource: owner,
      owner_id: id,
      namespace: 'clone-test',
      key: `${owner}-note`,
      value: `a note on ${owner} ${id}`,
      value_type: 'string',
    });
}

afterAll(async () => {
  await upstream?.close();
  await target?.close();
});

/** The lists a clone copies whole, the versions they answer in, and how a single record of each is read. */
interface ListRead {
  readonly path: string;
  readonly key: string;
  readonly one: (r: Json) => string;
  readonly versions: readonly string[];
}

const BOTH = ['2021-11', '2021-01'];
const list = (path: string, versions = BOTH, one = (r: Json) => r.id): ListRead => ({
  path,
  key: path.slice(1).split('?')[0] ?? '',
  one,
  versions,
});

const LISTS: readonly ListRead[] = [
  list('/customers'),
  list('/addresses'),
  list('/payment_methods', ['2021-11']),
  list('/subscriptions'),
  list('/onetimes'),
  list('/charges'),
  list('/orders'),
  list('/products', ['2021-11'], (r) => r.external_product_id),
  list('/plans', ['2021-11']),
  list('/discounts'),
  list('/collections', ['2021-11']),
  list('/retention_strategies', ['2021-11']),
  list('/credit_accounts', ['2021-11']),
  list('/credit_adjustments', ['2021-11']),
  ...['store', 'customer', 'address', 'subscription', 'charge', 'order'].map((owner) =>
    list(`/metafields?owner_resource=${owner}`),
  ),
];

describe('a clone of a store of the real service', () => {
  it('says what it read and what it left out', () => {
    const summary = created.clone;
    expect(summary?.counts).toMatchObject({ customers: 25, subscriptions: 25, products: 4, plans: 8 });
    expect(summary?.skipped.map((s) => s.collection)).toEqual(
      expect.arrayContaining(['payment_methods', 'webhooks', 'events']),
    );
    expect(summary?.requests).toBeGreaterThan(10);
  });

  it.each(
    LISTS.flatMap((list) =>
      list.versions.flatMap((version) =>
        (['2021-11', '2021-01'] as const).map((readIn) => [readIn, list.path, version, list] as const),
      ),
    ),
  )(
    'read in %s, answers %s in %s with the same bodies, list and single reads',
    async (readIn, path, version, list) => {
      const copy = readIn === '2021-11' ? clone : legacyClone;
      // The store's own metafields name the store they are in: the copy's, as its GET /store says.
      const ownId = (await read(copy, '/store', version)).store.id as number | string;
      const inCopy = (record: Json): Json =>
        record.owner_resource === 'store' ? { ...record, owner_id: String(ownId) } : record;
      const theirs = await readAll(real, path, list.key, version);
      const ours = await readAll(copy, path, list.key, version);
      expect(theirs.length).toBeGreaterThan(0);
      expect(ours).toEqual(theirs.map(inCopy));
      const base = path.split('?')[0];
      for (const record of theirs.slice(0, 30)) {
        const one = await read(real, `${base}/${list.one(record)}`, version);
        const single = Object.entries(one).map(([key, value]) => [key, inCopy(value as Json)]);
        expect(await read(copy, `${base}/${list.one(record)}`, version)).toEqual(Object.fromEntries(single));
      }
    },
  );

  it('answers what an order shows of a charge the service no longer shows', async () => {
    for (const version of BOTH) {
      const chargeOf = (order: Json) => (version === '2021-11' ? order.charge.id : order.charge_id);
      const shown = new Set((await readAll(real, '/charges', 'charges', version)).map((c: Json) => c.id));
      const theirs = (await readAll(real, '/orders', 'orders', version)).filter(
        (order: Json) => !shown.has(chargeOf(order)),
      );
      expect(theirs.length).toBeGreaterThan(0);
      const status = (order: Json) => (version === '2021-11' ? order.charge.status : order.charge_status);
      expect(theirs.every((order: Json) => typeof status(order) === 'string')).toBe(true);
      for (const copy of [clone, legacyClone]) {
        const ours = await readAll(copy, '/orders', 'orders', version);
        const hidden = new Set(theirs.map((order: Json) => order.id));
        expect(ours.filter((order: Json) => hidden.has(order.id))).toEqual(theirs);
      }
    }
  });

  it('makes the same charges and orders as the real store a month later', async () => {
    await upstream.control.advanceClock({ days: 31 });
    await target.control.forStore(created.token).advanceClock({ days: 31 });
    // Transaction ids are drawn at random by the processor: the one volatile field.
    const stable = (charge: Json) => ({ ...charge, external_transaction_id: null });
    const charges = async (store: Reader) =>
      (await readAll(store, '/charges', 'charges', '2021-11')).map(stable);
    const orders = async (store: Reader) =>
      (await readAll(store, '/orders', 'orders', '2021-11')).map((order: Json) => ({
        ...order,
        charge: { ...order.charge, external_transaction_id: null },
      }));
    const theirCharges = await charges(real);
    expect(theirCharges.filter((c: Json) => c.status === 'success').length).toBeGreaterThan(30);
    expect(await charges(clone)).toEqual(theirCharges);
    expect(await orders(clone)).toEqual(await orders(real));
  });

  it('numbers the records made in it as the real store numbers its next ones', async () => {
    const [existing] = await readAll(real, '/subscriptions', 'subscriptions', '2021-11');
    const { now } = await upstream.control.clock();
    const nextMonth = new Date(Date.parse(now) + 30 * 86_400_000).toISOString().slice(0, 10);
    const made = async (store: Reader) => {
      const customer = await write(store, 'POST', '/customers', '2021-11', {
        email: 'new@shop.example',
        first_name: 'New',
        last_name: 'Customer',
      });
      const subscription = await write(store, 'POST', '/subscriptions', '2021-11', {
        address_id: existing.address_id,
        next_charge_scheduled_at: nextMonth,
        charge_interval_frequency: 1,
        order_interval_frequency: 1,
        order_interval_unit: 'month',
        quantity: 1,
        price: '10.00',
        product_title: 'Tea',
        external_variant_id: existing.external_variant_id,
      });
      const discount = await write(store, 'POST', '/discounts', '2021-01', {
        code: 'NEW',
        discount_type: 'percentage',
        value: '5',
        duration: 'forever',
      });
      return [customer.customer.id, subscription.subscription.id, discount.discount.id];
    };
    expect(await made(clone)).toEqual(await made(real));
  });
});

describe('a clone of chosen customers', () => {
  it('holds those customers and what is theirs, and the whole catalog', async () => {
    const customers = await readAll(real, '/customers', 'customers', '2021-11');
    const chosen = customers.slice(0, 2).map((c: Json) => Number(c.id));
    const narrow = await target.control.createStore({
      clone: {
        from: upstream.url,
        token: upstream.token,
        header_prefix: PREFIX,
        platform_word: 'shopify',
        customers: chosen,
      },
    });
    const copy: Reader = { url: target.url, token: narrow.token, prefix: PREFIX };
    const ids = async (store: Reader, path: string, key: string, field = 'customer_id') =>
      (await readAll(store, path, key, '2021-11')).map((r: Json) => Number(r[field])).sort();
    expect(await ids(copy, '/customers', 'customers', 'id')).toEqual([...chosen].sort());
    for (const [path, key] of [
      ['/addresses', 'addresses'],
      ['/subscriptions', 'subscriptions'],
      ['/payment_methods', 'payment_methods'],
    ] as const) {
      const theirs = (await ids(real, path, key)).filter((id: number) => chosen.includes(id));
      expect(theirs.length).toBeGreaterThan(0);
      expect(await ids(copy, path, key)).toEqual(theirs);
    }
    const metafields = await readAll(copy, '/metafields?owner_resource=customer', 'metafields', '2021-11');
    expect(metafields.every((m: Json) => chosen.includes(Number(m.owner_id)))).toBe(true);
    expect(await readAll(copy, '/products', 'products', '2021-11')).toHaveLength(4);
    expect(narrow.clone?.counts.customers).toBe(2);
  });
});
