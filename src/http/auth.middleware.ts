import type { Middleware } from 'koa';
import { errors } from '../errors/messages.js';
import type { StoreRegistry } from '../store/registry.js';
import { API_VERSIONS, isApiVersion } from '../store/versions.js';
import type { HeaderNames } from './headers.js';
import type { AppState } from './state.js';

/** Finds the store of the access token; missing or unknown token → 401. */
export function authMiddleware(registry: StoreRegistry, headers: HeaderNames): Middleware<AppState> {
  const header = headers.accessToken.toLowerCase();
  return (ctx, next) => {
    const value = ctx.headers[header];
    const auth = typeof value === 'string' ? registry.authenticate(value) : undefined;
    if (!auth) throw errors.unauthorized(headers.accessToken);
    ctx.state.auth = auth;
    return next();
  };
}

/** Picks the API version: the version header, else the store's default; anything else → 426. */
export function versionMiddleware(headers: HeaderNames): Middleware<AppState> {
  const header = headers.version.toLowerCase();
  return (ctx, next) => {
    const value = ctx.headers[header];
    if (value === undefined || value === '') {
      ctx.state.version = ctx.state.auth?.store.settings.default_api_version ?? '2021-11';
    } else if (isApiVersion(value)) {
      ctx.state.version = value;
    } else {
      throw errors.invalidVersion(String(value), API_VERSIONS);
    }
    return next();
  };
}
