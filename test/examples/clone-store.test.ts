/**
 * docs/clone.md prints this file (from its first import): a suite that clones a store once and
 * tests against the copy. Here the "real" store is a second emulator playing the service with its
 * real names; against the real service, `from` and `token` are its base URL and your store's token.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';

let real: Emulator; // stands in for the real service
let emulator: Emulator;
let token: string;

beforeAll(async () => {
  real = await createEmulator({
    port: 0,
    scenario: 'small-shop',
    headerPrefix: 'Recharge',
    platformWord: 'shopify',
  });
  emulator = await createEmulator({ port: 0, headerPrefix: 'Recharge' });
  const created = await emulator.control.createStore({
    clone: { from: real.url, token: real.token, header_prefix: 'Recharge', platform_word: 'shopify' },
  });
  token = created.token;
  expect(created.clone?.counts.customers).toBe(25); // what was copied, by list
}, 60_000);

afterAll(async () => {
  await emulator.close();
  await real.close();
});

it('finds the real store’s subscriptions, under their real ids, due as they were', async () => {
  const headers = { 'X-Recharge-Access-Token': token };
  const list = await fetch(`${emulator.url}/subscriptions?limit=250`, { headers });
  const { subscriptions } = (await list.json()) as { subscriptions: { id: number }[] };
  expect(subscriptions).toHaveLength(25);

  const control = emulator.control.forStore(token);
  await control.advanceClock({ days: 31 }); // the clone bills as the real store would
  const paid = await fetch(`${emulator.url}/charges?status=success`, { headers });
  const { charges } = (await paid.json()) as { charges: { id: number }[] };
  expect(charges.length).toBeGreaterThan(0);
});
