/**
 * `GET /_emulator/stream`: a server-sent-events stream of what happens in the calling store: its
 * events, its webhook deliveries (each change of one) and its clock's moves. The dashboard's live
 * views read it; tests can too (read until the expected message, with `limit` to bound the read).
 */
import { PassThrough } from 'node:stream';
import * as z from 'zod';
import { onFirstUse } from '../platform/first-use.js';
import { parseWith } from '../errors/validation.js';
import type { Store } from '../store/store.js';
import { limitParam } from './limit-param.js';
import type { ControlEndpoint } from './control.types.js';
import { describeDelivery } from './webhooks.routes.js';

export const STREAM_KINDS = ['event', 'delivery', 'clock'] as const;
export type StreamKind = (typeof STREAM_KINDS)[number];

/** The query of `GET /_emulator/stream`, built on first use (src/platform/first-use.ts). */
const streamQuery = onFirstUse(() =>
  z.object({
    kinds: z
      .string()
      .transform((value) => value.split(',').filter((kind) => kind !== ''))
      .pipe(z.array(z.enum(STREAM_KINDS)).min(1))
      .optional()
      .describe('Comma-separated message kinds to send: event, delivery, clock (default all)'),
    topic: z.string().min(1).optional().describe('Only events (and deliveries) of this topic'),
    limit: limitParam().describe('End the stream after this many messages'),
  }),
);

const HEARTBEAT_MS = 15_000;

/** One SSE message: `event: <kind>` and its JSON on one `data:` line. */
function message(kind: StreamKind, data: unknown): string {
  return `event: ${kind}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Opens the stream of `store`; unsubscribes when the client goes away or `limit` is reached, and
 * ends when `closing` aborts (the emulator closes).
 */
function openStream(
  store: Store,
  query: z.output<ReturnType<typeof streamQuery>>,
  closing?: AbortSignal,
): PassThrough {
  const kinds = new Set<StreamKind>(query.kinds ?? STREAM_KINDS);
  const stream = new PassThrough();
  let sent = 0;
  const unsubscribes: (() => void)[] = [];
  const close = () => {
    for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
  };
  /** Ends the stream from this side (`limit` reached, the emulator closing). */
  const end = () => {
    close();
    stream.end();
  };
  const send = (kind: StreamKind, data: unknown) => {
    if (!kinds.has(kind) || stream.writableEnded) return;
    stream.write(message(kind, data));
    sent += 1;
    if (query.limit !== undefined && sent >= query.limit) end();
  };
  unsubscribes.push(
    store.onEvent((event) => {
      if (query.topic === undefined || event.topic === query.topic) send('event', event);
    }),
    // A delivery is shown once the command that wrote it commits (a failed one never happened).
    store.collections.deliveries.onWrite((_previous, delivery, cause) => {
      if (cause === 'write' && delivery && (query.topic === undefined || delivery.topic === query.topic))
        store.afterCommit(() => send('delivery', describeDelivery(delivery)));
    }),
    store.onClockMove((move) => send('clock', move)),
  );
  // A comment now and then, so proxies and idle timeouts leave a quiet stream open.
  const heartbeat = setInterval(() => stream.write(': keep-alive\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  unsubscribes.push(() => clearInterval(heartbeat));
  stream.on('close', close);
  // A comment first, so the headers go out and the client knows it is connected.
  stream.write(`: store ${store.id} at ${store.clock.iso()}\n\n`);
  if (closing) {
    if (closing.aborted) end();
    else {
      closing.addEventListener('abort', end, { once: true });
      unsubscribes.push(() => closing.removeEventListener('abort', end));
    }
  }
  return stream;
}

export const streamControlEndpoints: readonly ControlEndpoint[] = [
  {
    method: 'GET',
    path: '/stream',
    access: 'store',
    summary:
      'Server-sent events of the calling store: event (each event recorded), delivery (each webhook delivery as it changes), clock (after each move); filters kinds, topic; limit ends it',
    query: streamQuery,
    endless: true,
    handle: ({ deps, store, query }) => ({
      headers: {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        'X-Accel-Buffering': 'no',
      },
      body: openStream(store, parseWith(streamQuery(), query), deps.closing),
    }),
  },
];
