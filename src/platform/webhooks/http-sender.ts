/**
 * Sends one webhook request: a POST of the exact body bytes, with a time limit. Every outcome is an
 * answer (status, or the error a receiver would cause: refused, reset, timeout), never a throw.
 * A link-local or cloud metadata address is refused before anything is sent unless allowed
 * (src/platform/outbound.ts), and the answer is kept as a short text excerpt only.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { escapeControl } from '../control-chars.js';
import {
  ALLOW_METADATA_HINT,
  checkedLookup,
  MetadataAddressRefused,
  refusedHostReason,
} from '../outbound.js';

export interface SendResult {
  readonly status: number | null;
  /** An excerpt of the receiver's answer for the delivery log (`answerExcerpt`). */
  readonly body: string | null;
  readonly durationMs: number;
  readonly error: string | null;
  /** True when nothing was sent: the address is one the emulator does not send to. */
  readonly refused?: boolean;
}

export interface SendOptions {
  /** Send to link-local and cloud metadata addresses too (default false). */
  readonly allowMetadataAddresses?: boolean;
  /** Resolves names instead of `dns.lookup` (tests). */
  readonly lookup?: LookupFunction;
}

/** Characters of a text answer the delivery log keeps. */
export const ANSWER_EXCERPT_CHARS = 512;

/** Bytes read into memory for the excerpt (enough for its characters in UTF-8); the rest is counted. */
const KEPT_BYTES = ANSWER_EXCERPT_CHARS * 4;

const TEXT_TYPE =
  /^(text\/|application\/([\w.-]+\+)?(json|xml)\b|application\/(x-www-form-urlencoded|javascript)\b)/i;

/**
 * What the delivery log keeps of an answer: up to 512 characters of a text or JSON answer (its
 * control characters escaped, the total size noted when cut), or only the type and size of any
 * other (binary) answer. An answer without a type counts as text unless it holds a NUL byte.
 *
 * @example
 * answerExcerpt('application/json', Buffer.from('{"ok":true}'), 11); // '{"ok":true}'
 * answerExcerpt('image/png', head, 20_480); // '[binary answer: image/png, 20480 bytes]'
 */
export function answerExcerpt(contentType: string | undefined, head: Buffer, size: number): string {
  const type = (contentType ?? '').split(';')[0]?.trim() ?? '';
  const text = type === '' ? !head.includes(0) : TEXT_TYPE.test(type);
  if (!text) return `[binary answer: ${type || 'no content type'}, ${size} bytes]`;
  const decoded = head.toString('utf8');
  const cut = decoded.length > ANSWER_EXCERPT_CHARS || size > head.length;
  const excerpt = escapeControl(decoded.slice(0, ANSWER_EXCERPT_CHARS));
  return cut ? `${excerpt}… [${size} bytes in all]` : excerpt;
}

/** POSTs `body` to `url` with `headers`; gives up after `timeoutMs` (real time). */
export function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  options: SendOptions = {},
): Promise<SendResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    // Set once the request is sent; a refusal before that has none to clear.
    const pending: { timer?: NodeJS.Timeout } = {};
    const finish = (result: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(pending.timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      finish({ status: null, body: null, error: `invalid URL: ${url}` });
      return;
    }
    const allowed = options.allowMetadataAddresses ?? false;
    const byHost = allowed ? null : refusedHostReason(target.hostname.replace(/^\[|\]$/g, ''));
    if (byHost !== null) {
      finish({
        status: null,
        body: null,
        error: `refused: ${byHost}; ${ALLOW_METADATA_HINT}`,
        refused: true,
      });
      return;
    }
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const payload = Buffer.from(body, 'utf8');
    const req = send(target, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': String(payload.length) },
      // The connection goes to the address this lookup checked: no rebinding in between.
      ...(allowed
        ? options.lookup
          ? { lookup: options.lookup }
          : {}
        : { lookup: checkedLookup(options.lookup) }),
    });
    pending.timer = setTimeout(() => {
      finish({ status: null, body: null, error: `no answer within ${timeoutMs} ms` });
      req.destroy();
    }, timeoutMs);
    req.on('error', (error: NodeJS.ErrnoException) =>
      error instanceof MetadataAddressRefused
        ? finish({ status: null, body: null, error: error.message, refused: true })
        : finish({ status: null, body: null, error: error.code ?? error.message }),
    );
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        if (size < KEPT_BYTES) chunks.push(chunk);
        size += chunk.length;
      });
      response.on('end', () =>
        finish({
          status: response.statusCode ?? null,
          body: answerExcerpt(
            response.headers['content-type'],
            Buffer.concat(chunks).subarray(0, KEPT_BYTES),
            size,
          ),
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
