/**
 * Issue 13, "Done when": a client written for the real service runs a whole flow unchanged against
 * an emulator started with `--header-prefix Recharge --platform-word shopify`. The client sends only
 * the real service's names (X-Recharge-* headers, shopify_* fields and parameters) and never the
 * spec's neutral ones: customer, address, subscription, discount, a charge paid by a clock advance,
 * its order, a skip, and the signed webhook of the payment, in each version.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook, type ApiVersion } from '../../src/index.js';
import type { Json } from '../helpers/api.js';
import { useEmulator } from '../helpers/emulator.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

/** Calls the API as a real client does: its own headers, its own names. */
function realClient(baseUrl: string, token: string, version: ApiVersion) {
  return async (method: string, path: string, body?: unknown, query: Record<string, string> = {}) => {
    const url = new URL(path, baseUrl);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    const headers: Record<string, string> = {
      'X-Recharge-Access-Token': token,
      'X-Recharge-Version': version,
    };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    expect(text, `${method} ${path} answers no neutral name`).not.toMatch(
      /platform_(product|variant|customer|order)/,
    );
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Json, text };
  };
}

/** The calendar day `days` after an ISO timestamp. */
const dayAfter = (iso: string, days: number) =>
  new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10);

describe.each(['2021-01', '2021-11'] as const)('a real client in %s', (version) => {
  const { emulator } = useEmulator({
    headerPrefix: 'Recharge',
    platformWord: 'shopify',
    apiVersion: version,
  });
  let receiver: Receiver;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(() => receiver.close());

  it('runs customer, address, subscription, discount, paid charge, order, skip and webhook', async () => {
    const { url, token, clientSecret, control } = emulator();
    const call = realClient(url, token, version);
    const legacy = version === '2021-01';
    const createdStatus = legacy ? 200 : 201;

    const hook = await call('POST', '/webhooks', { address: receiver.url, topic: 'charge/paid' });
    expect(hook.status).toBe(createdStatus);

    const customer = await call(
      'POST',
      '/customers',
      legacy
        ? {
            email: 'ada@example.com',
            first_name: 'Ada',
            last_name: 'Lovelace',
            shopify_customer_id: '6001',
            stripe_customer_token: 'cus_ada',
            billing_address1: '350 Fifth Avenue',
            billing_city: 'New York',
            billing_country: 'United States',
            billing_first_name: 'Ada',
            billing_last_name: 'Lovelace',
            billing_province: 'New York',
            billing_zip: '10118',
          }
        : {
            email: 'ada@example.com',
            first_name: 'Ada',
            last_name: 'Lovelace',
            external_customer_id: { ecommerce: '6001' },
          },
    );
    expect(customer.status).toBe(createdStatus);
    const customerId: number = customer.body.customer.id;
    if (legacy) expect(customer.body.customer.shopify_customer_id).toBe('6001');
    const found = await call('GET', '/customers', undefined, { shopify_customer_id: '6001' });
    expect(found.body.customers.map((c: Json) => c.id)).toEqual([customerId]);

    const postal = {
      address1: '350 Fifth Avenue',
      city: 'New York',
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+12125550100',
      province: 'NY',
      zip: '10118',
    };
    const address = legacy
      ? await call('POST', `/customers/${customerId}/addresses`, { ...postal, country: 'United States' })
      : await call('POST', '/addresses', { ...postal, customer_id: customerId, country_code: 'US' });
    expect(address.status).toBe(createdStatus);
    const addressId: number = address.body.address.id;

    if (!legacy) {
      const card = await call('POST', '/payment_methods', {
        customer_id: customerId,
        default: true,
        processor_name: 'stripe',
        processor_customer_token: 'cus_ada',
        processor_payment_method_token: 'tok_ok',
      });
      expect(card.status).toBe(201);
    }

    const { now } = await control.clock();
    const firstDate = dayAfter(now, 5);
    const cadence = {
      address_id: addressId,
      next_charge_scheduled_at: firstDate,
      charge_interval_frequency: 1,
      order_interval_frequency: 1,
      order_interval_unit: 'month',
      quantity: 2,
      product_title: 'House Coffee',
      variant_title: '1 kg',
      price: '20.00',
    };
    const subscription = await call(
      'POST',
      '/subscriptions',
      legacy
        ? { ...cadence, shopify_product_id: 7001, shopify_variant_id: 8001 }
        : {
            ...cadence,
            external_product_id: { ecommerce: '7001' },
            external_variant_id: { ecommerce: '8001' },
          },
    );
    expect(subscription.status).toBe(createdStatus);
    const subscriptionId: number = subscription.body.subscription.id;
    if (legacy)
      expect(subscription.body.subscription).toMatchObject({
        shopify_product_id: 7001,
        shopify_variant_id: 8001,
      });
    const bySubscription = await call('GET', '/subscriptions', undefined, { shopify_variant_id: '8001' });
    expect(bySubscription.body.subscriptions.map((s: Json) => s.id)).toEqual([subscriptionId]);

    // The discount create body the emulator accepts in both versions today, in the real words.
    const discount = await call('POST', '/discounts', {
      code: 'COFFEE10',
      discount_type: 'percentage',
      duration: 'forever',
      value: 10,
      applies_to_id: 7001,
      applies_to_resource: 'shopify_product',
    });
    expect(discount.status).toBe(createdStatus);
    // 2021-11 answers the nested form only (api-facts: recorded real records).
    const { applies_to_resource, applies_to } = discount.body.discount;
    expect(legacy ? applies_to_resource : applies_to.resource).toBe('shopify_product');
    const applied = await call('POST', `/addresses/${addressId}/apply_discount`, {
      discount_code: 'COFFEE10',
    });
    expect(applied.status).toBe(200);

    await control.advanceClock({ days: 6 });
    const paid = await call('GET', '/charges', undefined, { status: 'success' });
    expect(paid.body.charges).toHaveLength(1);
    const charge = paid.body.charges[0];
    expect(charge).toMatchObject({ status: legacy ? 'SUCCESS' : 'success', total_price: '36.00' });
    const [order] = (await call('GET', '/orders', undefined, { customer_id: String(customerId) })).body
      .orders;
    expect(legacy ? order.charge_id : order.charge.id).toBe(charge.id);

    if (legacy) {
      expect(charge.shopify_order_id).toEqual(expect.any(Number));
      expect(charge.line_items[0]).toMatchObject({ shopify_product_id: 7001, shopify_variant_id: 8001 });
      // Recorded 2021-01 orders name the platform's ids as strings (charges: the spec's integer).
      expect(order.shopify_order_id).toBe(String(charge.shopify_order_id));
      expect(order.line_items[0]).toMatchObject({ shopify_variant_id: '8001' });
      const byOrder = await call('GET', '/charges', undefined, {
        shopify_order_id: String(charge.shopify_order_id),
      });
      expect(byOrder.body.charges.map((c: Json) => c.id)).toEqual([charge.id]);
    } else {
      expect(charge.external_order_id.ecommerce).toEqual(expect.any(String));
      expect(order.external_order_id.ecommerce).toBe(charge.external_order_id.ecommerce);
    }

    const queued = await call('GET', '/charges', undefined, {
      status: 'queued',
      address_id: String(addressId),
    });
    const next = queued.body.charges[0];
    const skipped = await call(
      'POST',
      `/charges/${next.id}/skip`,
      legacy ? { subscription_ids: [subscriptionId] } : { purchase_item_ids: [subscriptionId] },
    );
    expect(skipped.status).toBe(200);
    expect(skipped.body.charge.status).toBe(legacy ? 'SKIPPED' : 'skipped');

    await control.flushWebhooks();
    const delivered = await receiver.first();
    expect(delivered.headers['x-recharge-topic']).toBe('charge/paid');
    const signature = delivered.headers['x-recharge-hmac-sha256'];
    expect(verifyWebhook(delivered.raw, String(signature), clientSecret)).toBe(true);
    expect(delivered.json.charge.id).toBe(charge.id);
    expect(delivered.raw.toString('utf8')).not.toMatch(/platform_(product|variant|customer|order)/);
    if (legacy) {
      expect(delivered.json.charge).toHaveProperty('shopify_order_id');
      expect(delivered.json.charge.line_items[0]).toMatchObject({ shopify_variant_id: 8001 });
    }
  });
});
