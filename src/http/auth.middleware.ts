import type { Context } from 'koa';
import { errors } from '../errors/messages.js';
import type { Authenticated, StoreRegistry } from '../store/registry.js';
import { API_VERSIONS, isApiVersion, type ApiVersion } from '../store/versions.js';
import type { HeaderNames } from './headers.js';

export interface RequestIdentity {
  readonly auth: Authenticated;
  readonly version: ApiVersion;
}

/**
 * Finds the store of the access token (missing or unknown → 401; the service uninstalled from
 * the store → 403) and the API version (the version header, else the store's default; anything
 * else → 426).
 */
export function identify(registry: StoreRegistry, headers: HeaderNames): (ctx: Context) => RequestIdentity {
  const tokenHeader = headers.accessToken.toLowerCase();
  const versionHeader = headers.version.toLowerCase();
  return (ctx) => {
    const token = ctx.headers[tokenHeader];
    const auth = typeof token === 'string' ? registry.authenticate(token) : undefined;
    if (!auth) throw errors.unauthorized(headers.accessToken);
    if (auth.store.uninstalledAt !== null) throw errors.uninstalled();
    const requested = ctx.headers[versionHeader];
    if (requested === undefined || requested === '')
      return { auth, version: auth.store.settings.default_api_version };
    if (!isApiVersion(requested)) throw errors.invalidVersion(String(requested), API_VERSIONS);
    return { auth, version: requested };
  };
}
