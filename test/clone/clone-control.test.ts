/**
 * `POST /_emulator/stores` with `clone` refuses what it cannot use with the control API's 422 and
 * the field, before it sends any request, and creates no store; what it does not say (the upstream's
 * header prefix and platform word) is the emulator's own, as for every store made later.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';
import { PREFIX, readAll, startRealService } from '../helpers/upstream.js';

let emulator: Emulator;

beforeAll(async () => {
  emulator = await createEmulator({ port: 0, logger: 'silent' });
});

afterAll(async () => {
  await emulator?.close();
});

async function createStore(body: unknown): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${emulator.url}/_emulator/stores`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

describe('POST /_emulator/stores with clone', () => {
  it.each([
    ['a URL that is not http(s)', { from: 'ftp://example.com', token: 't' }, 'from'],
    ['no token', { from: 'http://127.0.0.1:1' }, 'token'],
    ['a list it does not read', { from: 'http://127.0.0.1:1', token: 't', only: ['invoices'] }, 'only'],
    ['an unknown option', { from: 'http://127.0.0.1:1', token: 't', since: '2025-01-01' }, 'clone'],
  ])('refuses %s with 422 naming the field', async (_, clone, field) => {
    const before = (await emulator.control.listStores()).length;
    const answer = await createStore({ clone });
    expect(answer.status).toBe(422);
    expect(JSON.stringify(answer.body)).toContain(field);
    expect(await emulator.control.listStores()).toHaveLength(before);
  });

  it('refuses a clone and a scenario together', async () => {
    const answer = await createStore({
      scenario: 'small-shop',
      clone: { from: 'http://127.0.0.1:1', token: 't' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ errors: { clone: ['Give a scenario or a clone, not both.'] } });
  });

  it("reads the upstream with the emulator's header prefix and platform word when the clone names none", async () => {
    const real = await startRealService();
    const named = await createEmulator({
      port: 0,
      logger: 'silent',
      headerPrefix: PREFIX,
      platformWord: 'shopify',
    });
    try {
      const created = await named.control.createStore({ clone: { from: real.url, token: real.token } });
      expect(created.clone?.counts.customers).toBe(25);
      const copy = { url: named.url, token: created.token, prefix: PREFIX };
      const [subscription] = await readAll(copy, '/subscriptions', 'subscriptions', '2021-01');
      expect(subscription).toMatchObject({ shopify_product_id: expect.any(Number) });
    } finally {
      await named.close();
      await real.close();
    }
  });
});
