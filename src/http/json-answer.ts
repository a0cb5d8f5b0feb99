/** How every JSON answer of the API and the control API is put on the wire. */
import type { Context } from 'koa';

/**
 * Answers `value` as JSON text. Koa would serialize an object itself, but only after testing it
 * against the web's ReadableStream, Blob and Response, and on Node 20 the first look at `Response`
 * loads undici: 10 to 20 ms of the first answer after start. The text and header are Koa's own.
 *
 * @example
 * answerJson(ctx, { customers: [] }); // ctx.body === '{"customers":[]}'
 */
export function answerJson(ctx: Context, value: unknown): void {
  ctx.set('Content-Type', 'application/json; charset=utf-8');
  ctx.body = JSON.stringify(value);
}
