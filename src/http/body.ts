/**
 * Reads a JSON object body with koa-bodyparser. A body that is not a JSON object (wrong content
 * type, malformed JSON, an array or a scalar) gives 415; a body over the limit gives 413.
 */
import type { Context, Middleware } from 'koa';
import { errors } from '../errors/messages.js';
import type { Body } from './types.js';

/** Largest accepted request body. */
export const BODY_LIMIT = '1mb';

const parsers = new Map<string, Promise<Middleware>>();

/** koa-bodyparser is loaded on the first request with a body: GETs and start-up never pay for it. */
function bodyParser(limit: string): Promise<Middleware> {
  let parser = parsers.get(limit);
  if (!parser) {
    parser = import('koa-bodyparser').then(({ default: create }) =>
      create({ enableTypes: ['json'], jsonLimit: limit, strict: true }),
    );
    parsers.set(limit, parser);
  }
  return parser;
}

const EMPTY: Body = Object.freeze({});

function hasPayload(ctx: Context): boolean {
  const length = ctx.request.length;
  if (length !== undefined) return length > 0;
  return ctx.get('Transfer-Encoding') !== '';
}

/** The JSON object body of a request; `limit` is larger for the few routes that take whole stores. */
export async function readJsonObject(ctx: Context, limit: string = BODY_LIMIT): Promise<Body> {
  if (!hasPayload(ctx)) return EMPTY;
  if (!ctx.is('json')) throw errors.unsupportedMediaType();
  try {
    const parse = await bodyParser(limit);
    await parse(ctx, async () => undefined);
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (status === 413) throw errors.payloadTooLarge(limit);
    throw errors.unsupportedMediaType();
  }
  const body: unknown = ctx.request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw errors.unsupportedMediaType();
  return body as Body;
}
