/**
 * Answers given without waiting (a read by id, a 404, a 401) keep the connection open (regression:
 * once answered synchronously, a bodiless GET looked unfinished, because Node marks a request
 * complete only after its `request` event returns, and every answer said `Connection: close`).
 * Each case sends two requests on one socket and reads both answers.
 */
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import { createCustomer } from '../helpers/factories.js';

const { emulator, store } = useEmulator();

/** Sends `first`, then `second` once the first answer's head is in, on one connection; resolves with all it got. */
async function twoOnOneConnection(first: string, second: string): Promise<string> {
  const { hostname, port } = new URL(emulator().url);
  const socket = connect(Number(port), hostname);
  let received = '';
  let waiting: { count: number; resolve: () => void } | undefined;
  const heads = () => (received.match(/\r\n\r\n/g) ?? []).length;
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString();
    if (waiting && heads() >= waiting.count) waiting.resolve();
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const answered = (count: number) =>
    new Promise<void>((resolve, reject) => {
      waiting = { count, resolve };
      if (heads() >= count) resolve();
      void closed.then(() => reject(new Error(`closed after: ${received}`)));
    });
  socket.write(first);
  await answered(1);
  socket.write(second);
  await answered(2);
  socket.destroy();
  return received;
}

const get = (path: string, headers: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n`;

describe('keep-alive', () => {
  it('keeps the connection open after answers given at once: a read, a 404, a 401', async () => {
    const { api, token } = await store();
    const customer = await createCustomer(api);
    const auth = `X-Service-Access-Token: ${token}\r\n`;
    const read = get(`/customers/${String(customer.id)}`, auth);
    for (const [first, status] of [
      [read, 200],
      [get('/customers/999999999', auth), 404],
      [get('/no-such-path', auth), 404],
      [get('/customers', ''), 401],
    ] as const) {
      const text = await twoOnOneConnection(first, read);
      expect(text, text).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
      expect(text).not.toMatch(/\r\nConnection: close\r\n/i);
      expect(text).toMatch(/\r\nConnection: keep-alive\r\n[\s\S]*HTTP\/1\.1 200 /);
    }
  });
});
