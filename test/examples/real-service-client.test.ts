/**
 * docs/real-service-clients.md's example, run as it is printed there (test/core/guide-examples.test.ts
 * holds the two copies together; only the import differs).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator({ port: 0, headerPrefix: 'Recharge', platformWord: 'shopify' });
});
afterAll(() => emulator.close());

it('answers a store made for one test in the real names, headers and card included', async () => {
  // The store speaks shopify, as the emulator was started; its clock starts in 2026.
  const { token } = await emulator.control.createStore({ clock: { now: '2026-03-01T09:00:00Z' } });
  const headers = { 'X-Recharge-Access-Token': token, 'Content-Type': 'application/json' };
  const post = (path: string, body: unknown) =>
    fetch(`${emulator.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });

  const created = await post('/customers', {
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
  });
  expect(created.headers.get('X-Recharge-Version')).toBe('2021-11');
  expect(created.headers.get('X-Recharge-Limit')).toBe('1/40');
  const { customer } = (await created.json()) as { customer: { id: number } };

  const saved = await post('/payment_methods', {
    customer_id: customer.id,
    processor_name: 'stripe',
    processor_customer_token: 'cus_ada',
    processor_payment_method_token: 'tok_declined',
  });
  const { payment_method } = (await saved.json()) as { payment_method: { payment_details: unknown } };
  expect(payment_method.payment_details).toEqual({
    brand: 'visa',
    exp_month: 12,
    exp_year: 2030,
    last4: '0002',
  });
});
