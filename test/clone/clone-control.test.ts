/**
 * `POST /_emulator/stores` with `clone` refuses what it cannot use with the control API's 422 and
 * the field, before it sends any request, and creates no store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';

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
});
