/**
 * docs/dashboard.md's example of a test that reads webhooks from the emulator's own inbox, run as it
 * is printed there (test/webhooks/inbox.test.ts holds the two copies together; only the import differs).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator({ port: 0 });
});
afterAll(() => emulator.close());

it('sees customer/created arrive in the inbox, signed by the store', async () => {
  const { token, store } = await emulator.control.createStore();
  const control = emulator.control.forStore(token);
  const inbox = control.inbox(`customers-${store.id}`); // a name of its own per test
  const headers = { 'X-Service-Access-Token': token, 'Content-Type': 'application/json' };
  const post = (path: string, body: unknown) =>
    fetch(`${emulator.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });

  await post('/webhooks', { address: await inbox.url(), topic: 'customer/created' });
  await post('/customers', { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' });
  await control.flushWebhooks(); // every delivery has its answer

  const [request] = await inbox.requests({ topic: 'customer/created' });
  expect(request?.signature).toMatchObject({ valid: true, store_id: store.id });
  expect(JSON.parse(request?.body ?? '{}').customer.email).toBe('ada@example.com');
});
