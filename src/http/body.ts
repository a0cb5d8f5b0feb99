/**
 * Reads a JSON object body with koa-bodyparser. A body that is not a JSON object (wrong content
 * type, malformed JSON, an array or a scalar) gives 415; a body over the limit gives 413.
 */
import type { Context, Middleware } from 'koa';
import { errors } from '../errors/messages.js';
import type { Body } from './types.js';

/** Largest accepted request body. */
export const BODY_LIMIT = '1mb';

let parser: Promise<Middleware> | undefined;

/** koa-bodyparser is loaded on the first request with a body: GETs and start-up never pay for it. */
function bodyParser(): Promise<Middleware> {
  parser ??= import('koa-bodyparser').then(({ default: create }) =>
    create({ enableTypes: ['json'], jsonLimit: BODY_LIMIT, strict: true }),
  );
  return parser;
}

const EMPTY: Body = Object.freeze({});

function hasPayload(ctx: Context): boolean {
  const length = ctx.request.length;
  if (length !== undefined) return length > 0;
  return ctx.get('Transfer-Encoding') !== '';
}

export async function readJsonObject(ctx: Context): Promise<Body> {
  if (!hasPayload(ctx)) return EMPTY;
  if (!ctx.is('json')) throw errors.unsupportedMediaType();
  try {
    const parse = await bodyParser();
    await parse(ctx, async () => undefined);
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (status === 413) throw errors.payloadTooLarge(BODY_LIMIT);
    throw errors.unsupportedMediaType();
  }
  const body: unknown = ctx.request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw errors.unsupportedMediaType();
  return body as Body;
}
