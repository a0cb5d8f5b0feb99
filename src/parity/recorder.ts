/**
 * The recording proxy (`billing-emulator record`): listens on loopback, forwards every request
 * unchanged to the upstream (the real service, over TLS when its URL says https) with the
 * http-proxy-3 library, and appends each exchange to a HAR file with secrets, and with `redactPii`
 * personal data, replaced (src/platform/redact.ts). What reaches the upstream and what the client
 * gets back are never changed: only the file is redacted.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import type { Entry, Header } from 'har-format';
import { createProxyServer } from 'http-proxy-3';
import { monotonicMs, wallClockMs } from '../platform/clock.js';
import { createRedactor, type RedactionSummary, type Redactor } from '../platform/redact.js';
import { VERSION } from '../platform/version.js';
import { createHarWriter } from './har-writer.js';

export interface RecorderOptions {
  /** Base URL of the service, e.g. `https://api.example.com` (its path, if any, prefixes every request). */
  readonly upstream: string;
  /** Port on 127.0.0.1 (default 4011; 0 picks a free one). */
  readonly port?: number;
  /** The HAR file to write (created, or emptied when it exists). */
  readonly out: string;
  /** Middle word of the service's headers, written into the file for `verify` (default `Service`). */
  readonly headerPrefix?: string;
  /** Also replace personal data (emails, phones, names, street lines). */
  readonly redactPii?: boolean;
  /** Told after each exchange is written. */
  readonly onExchange?: (exchange: RecordedExchange) => void;
  /** Told when the upstream could not be reached (the client gets a 502; nothing is written). */
  readonly onUpstreamError?: (method: string, path: string, error: Error) => void;
}

/** What the progress line shows of an exchange. */
export interface RecordedExchange {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly ms: number;
}

export interface Recorder {
  /** The proxy's base URL, e.g. `http://127.0.0.1:4011`: point the client there. */
  readonly url: string;
  /** Exchanges written so far. */
  readonly count: number;
  /** What was replaced in the file so far. */
  summary(): RedactionSummary;
  /** Stops listening once the exchanges in flight are written. */
  close(): Promise<void>;
}

interface Pending {
  readonly startedWall: number;
  readonly started: number;
  readonly body: Buffer;
}

function pairs(raw: readonly string[]): Header[] {
  const headers: Header[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) headers.push({ name: raw[i] ?? '', value: raw[i + 1] ?? '' });
  return headers;
}

function decoded(body: Buffer, encoding: string | undefined): Buffer {
  try {
    switch (encoding?.trim().toLowerCase()) {
      case 'gzip':
      case 'x-gzip':
        return gunzipSync(body);
      case 'deflate':
        return inflateSync(body);
      case 'br':
        return brotliDecompressSync(body);
      default:
        return body;
    }
  } catch {
    return body;
  }
}

/** A body for the file: JSON redacted field by field, other text redacted as text. */
function redactedBody(redact: Redactor, text: string): string {
  try {
    return JSON.stringify(redact.json(JSON.parse(text)));
  } catch {
    return redact.text(text);
  }
}

function isText(mimeType: string, body: Buffer): boolean {
  if (/json|text|xml|form-urlencoded|javascript/i.test(mimeType)) return true;
  return !body.includes(0);
}

function contentOf(redact: Redactor, body: Buffer, mimeType: string): Entry['response']['content'] {
  if (!isText(mimeType, body))
    return { size: body.length, mimeType, text: body.toString('base64'), encoding: 'base64' };
  return { size: body.length, mimeType, text: redactedBody(redact, body.toString('utf8')) };
}

function headerOf(headers: readonly Header[], name: string): string | undefined {
  return headers.find((header) => header.name.toLowerCase() === name)?.value;
}

/**
 * Starts the recording proxy.
 *
 * @example
 * const recorder = await startRecorder({ upstream: 'https://api.example.com', out: 'session.har', port: 0 });
 * // point the client at recorder.url, run the flow, then:
 * await recorder.close();
 */
