/**
 * Outermost middleware: gives every response an `X-Request-Id` and turns whatever is thrown into
 * the documented body. An `ApiError` is answered as it says; anything else is a bug, answered 500
 * and logged with the request id.
 */
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import { isApiError } from '../errors/api-error.js';
import { errors } from '../errors/messages.js';
import type { AppState } from './state.js';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function errorMiddleware(logger: Logger): Middleware<AppState> {
  return async (ctx, next) => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
      if (ctx.status === 404 && ctx.body === undefined) throw errors.notFound();
    } catch (error) {
      const apiError = isApiError(error) ? error : errors.internal();
      if (!isApiError(error)) logger.error({ err: error, requestId, path: ctx.path }, 'unhandled error');
      ctx.status = apiError.status;
      ctx.set(apiError.headers);
      ctx.body = apiError.body;
    }
  };
}
