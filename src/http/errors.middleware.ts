/**
 * Outermost middleware: gives every response an `X-Request-Id` and turns whatever is thrown into
 * the documented body. An `ApiError` is answered as it says, a domain failure as `src/http/failures.ts` says; anything else is a bug, answered 500
 * and logged with the request id.
 */
import { randomUUID } from 'node:crypto';
import type { Context, Middleware } from 'koa';
import { errors } from '../errors/messages.js';
import type { Logger } from '../platform/logger.js';
import type { Dialect } from './dialect.js';
import { apiErrorOf } from './failures.js';
import { setBody } from './answer-body.js';
import type { AppState } from './state.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Answers `error` on `ctx`: an `ApiError` as it says, anything else as a logged 500; with a store's
 * `dialect`, the body names fields in the store's words.
 *
 * @example
 * next().catch((error: unknown) => renderError(ctx, error, logger));
 */
export function renderError(
  ctx: Context & { state: AppState },
  error: unknown,
  logger: Logger,
  dialect?: Dialect,
): void {
  const known = apiErrorOf(error);
  const apiError = known ?? errors.internal();
  if (!known) logger.error({ err: error, requestId: ctx.state.requestId, path: ctx.path }, 'unhandled error');
  ctx.status = apiError.status;
  ctx.set(apiError.headers);
  setBody(ctx, dialect ? dialect.writeError(apiError.body) : apiError.body);
}

/**
 * Closes the connection after the answer when the request's body was not all received (refused
 * part-way: too large, not UTF-8, too deep). Node keeps such a connection open with the rest of
 * the body unread, so the client's next request on it was never answered, and was reset when the
 * connection timed out (ControlClient.importSnapshot, then exportSnapshot: ECONNRESET after 6 s).
 */
function closeIfUnread(ctx: Context): void {
  if (!ctx.req.complete && !ctx.headerSent) ctx.set('Connection', 'close');
}

/** Whether `value` is a promise (a middleware that did its work asynchronously). */
function isPromise(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';
}

/**
 * Whether the request declares a body. Node marks a request complete only once its parser has
 * read the whole message, after the `request` event returns: one that declares no body is then
 * complete at once, so only one that declares a body can be unread.
 */
function declaresBody(ctx: Context): boolean {
  const headers = ctx.req.headers;
  return headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined;
}

const RESOLVED = Promise.resolve();

/**
 * The outermost middleware. With `inner`, it runs `inner` itself rather than through Koa's
 * `next`: Koa wraps each composed layer in a promise, and a request `inner` answers synchronously
 * (a read by id) then goes from Koa's dispatch to the response without a promise step of ours
 * (decision 0052). What `inner` throws, synchronously or not, is answered the same way. Whether
 * the body was all received is looked at after the parser's step, as for an async answer: at
 * once for a request that declares no body (it is complete by then), a microtask later otherwise.
 *
 * @example
 * app.use(errorMiddleware(logger, (ctx, next) => api(ctx, next)));
 */
export function errorMiddleware(logger: Logger, inner?: Middleware<AppState>): Middleware<AppState> {
  const answered = (ctx: Context & { state: AppState }): void => {
    if (ctx.status === 404 && ctx.body === undefined) renderError(ctx, errors.notFound(), logger);
  };
  /** Finishes a request answered synchronously (`error`: what it threw). */
  const finishNow = (ctx: Context & { state: AppState }, failed: boolean, error: unknown): unknown => {
    if (failed) renderError(ctx, error, logger);
    else answered(ctx);
    return declaresBody(ctx) ? RESOLVED.then(() => closeIfUnread(ctx)) : undefined;
  };
  return (ctx, next) => {
    // Straight from and to Node's request and response: the first step of every request (decision 0048).
    const incoming = ctx.req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.res.setHeader('X-Request-Id', requestId);
    let result: unknown;
    try {
      result = inner ? inner(ctx, next) : next();
    } catch (error) {
      return finishNow(ctx, true, error);
    }
    if (!isPromise(result)) return finishNow(ctx, false, undefined);
    return result.then(
      () => {
        answered(ctx);
        closeIfUnread(ctx);
      },
      (error: unknown) => {
        renderError(ctx, error, logger);
        closeIfUnread(ctx);
      },
    );
  };
}
