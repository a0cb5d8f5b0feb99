/** How every answer of the API and the control API puts its body on the wire. */
import type { Context } from 'koa';
import { Stream } from 'node:stream';
import { JsonText } from './json-text.js';
import type { AppState } from './state.js';

/** The `Content-Type` of every JSON answer (the live service's, exactly). */
export const JSON_TYPE = 'application/json';

/**
 * Sets an answer's body as Koa would, except that a JSON value is serialized here, once, and goes
 * as text: Koa measures it (`Content-Length`), Node writes it with the head in one write, and the
 * journal keeps the same text (`ctx.state.answer`) with its size read from that header (decisions
 * 0048, 0052: encoding it to bytes first cost more than the write's own encoding). Handed an
 * object, Koa would also test it against the web's ReadableStream, Blob and Response before
 * serializing it, and on Node 20 the first look at `Response` loads undici: 10 to 20 ms of the
 * first answer after start. Text, bytes and streams (a snapshot export) go as they are; a
 * `JsonText` (a list page joined from kept texts, decision 0053) goes as its bytes.
 *
 * The type is `application/json` exactly, with no `charset` (JSON is UTF-8 by definition): every
 * recorded live answer of the real service carries that string, and published clients that compare
 * the type exactly read an empty record from anything else (api-facts: "Live evidence, wave 3").
 * The control API answers the same way, so one client reads both.
 *
 * @example
 * setBody(ctx, { customers: [] }); // ctx.body: '{"customers":[]}'
 */
export function setBody(ctx: Context & { state: AppState }, body: unknown): void {
  if (typeof body !== 'object' || body === null || Buffer.isBuffer(body) || body instanceof Stream) {
    ctx.body = body;
    return;
  }
  // As Koa: a JSON type the answer already set stays. Read and set on Node's response, as
  // `ctx.type` and `ctx.set` do after steps every answer would pay for (decision 0048); once the
  // headers are out (an error after a stream began), Koa's setter leaves them as they were.
  const res = ctx.res;
  if (!res.headersSent) {
    const type = res.getHeader('Content-Type');
    if (type === undefined || !JSON_IN_TYPE.test(String(type).split(';', 1)[0] ?? ''))
      res.setHeader('Content-Type', JSON_TYPE);
  }
  if (body instanceof JsonText) {
    ctx.state.answer = { sent: body.bytes, text: body.text, bytes: body.bytes.length };
    ctx.body = body.bytes;
    return;
  }
  const text = JSON.stringify(body) as string | undefined;
  // A value whose `toJSON` gives nothing serializes to nothing: Koa answers it as before (no body).
  if (text === undefined) {
    ctx.body = text;
    return;
  }
  ctx.body = text;
  // Koa has just set `Content-Length` to the text's UTF-8 size, unless the head is already out.
  const length = res.headersSent ? undefined : res.getHeader('Content-Length');
  ctx.state.answer = { sent: text, text, bytes: typeof length === 'number' ? length : undefined };
}

const JSON_IN_TYPE = /\bjson\b/i;

/**
 * The answer's body as text, with its UTF-8 size when known (JSON `setBody` made); null for no
 * body, bytes or a stream.
 *
 * @example
 * setBody(ctx, { ok: true });
 * answerText(ctx); // { text: '{"ok":true}', bytes: 11 }
 */
export function answerText(ctx: Context & { state: AppState }): { text: string; bytes?: number } | null {
  const body: unknown = ctx.body;
  const answer = ctx.state.answer;
  if (answer !== undefined && body === answer.sent) return answer;
  return typeof body === 'string' ? { text: body } : null;
}
