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

export function errorMiddleware(logger: Logger): Middleware<AppState> {
  const fail = (ctx: Context & { state: AppState }, error: unknown): void => renderError(ctx, error, logger);
  return (ctx, next) => {
    // Straight from and to Node's request and response: the first step of every request (decision 0048).
    const incoming = ctx.req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.res.setHeader('X-Request-Id', requestId);
    return next().then(
      () => {
        if (ctx.status === 404 && ctx.body === undefined) fail(ctx, errors.notFound());
        closeIfUnread(ctx);
      },
      (error: unknown) => {
        fail(ctx, error);
        closeIfUnread(ctx);
      },
    );
  };
}
