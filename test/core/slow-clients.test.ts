/**
 * Slow clients held sockets forever (issue 14): the HTTP server closes a connection whose headers
 * or body never finish, after the configured time-outs, and serves other clients meanwhile.
 * Time-outs are set short here; the test waits on the sockets' `close` events, never on a timer.
 */
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createEmulator, HTTP_TIMEOUTS } from '../../src/index.js';
import { httpServerOptions } from '../../src/emulator.options.js';
import { Api } from '../helpers/api.js';
import { useEmulator } from '../helpers/emulator.js';
import { createCustomer } from '../helpers/factories.js';

const TIMEOUTS = { headersMs: 300, requestMs: 600, keepAliveMs: 300 };
const { emulator, store } = useEmulator({ httpTimeouts: TIMEOUTS });

interface Slow {
  readonly socket: Socket;
  /** What the server sent before it closed the connection, once it has. */
  readonly closed: Promise<string>;
}

/** Opens a connection that sends `text` and then nothing more. */
async function slowClient(url: string, text: string | Buffer): Promise<Slow> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('utf8')));
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  socket.on('error', () => undefined);
  socket.write(text);
  return { socket, closed };
}

describe('slow clients held sockets forever', () => {
  it('closes a connection whose headers never finish, with 408', async () => {
    const slow = await slowClient(emulator().url, 'POST /customers HTTP/1.1\r\nHost: localhost\r\n');
    expect(await slow.closed).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes a connection whose body never finishes, with 408', async () => {
    const { token } = await store();
    const slow = await slowClient(
      emulator().url,
      'POST /customers HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `X-Service-Access-Token: ${token}\r\nContent-Length: 1000\r\n\r\n{"email":`,
    );
    expect(await slow.closed).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes an idle keep-alive connection after its time-out', async () => {
    const slow = await slowClient(
      emulator().url,
      'GET /_emulator/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n',
    );
    expect(await slow.closed).toMatch(/^HTTP\/1\.1 200/);
  });

  it('closes a connection whose body was refused part-way, right after the answer (regression: the next request on it was reset)', async () => {
    const { token } = await store();
    const head = (method: string, path: string) =>
      `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
      `X-Service-Access-Token: ${token}\r\nContent-Length: 100000\r\n\r\n`;
    // A snapshot upload that is not UTF-8, and an API body larger than 1 MB: the rest never comes.
    const notUtf8 = await slowClient(
      emulator().url,
      Buffer.concat([Buffer.from(`${head('PUT', '/_emulator/snapshot')}{"kind":"`), Buffer.from([0xff])]),
    );
    const tooLarge = await slowClient(
      emulator().url,
      head('POST', '/customers').replace('Content-Length: 100000', 'Content-Length: 2000000') + '{"email":',
    );
    for (const [answer, status] of [
      [await notUtf8.closed, 415],
      [await tooLarge.closed, 413],
    ] as const) {
      expect(answer).toMatch(new RegExp(`^HTTP/1\\.1 ${status}`));
      expect(answer).toMatch(/\r\nConnection: close\r\n/i);
      // One answer: not a 408 when the request time-out closed it later.
      expect(answer.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    }
  });

  it('serves other clients while 150 slow-body connections are open, then closes them all', async () => {
    // Its own emulator, with a request time-out the other clients' requests finish well within.
    const server = await createEmulator({ port: 0, logger: 'silent', httpTimeouts: { requestMs: 2_000 } });
    try {
      const api = new Api(server.url, server.token, '2021-11');
      const request =
        'POST /customers HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `X-Service-Access-Token: ${server.token}\r\nContent-Length: 1000\r\n\r\n{`;
      const slow = await Promise.all(Array.from({ length: 150 }, () => slowClient(server.url, request)));
      let open = slow.length;
      for (const client of slow) void client.closed.then(() => (open -= 1));
      for (let i = 0; i < 5; i++) {
        const customer = await createCustomer(api);
        expect((await api.get(`/customers/${customer.id}`)).status).toBe(200);
      }
      expect(open).toBe(150);
      const answers = await Promise.all(slow.map((client) => client.closed));
      expect(answers.every((text) => text.startsWith('HTTP/1.1 408'))).toBe(true);
      expect((await api.get('/customers')).body.customers).toHaveLength(5);
    } finally {
      await server.close();
    }
  });

  it('has documented defaults and refuses invalid values', () => {
    expect(httpServerOptions()).toMatchObject({
      headersTimeout: HTTP_TIMEOUTS.headersMs,
      requestTimeout: HTTP_TIMEOUTS.requestMs,
      keepAliveTimeout: HTTP_TIMEOUTS.keepAliveMs,
    });
    expect(() => httpServerOptions({ requestMs: 0 })).toThrow('requestMs');
    expect(() => httpServerOptions({ keepAliveMs: 1.5 })).toThrow('keepAliveMs');
  });
});
