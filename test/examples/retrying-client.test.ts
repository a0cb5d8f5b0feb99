/**
 * The README's example of a client test that survives 429s and a 503 storm, run as it is printed
 * there (test/core/readme-example.test.ts holds the two copies together; only the import differs).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';

// The client under test: retries 429 and 5xx with backoff, resending the same X-Request-Id.
async function send(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(url, init);
    if ((res.status !== 429 && res.status < 500) || attempt === 8) return res;
    await new Promise((resolve) => setTimeout(resolve, 5 * 2 ** attempt)); // real clients wait longer
  }
}

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator({ port: 0 });
});
afterAll(() => emulator.close());

it('creates a customer through two 429s and a storm of three 503s', async () => {
  const { token } = await emulator.control.createStore();
  const control = emulator.control.forStore(token);
  const match = { method: 'POST', path: '/customers' } as const;
  await control.addFault({ match, action: { type: 'status', status: 429 }, when: { mode: 'next', n: 2 } });
  await control.addFault({ match, action: { type: 'status', status: 503 }, when: { mode: 'next', n: 3 } });

  const headers = { 'X-Service-Access-Token': token, 'X-Request-Id': 'ada-1' };
  const body = JSON.stringify({ email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' });
  const init = { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body };
  const res = await send(`${emulator.url}/customers`, init);

  expect(res.status).toBe(201);
  expect(await control.countRequests({ request_id: 'ada-1' })).toBe(6); // 2 × 429, 3 × 503, then 201
  expect(await control.countRequests({ status: '5xx' })).toBe(3);
});
