/**
 * Reads a JSON object body with koa-bodyparser. A body that is not a JSON object (wrong content
 * type, malformed JSON, an array or a scalar) gives 415; a body over the limit gives 413.
 */
import bodyParser from 'koa-bodyparser';
import type { Context } from 'koa';
import { errors } from '../errors/messages.js';
import type { Body } from './types.js';

/** Largest accepted request body. */
export const BODY_LIMIT = '1mb';

const parse = bodyParser({ enableTypes: ['json'], jsonLimit: BODY_LIMIT, strict: true });
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
