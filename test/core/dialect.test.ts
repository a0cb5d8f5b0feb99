/**
 * The wire dialect (docs/decisions/0017): a store whose `platform_word` is `shopify` reads and writes
 * `shopify_product_id` where the spec writes `platform_product_id`, in bodies, query parameters, enum
 * values, error messages and webhook payloads; `value_names` renames neutral values both ways. Neutral
 * names keep working on input.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/index.js';
import { Api } from '../helpers/api.js';
import type { Json } from '../helpers/api.js';
import { useEmulator } from '../helpers/emulator.js';
import {
  addCard,
  addressBody2021_01,
  createCustomer,
  createCustomerWithAddress,
  customerBody2021_01,
  customerBody2021_11,
} from '../helpers/factories.js';
import { startReceiver } from '../helpers/receiver.js';

const { store } = useEmulator();

const shopify = (version: '2021-01' | '2021-11' = '2021-01', settings: Record<string, unknown> = {}) =>
  store({ version, settings: { platform_word: 'shopify', ...settings } });

/** Every key of a JSON value, however deep. */
function keysOf(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) {
      into.add(key);
      keysOf(item, into);
    }
  return into;
}

const neutralKeys = (value: unknown) => [...keysOf(value)].filter((key) => key.startsWith('platform_'));

/** A 2021-01 subscription on a new customer's address, created with the store's word. */
async function legacySubscription(api: Api, fields: Record<string, unknown> = {}) {
  const customer = await createCustomer(api);
  const address = (await api.post(`/customers/${customer.id}/addresses`, addressBody2021_01())).body.address;
  const reply = await api.post('/subscriptions', {
    address_id: address.id,
    next_charge_scheduled_at: '2025-02-01',
    charge_interval_frequency: 1,
    order_interval_frequency: 1,
    order_interval_unit: 'month',
    quantity: 1,
    product_title: 'House Coffee',
    price: '20.00',
    ...fields,
  });
  return { customer, address, reply };
}

describe('platform word in 2021-01', () => {
  it('writes the word in field names and reads it back in bodies and query parameters', async () => {
    const s = await shopify();
    const created = await s.api.post('/customers', customerBody2021_01({ shopify_customer_id: '5550001' }));
    expect(created.status).toBe(200);
    expect(created.body.customer.shopify_customer_id).toBe('5550001');
    expect(neutralKeys(created.body)).toEqual([]);

    await s.api.post('/customers', customerBody2021_01({ shopify_customer_id: '5550002' }));
    const listed = await s.api.get('/customers', { query: { shopify_customer_id: '5550001' } });
    expect(listed.body.customers.map((c: Json) => c.id)).toEqual([created.body.customer.id]);

    const { reply } = await legacySubscription(s.api, { shopify_product_id: 7001, shopify_variant_id: 8001 });
    expect(reply.status).toBe(200);
    expect(reply.body.subscription).toMatchObject({ shopify_product_id: 7001, shopify_variant_id: 8001 });
    expect(neutralKeys(reply.body)).toEqual([]);
    const filtered = await s.api.get('/subscriptions', { query: { shopify_variant_id: '8001' } });
    expect(filtered.body.subscriptions.map((x: Json) => x.id)).toEqual([reply.body.subscription.id]);
  });

  it('still takes the neutral names when the word is set, and answers in the word', async () => {
    const s = await shopify();
    const created = await s.api.post('/customers', customerBody2021_01({ platform_customer_id: '42' }));
    expect(created.body.customer).toMatchObject({ shopify_customer_id: '42' });
    expect(created.body.customer).not.toHaveProperty('platform_customer_id');
    const listed = await s.api.get('/customers', { query: { platform_customer_id: '42' } });
    expect(listed.body.customers).toHaveLength(1);
    const { reply } = await legacySubscription(s.api, { platform_variant_id: 8002 });
    expect(reply.body.subscription.shopify_variant_id).toBe(8002);
  });

  it('names the word in errors', async () => {
    const s = await shopify();
    const { reply } = await legacySubscription(s.api);
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ shopify_variant_id: ['Missing data for required field.'] });
    const discount = await s.api.post('/discounts', {
      code: 'WORDS',
      discount_type: 'percentage',
      duration: 'forever',
      value: 10,
      applies_to_id: 1,
      applies_to_resource: 'product',
    });
    expect(discount.status).toBe(422);
    expect(discount.text).toContain('shopify_product');
    expect(discount.text).toContain('shopify_collection_id');
    expect(discount.text).not.toContain('platform_');
  });

  it('reads and writes the word in enum values (applies_to_resource)', async () => {
    const s = await shopify();
    const reply = await s.api.post('/discounts', {
      code: 'COFFEE10',
      discount_type: 'percentage',
      duration: 'forever',
      value: 10,
      applies_to_id: 7001,
      applies_to_resource: 'shopify_product',
    });
    expect(reply.status).toBe(200);
    expect(reply.body.discount).toMatchObject({
      applies_to_resource: 'shopify_product',
      applies_to: 'shopify_product:7001',
    });
    const neutral = await s.api.post('/discounts', {
      code: 'COFFEE20',
      discount_type: 'percentage',
      duration: 'forever',
      value: 20,
      applies_to_id: 7002,
      applies_to_resource: 'platform_collection_id',
    });
    expect(neutral.body.discount.applies_to_resource).toBe('shopify_collection_id');
  });

  it('answers the spec names when the word is the default, and leaves other words alone', async () => {
    const s = await store({ version: '2021-01' });
    const created = await s.api.post('/customers', customerBody2021_01({ platform_customer_id: '77' }));
    expect(created.body.customer.platform_customer_id).toBe('77');
    const other = await s.api.post('/customers', customerBody2021_01({ shopify_customer_id: '78' }));
    expect(other.body.customer.platform_customer_id).toBeNull();
    expect(other.body.customer).not.toHaveProperty('shopify_customer_id');
  });

  it('keeps keys named like Object.prototype members plain keys when it renames a request', async () => {
    const s = await shopify();
    for (const key of ['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf']) {
      const listed = await s.api.get('/customers', { query: { [key]: '1', shopify_customer_id: '5' } });
      expect(listed.status, key).toBe(200);
      const raw = `{"${key}": {"shopify_customer_id": "9"}, ${JSON.stringify(customerBody2021_01()).slice(1)}`;
      const created = await s.api.post('/customers', undefined, { raw });
      expect(created.status, key).toBe(200);
      expect(created.body.customer.shopify_customer_id, key).toBeNull();
    }
  });
});

