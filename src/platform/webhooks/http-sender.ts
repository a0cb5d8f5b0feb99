/**
 * Sends one webhook request: a POST of the exact body bytes, with a time limit. Every outcome is an
 * answer (status, or the error a receiver would cause: refused, reset, timeout), never a throw.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { performance } from 'node:perf_hooks';

export interface SendResult {
  readonly status: number | null;
  /** The start of the receiver's answer (at most 2 KB), for the delivery log. */
  readonly body: string | null;
  readonly durationMs: number;
  readonly error: string | null;
}

const MAX_RESPONSE = 2048;

/** POSTs `body` to `url` with `headers`; gives up after `timeoutMs` (real time). */
export function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      finish({ status: null, body: null, error: `invalid URL: ${url}` });
      return;
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const payload = Buffer.from(body, 'utf8');
    const req = send(target, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': String(payload.length) },
    });
    const timer = setTimeout(() => {
      finish({ status: null, body: null, error: `no answer within ${timeoutMs} ms` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) =>
      finish({ status: null, body: null, error: error.code ?? error.message }),
    );
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        if (size < MAX_RESPONSE) chunks.push(chunk);
        size += chunk.length;
      });
      response.on('end', () =>
        finish({
          status: response.statusCode ?? null,
          body: Buffer.concat(chunks).toString('utf8').slice(0, MAX_RESPONSE),
          error: null,
        }),
      );
      response.on('error', (error) =>
        finish({ status: response.statusCode ?? null, body: null, error: error.message }),
      );
    });
    req.end(payload);
  });
}
