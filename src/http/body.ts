/**
 * Reads a JSON object body. A body that is not a JSON object gives 415 saying why: another
 * content type, malformed JSON (with the parser's position), an array or a scalar, bytes that are not UTF-8, or nesting deeper than
 * `MAX_BODY_DEPTH` (decision 0021). A body over the limit gives 413. Nothing of a refused body
 * reaches a handler, the store or the request journal.
 */
import type { Context } from 'koa';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createUnzip } from 'node:zlib';
import { errors } from '../errors/messages.js';
import { describeJsonError } from '../platform/json-error.js';
import { dictionary } from '../platform/dictionary.js';
import { nestedDeeperThan } from '../platform/json-depth.js';
import type { AppState } from './state.js';
import type { Body } from './types.js';

/** Largest accepted request body. */
export const BODY_LIMIT = '1mb';

/**
 * Deepest nesting of objects and arrays a body may have (the body itself is level 1). Far above
 * any request of the API, far below what recursive code (JSON.stringify of the journal, the data
 * file) can take.
 */
export const MAX_BODY_DEPTH = 64;

type RawBody = (stream: Readable, options: { length?: number; limit: string }) => Promise<Buffer>;

let rawBodyModule: Promise<RawBody> | undefined;

/** raw-body is loaded on the first request with a body: GETs and start-up never pay for it. */
function rawBody(): Promise<RawBody> {
  rawBodyModule ??= import('raw-body').then((mod) => mod.default as RawBody);
  return rawBodyModule;
}

const EMPTY: Body = Object.freeze(dictionary<unknown>());

// `fatal`: a byte sequence that is not UTF-8 is an error, not a replacement character.
const UTF8 = new TextDecoder('utf-8', { fatal: true });

function hasPayload(ctx: Context): boolean {
  const length = ctx.request.length;
  if (length !== undefined) return length > 0;
  return ctx.get('Transfer-Encoding') !== '';
}

/** The request stream, decompressed per `Content-Encoding` (gzip, deflate, br); 415 for others. */
function decoded(ctx: Context): Readable {
  const encoding = (ctx.get('Content-Encoding') || 'identity').toLowerCase();
  if (encoding === 'identity') return ctx.req;
  if (encoding === 'gzip' || encoding === 'deflate') return ctx.req.pipe(createUnzip());
  if (encoding === 'br') return ctx.req.pipe(createBrotliDecompress());
  throw errors.unsupportedMediaType();
}

/**
 * Parses a body's text to a JSON object with no prototype (its keys are the client's: decision
 * 0021); any other value, or nesting deeper than `maxDepth`, is the 415 of the catalogue.
 *
 * @example
 * parseJsonObject('{"constructor":1}').constructor; // 1
 * parseJsonObject('[1]'); // throws 415
 */
export function parseJsonObject(text: string, maxDepth: number = MAX_BODY_DEPTH): Body {
  if (nestedDeeperThan(text, maxDepth)) throw errors.bodyTooDeep(maxDepth);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw errors.bodyNotJson(describeJsonError(text, error as Error));
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw errors.bodyNotObject(parsed);
  return Object.assign(dictionary<unknown>(), parsed);
}

export interface BodyOptions {
  /** Largest body in bytes (`'1mb'`); larger for the few routes that take whole stores. */
  readonly limit?: string;
  /** Deepest nesting; deeper for a whole store's snapshot, which wraps records in a few levels. */
  readonly maxDepth?: number;
}

type StateContext = Context & { state: AppState };

/** Reads of a request's body: a fault step reads it (to journal it) before the router does. */
const reads = new WeakMap<Context, Promise<Body>>();

/**
 * The JSON object body of a request (`{}` when it has none), read once however often asked for;
 * kept in `ctx.state.body` for the journal.
 *
 * @example
 * const body = await readJsonObject(ctx); // or throws the 413 / 415 of the catalogue
 */
export function readJsonObject(ctx: StateContext, options: BodyOptions = {}): Promise<Body> {
  let read = reads.get(ctx);
  if (!read) {
    read = readOnce(ctx, options);
    reads.set(ctx, read);
  }
  return read;
}

/**
 * The bytes of a request's body, whatever its content type (decompressed per `Content-Encoding`);
 * empty when it has none. Over `limit`: the 413 of the catalogue.
 *
 * @example
 * const bytes = await readBodyBytes(ctx, '1mb'); // a webhook delivery to the inbox, as sent
 */
export async function readBodyBytes(ctx: Context, limit: string = BODY_LIMIT): Promise<Buffer> {
  if (!hasPayload(ctx)) return Buffer.alloc(0);
  const stream = decoded(ctx);
  try {
    const read = await rawBody();
    const length = stream === ctx.req ? ctx.request.length : undefined;
    return await read(stream, { limit, ...(length === undefined ? {} : { length }) });
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (status === 413) throw errors.payloadTooLarge(limit);
    throw errors.unsupportedMediaType();
  }
}

async function readOnce(ctx: StateContext, options: BodyOptions): Promise<Body> {
  const limit = options.limit ?? BODY_LIMIT;
  if (!hasPayload(ctx)) return EMPTY;
  if (!ctx.is('json')) throw errors.bodyNotJsonType(ctx.get('Content-Type'));
  const bytes = await readBodyBytes(ctx, limit);
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw errors.bodyNotUtf8();
  }
  const body = parseJsonObject(text, options.maxDepth);
  ctx.state.body = { value: body, bytes: bytes.length };
  return body;
}