/** A 2021-11 discount whose resource is none of the allowed ones (which the 422 lists). */
const UNKNOWN_RESOURCE = {
  code: 'NOPE',
  discount_type: 'percentage',
  duration: 'forever',
  value: 10,
  applies_to_id: 1,
  applies_to_resource: 'nothing',
};

describe('platform word in 2021-11', () => {
  it('reads the word in query parameters and names it in error bodies', async () => {
    const s = await shopify('2021-11');
    const created = await s.api.post(
      '/customers',
      customerBody2021_11({ external_customer_id: { ecommerce: '9001' } }),
    );
    expect(created.status).toBe(201);
    const listed = await s.api.get('/customers', { query: { shopify_customer_id: '9001' } });
    expect(listed.body.customers.map((c: Json) => c.id)).toEqual([created.body.customer.id]);
    const refused = await s.api.post('/discounts', UNKNOWN_RESOURCE);
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('shopify_product');
    expect(refused.text).not.toContain('platform_');
  });

  it('names the word in the messages of a failed async batch task (regression: only its keys were renamed)', async () => {
    const s = await shopify('2021-11');
    const batch = (await s.api.post('/async_batches', { batch_type: 'discount_create' })).body.async_batch;
    const added = await s.api.post(`/async_batches/${batch.id}/tasks`, {
      tasks: [{ body: UNKNOWN_RESOURCE }],
    });
    expect(added.status).toBe(201);
    expect((await s.api.post(`/async_batches/${batch.id}/process`, {})).status).toBeLessThan(300);
    const tasks = await s.api.get(`/async_batches/${batch.id}/tasks`);
    const [task] = tasks.body.async_batch_tasks;
    expect(task.result.status_code).toBe(422);
    expect(JSON.stringify(task.result.output)).toContain('shopify_product');
    expect(tasks.text).not.toContain('platform_');
  });

  it('signs and sends webhook payloads in the word', async () => {
    const receiver = await startReceiver();
    try {
      const s = await shopify('2021-11');
      const hook = await s.api.post(
        '/webhooks',
        { address: receiver.url, topic: 'customer/created' },
        { version: '2021-01' },
      );
      expect(hook.status).toBe(200);
      const customer = await createCustomer(s.api, { external_customer_id: { ecommerce: '321' } });
      const delivered = await receiver.first();
      expect(delivered.json.customer).toMatchObject({ id: customer.id, shopify_customer_id: '321' });
      expect(neutralKeys(delivered.json)).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});

describe('value names', () => {
  const names = { authorize: 'authorizedotnet', GOOGLE_PAY: 'ANDROID_PAY', platform_a: 'shopify' };

  it('renames processor and wallet values in and out, in both versions', async () => {
    const s = await shopify('2021-11', { value_names: names });
    const { customerId } = await createCustomerWithAddress(s.api);
    const created = await s.api.post('/payment_methods', {
      customer_id: customerId,
      processor_name: 'authorizedotnet',
      payment_type: 'ANDROID_PAY',
      processor_customer_token: 'cus_1',
      processor_payment_method_token: 'tok_ok',
    });
    expect(created.status).toBe(201);
    expect(created.body.payment_method).toMatchObject({
      processor_name: 'authorizedotnet',
      payment_type: 'ANDROID_PAY',
    });
    const own = await s.api.post('/payment_methods', {
      customer_id: customerId,
      processor_name: 'shopify_payments',
      processor_customer_token: 'cus_2',
      processor_payment_method_token: 'tok_ok',
    });
    expect(own.body.payment_method.processor_name).toBe('shopify_payments');
    const listed = await s.api.get(`/customers/${customerId}/payment_sources`, {
      version: '2021-01',
      query: { processor_name: 'authorizedotnet' },
    });
    expect(listed.body.payment_sources.map((m: Json) => m.processor_name)).toEqual(['authorizedotnet']);
    const legacy = await s.api.get(`/customers/${customerId}/payment_sources`, { version: '2021-01' });
    expect(legacy.body.payment_sources.map((m: Json) => m.processor_name).sort()).toEqual([
      'authorizedotnet',
      'shopify_payments',
    ]);
    const store = await s.api.get('/store');
    expect(store.body.store.external_platform).toBe('shopify');
  });

  it('still takes the neutral values and names the store values in errors', async () => {
    const s = await store({ settings: { value_names: names } });
    const { customerId } = await createCustomerWithAddress(s.api);
    const card = await addCard(s.api, customerId);
    expect(card.processor_name).toBe('stripe');
    const neutral = await s.api.post('/payment_methods', {
      customer_id: customerId,
      processor_name: 'authorize',
      processor_customer_token: 'cus_3',
      processor_payment_method_token: 'tok_ok',
    });
    expect(neutral.body.payment_method.processor_name).toBe('authorizedotnet');
    const refused = await s.api.post('/payment_methods', {
      customer_id: customerId,
      processor_name: 'square',
      processor_customer_token: 'cus_4',
      processor_payment_method_token: 'tok_ok',
    });
    expect(refused.status).toBe(422);
    expect(refused.text).toContain('authorizedotnet');
    expect(refused.text).not.toMatch(/\bauthorize\b/);
  });
});

describe('dialect settings', () => {
  it.each([
    [{ platform_word: 'Shopify' }, 'platform_word'],
    [{ platform_word: 'external' }, 'platform_word'],
    [{ value_names: { visa: 'card' } }, 'value_names'],
    [{ value_names: { stripe: 'braintree' } }, 'value_names'],
    [{ value_names: { stripe: 'x', braintree: 'x' } }, 'value_names'],
  ])('refuses %j', async (settings, field) => {
    const s = await store();
    await expect(s.control.updateSettings(settings)).rejects.toThrow(field);
  });

  it('changes a store dialect at once when its settings change', async () => {
    const s = await store({ version: '2021-01' });
    const customer = await createCustomer(s.api, { platform_customer_id: '1' });
    await s.control.updateSettings({ platform_word: 'bigcommerce' });
    const reply = await s.api.get(`/customers/${customer.id}`);
    expect(reply.body.customer.bigcommerce_customer_id).toBe('1');
    expect(reply.body.customer).not.toHaveProperty('platform_customer_id');
    await s.control.updateSettings({ value_names: { platform_a: 'shopify', authorize: 'authorizedotnet' } });
    await s.control.updateSettings({ value_names: { platform_a: 'platform_a' } });
    expect((await s.api.get('/store')).body.store.external_platform).toBe('platform_a');
  });
});

describe('fixtures and scenarios in the real words', () => {
  it('seeds a store with the word from a scenario written in it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dialect-'));
    const file = join(dir, 'shopify-shop.yaml');
    writeFileSync(
      file,
      [
        'description: A shop written with the real names',
        'settings: { platform_word: shopify }',
        'clock: { now: 2025-01-15T12:00:00Z }',
        'fixture:',
        '  discounts:',
        '    - { code: BEANS, discount_type: percentage, value: 10, duration: forever, applies_to_id: 7001, applies_to_resource: shopify_product }',
        '  customers:',
        '    - email: sam@example.com',
        '      first_name: Sam',
        '      last_name: Saver',
        '      payment_methods:',
        '        - { default: true, processor_name: shopify_payments, processor_customer_token: cus_sam, processor_payment_method_token: tok_ok }',
        '',
      ].join('\n'),
    );
    const emulator = await createEmulator({ port: 0, logger: 'silent', scenario: file });
    try {
      const api = new Api(emulator.url, emulator.token, '2021-01');
      const discounts = (await api.get('/discounts')).body.discounts;
      expect(discounts).toMatchObject([{ code: 'BEANS', applies_to: 'shopify_product:7001' }]);
      const [customer] = (await api.get('/customers')).body.customers;
      const sources = await api.get(`/customers/${customer.id}/payment_sources`);
      expect(sources.body.payment_sources).toMatchObject([{ processor_name: 'shopify_payments' }]);
      const snapshot = await emulator.control.snapshot();
      expect(snapshot.store.settings).toMatchObject({ platform_word: 'shopify' });
      const other = await emulator.control.createStore();
      await emulator.control.forStore(other.token).restoreSnapshot(snapshot);
      const restored = await new Api(emulator.url, other.token, '2021-01').get('/discounts');
      expect(restored.body.discounts).toMatchObject([{ applies_to: 'shopify_product:7001' }]);
    } finally {
      await emulator.close();
    }
  });
});