export async function startRecorder(options: RecorderOptions): Promise<Recorder> {
  const upstream = new URL(options.upstream);
  if (upstream.protocol !== 'http:' && upstream.protocol !== 'https:')
    throw new Error(`The upstream must be an http or https URL: ${options.upstream}`);
  const base = `${upstream.origin}${upstream.pathname.replace(/\/$/, '')}`;
  const redact = createRedactor({ pii: options.redactPii ?? false });
  const redacted = ['secrets', ...(options.redactPii ? ['personal data'] : [])];
  const writer = await createHarWriter(options.out, {
    version: '1.2',
    creator: { name: 'billing-emulator', version: VERSION },
    comment: `Recorded through billing-emulator record; replaced: ${redacted.join(', ')}.`,
    _billingEmulator: { header_prefix: options.headerPrefix ?? 'Service', redacted },
  } as Parameters<typeof createHarWriter>[1]);
  const pending = new WeakMap<IncomingMessage, Pending>();
  const writes = new Set<Promise<void>>();
  const proxy = createProxyServer({ target: base, changeOrigin: true, xfwd: false, secure: true });

  const record = (req: IncomingMessage, proxyRes: IncomingMessage, body: Buffer): void => {
    const started = pending.get(req);
    if (!started) return;
    const ms = Math.round(monotonicMs() - started.started);
    const url = `${base}${req.url ?? '/'}`;
    // The request first: personal values get their stand-ins in the order the client sent them.
    const requestHeaders = pairs(req.rawHeaders).map((h) => ({
      name: h.name,
      value: redact.header(h.name, h.value),
    }));
    const redactedUrl = redact.url(url);
    const requestType = headerOf(requestHeaders, 'content-type') ?? '';
    const postData =
      started.body.length > 0
        ? { mimeType: requestType, text: redactedBody(redact, started.body.toString('utf8')) }
        : undefined;
    const responseHeaders = pairs(proxyRes.rawHeaders).map((h) => ({
      name: h.name,
      value: redact.header(h.name, h.value),
    }));
    const plain = decoded(body, headerOf(responseHeaders, 'content-encoding'));
    const entry: Entry = {
      startedDateTime: new Date(started.startedWall).toISOString(),
      time: ms,
      request: {
        method: req.method ?? 'GET',
        url: redactedUrl,
        httpVersion: `HTTP/${req.httpVersion}`,
        cookies: [],
        headers: requestHeaders,
        queryString: [...new URL(redactedUrl).searchParams].map(([name, value]) => ({ name, value })),
        ...(postData ? { postData } : {}),
        headersSize: -1,
        bodySize: started.body.length,
      },
      response: {
        status: proxyRes.statusCode ?? 0,
        statusText: proxyRes.statusMessage ?? '',
        httpVersion: `HTTP/${proxyRes.httpVersion}`,
        cookies: [],
        headers: responseHeaders,
        content: contentOf(redact, plain, headerOf(responseHeaders, 'content-type') ?? ''),
        redirectURL: headerOf(responseHeaders, 'location') ?? '',
        headersSize: -1,
        bodySize: body.length,
      },
      cache: {},
      timings: { send: 0, wait: ms, receive: 0 },
    };
    const write = writer.append(entry).then(() =>
      options.onExchange?.({
        method: entry.request.method,
        path: new URL(redactedUrl).pathname,
        status: entry.response.status,
        ms,
      }),
    );
    writes.add(write);
    void write.finally(() => writes.delete(write));
  };

  proxy.on('proxyRes', (proxyRes, req) => {
    const chunks: Buffer[] = [];
    proxyRes.on('data', (chunk: Buffer) => chunks.push(chunk));
    proxyRes.on('end', () => record(req, proxyRes, Buffer.concat(chunks)));
  });
  proxy.on('error', (error, req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    options.onUpstreamError?.(req.method ?? 'GET', path, error);
    if ('writeHead' in res && !res.headersSent) {
      res.writeHead(502, { 'Content-Type': 'application/json' });
      res.end(
        JSON.stringify({ error: `The recording proxy could not reach ${upstream.origin}: ${error.message}` }),
      );
    } else res.destroy();
  });

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const startedWall = wallClockMs();
    const started = monotonicMs();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      pending.set(req, { startedWall, started, body });
      // The body is read whole first so the file gets it exactly as sent; it is forwarded from there.
      proxy.web(req, res, { buffer: Readable.from(body.length > 0 ? [body] : []) });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4011, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get count() {
      return writer.count;
    },
    summary: () => redact.summary(),
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await Promise.all([...writes]);
      proxy.close();
      await writer.close();
    },
  };
}
