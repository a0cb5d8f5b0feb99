/**
 * For the parity tests: an emulator playing the real service (real header and platform names),
 * and a client flow written as a real client is, run through the recording proxy.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { createEmulator, type ApiVersion, type Emulator } from '../../src/index.js';
import type { Json } from './api.js';

/** Options of verifyRecording that replay against an emulator started in this process. */
export const inProcess = {
  startEmulator: (headerPrefix: string) => createEmulator({ port: 0, headerPrefix, logger: 'silent' }),
};

export const PERSON = {
  email: 'ada.lovelace@analytical.example',
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '+12125550123',
  address1: '350 Fifth Avenue',
  address2: 'Suite 7100',
};

/** An emulator playing the real service for the file's tests: its header prefix and platform word. */
export function useRealService(): () => Emulator {
  let service: Emulator | undefined;
  beforeAll(async () => {
    service = await createEmulator({
      port: 0,
      logger: 'silent',
      headerPrefix: 'Recharge',
      platformWord: 'shopify',
    });
  });
  afterAll(() => service?.close());
  return () => {
    if (!service) throw new Error('the service is not started');
    return service;
  };
}

/** A fresh folder for recordings and reports. */
export function scratchDir(): string {
  return mkdtempSync(join(tmpdir(), 'parity-'));
}

export type Call = (
  method: string,
  path: string,
  body?: unknown,
  query?: Record<string, string>,
) => Promise<{ status: number; body: Json; headers: Headers }>;

/** A client sending the real service's headers (X-Recharge-*) to `baseUrl`. */
export function realClient(baseUrl: string, token: string, version: ApiVersion): Call {
  return async (method, path, body, query = {}) => {
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
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : undefined) as Json,
      headers: response.headers,
    };
  };
}

const dayAfter = (iso: string, days: number) =>
  new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A customer's life as a client of the real service runs it: two customers, an address, a payment
 * method, a subscription, a page through the customers, a paid charge (after `advance` moves the
 * service's clock), its order, a skip, an update, refusals (an email that is not one, a record that
 * is not there) and a delete. Answers the count of
 * requests sent.
 */
export async function runClientFlow(
  call: Call,
  version: ApiVersion,
  now: string,
  advance: (days: number) => Promise<void>,
): Promise<number> {
  const legacy = version === '2021-01';
  const created = legacy ? 200 : 201;
  let sent = 0;
  const send: Call = async (...args) => {
    sent += 1;
    return call(...args);
  };
  const customerBody = (email: string, first: string) =>
    legacy
      ? {
          email,
          first_name: first,
          last_name: PERSON.last_name,
          phone: PERSON.phone,
          shopify_customer_id: `60${first.length}`,
          stripe_customer_token: `cus_${first.toLowerCase()}`,
          billing_address1: PERSON.address1,
          billing_city: 'New York',
          billing_country: 'United States',
          billing_first_name: first,
          billing_last_name: PERSON.last_name,
          billing_province: 'New York',
          billing_zip: '10118',
        }
      : {
          email,
          first_name: first,
          last_name: PERSON.last_name,
          phone: PERSON.phone,
          external_customer_id: { ecommerce: `60${first.length}` },
        };

  const ada = await send('POST', '/customers', customerBody(PERSON.email, PERSON.first_name));
  expect(ada.status).toBe(created);
  const other = await send('POST', '/customers', customerBody('grace@navy.example', 'Grace'));
  expect(other.status).toBe(created);
  const customerId: number = ada.body.customer.id;
  // A refused write: its status and the service's own error message are compared.
  const refused = await send('POST', '/customers', customerBody('not-an-email', PERSON.first_name));
  expect(refused.status).toBe(422);

  // A page at a time, as clients page: the cursor (2021-11) or the Link header (2021-01).
  const first = await send('GET', '/customers', undefined, { limit: '1' });
  expect(first.body.customers).toHaveLength(1);
  if (legacy) {
    const next = /<([^>]+)>;\s*rel="next"/.exec(first.headers.get('link') ?? '')?.[1] ?? '';
    const pageInfo = new URL(next).searchParams.get('page_info') ?? '';
    expect(pageInfo).not.toBe('');
    expect((await send('GET', '/customers', undefined, { limit: '1', page_info: pageInfo })).status).toBe(
      200,
    );
  } else {
    const cursor: string = first.body.next_cursor;
    expect((await send('GET', '/customers', undefined, { limit: '1', cursor })).body.customers).toHaveLength(
      1,
    );
  }
  expect((await send('GET', `/customers/${customerId}`)).status).toBe(200);
  expect((await send('GET', '/customers', undefined, { email: PERSON.email })).body.customers).toHaveLength(
    1,
  );

  const postal = {
    address1: PERSON.address1,
    address2: PERSON.address2,
    city: 'New York',
    first_name: PERSON.first_name,
    last_name: PERSON.last_name,
    phone: PERSON.phone,
    province: 'NY',
    zip: '10118',
  };
  const address = legacy
    ? await send('POST', `/customers/${customerId}/addresses`, { ...postal, country: 'United States' })
    : await send('POST', '/addresses', { ...postal, customer_id: customerId, country_code: 'US' });
  expect(address.status).toBe(created);
  const addressId: number = address.body.address.id;
  if (!legacy) {
    const card = await send('POST', '/payment_methods', {
      customer_id: customerId,
      default: true,
      processor_name: 'stripe',
      processor_customer_token: 'cus_ada',
      processor_payment_method_token: 'tok_ok',
    });
    expect(card.status).toBe(201);
  }
  const cadence = {
    address_id: addressId,
    next_charge_scheduled_at: dayAfter(now, 5),
    charge_interval_frequency: 1,
    order_interval_frequency: 1,
    order_interval_unit: 'month',
    quantity: 2,
    product_title: 'House Coffee',
    variant_title: '1 kg',
    price: '20.00',
  };
  const subscription = await send(
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
  expect(subscription.status).toBe(created);
  const subscriptionId: number = subscription.body.subscription.id;
  expect((await send('PUT', `/subscriptions/${subscriptionId}`, { quantity: 3 })).status).toBe(200);
  // A refusal is part of the flow too: its status and error body are compared.
  expect((await send('GET', '/subscriptions/1')).status).toBe(404);

  await advance(6);
  const paid = await send('GET', '/charges', undefined, { status: 'success' });
  expect(paid.body.charges).toHaveLength(1);
  const chargeId: number = paid.body.charges[0].id;
  expect((await send('GET', `/charges/${chargeId}`)).status).toBe(200);
  expect(
    (await send('GET', '/orders', undefined, { customer_id: String(customerId) })).body.orders,
  ).toHaveLength(1);
  const queued = await send('GET', '/charges', undefined, {
    status: 'queued',
    address_id: String(addressId),
  });
  const nextId: number = queued.body.charges[0].id;
  const skipped = await send(
    'POST',
    `/charges/${nextId}/skip`,
    legacy ? { subscription_ids: [subscriptionId] } : { purchase_item_ids: [subscriptionId] },
  );
  expect(skipped.status).toBe(200);
  expect((await send('DELETE', `/customers/${other.body.customer.id}`)).status).toBe(legacy ? 200 : 204);
  expect((await send('GET', '/store')).status).toBe(200);
  return sent;
}
