/**
 * A real webhook receiver in the test process: records each request's raw bytes and headers, and
 * answers as the test tells it (a status per request, or never). Tests wait for arrivals, not time.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Json } from './api.js';

export interface Received {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly raw: Buffer;
  /** The body parsed as JSON. */
  readonly json: Json;
  readonly topic: string;
}

/** How the receiver answers a request: a status code, or `hang` (no answer until closed). */
export type Answer = number | 'hang';

export interface Receiver {
  readonly url: string;
  readonly received: Received[];
  /** Answer of the next requests (in order), then `fallback`. */
  answers: Answer[];
  fallback: Answer;
  /** Resolves once `count` requests in all have arrived. */
  waitFor(count: number): Promise<Received[]>;
  /** The first request, once it has arrived. */
  first(): Promise<Received>;
  /** The first request that matches, once it has arrived. */
  find(match: (received: Received) => boolean): Promise<Received>;
  close(): Promise<void>;
}

export async function startReceiver(fallback: Answer = 200): Promise<Receiver> {
  const received: Received[] = [];
  const waiters: { ready: () => boolean; resolve: () => void }[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      received.push({
        path: request.url ?? '/',
        headers: request.headers,
        raw,
        json: JSON.parse(raw.toString('utf8')),
        topic: String(request.headers['x-service-topic']),
      });
      for (const waiter of waiters.filter((w) => w.ready())) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      const answer = receiver.answers.shift() ?? receiver.fallback;
      if (answer === 'hang') {
        hanging.push(response);
        return;
      }
      response.writeHead(answer, { 'Content-Type': 'text/plain' }).end(`answered ${answer}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const receiver: Receiver = {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answers: [],
    fallback,
    waitFor: (count) =>
      new Promise((resolve) => {
        const ready = () => received.length >= count;
        const done = () => resolve(received.slice(0, count));
        if (ready()) done();
        else waiters.push({ ready, resolve: done });
      }),
    find: (match) =>
      new Promise((resolve) => {
        const ready = () => received.some(match);
        const done = () => resolve(received.find(match) as Received);
        if (ready()) done();
        else waiters.push({ ready, resolve: done });
      }),
    first: async () => {
      const [request] = await receiver.waitFor(1);
      if (!request) throw new Error('no request');
      return request;
    },
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return receiver;
}
