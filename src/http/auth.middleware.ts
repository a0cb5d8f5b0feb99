import type { Context } from 'koa';
import { errors } from '../errors/messages.js';
import type { Authenticated, StoreRegistry } from '../store/registry.js';
import { API_VERSIONS, isApiVersion, type ApiVersion } from '../model/versions.js';
import type { HeaderNames } from './headers.js';

export interface RequestIdentity {
  readonly auth: Authenticated;
  readonly version: ApiVersion;
  /**
   * True when the request named no version (its store's default answers): such a request may be
   * served by a route of the latest version (`endpointFor`).
   */
  readonly unversioned?: boolean;
}

/**
 * Finds the store of the access token: missing or unknown → 401. A store the service was
 * uninstalled from is found too: `assertInstalled` refuses it.
 *
 * @example
 * const authenticate = authenticator(registry, headerNames());
 * const { store, token } = authenticate(ctx);
 */
export function authenticator(
  registry: StoreRegistry,
  headers: HeaderNames,
): (ctx: Context) => Authenticated {
  const tokenHeader = headers.accessToken.toLowerCase();
  return (ctx) => {
    const token = ctx.headers[tokenHeader];
    const auth = typeof token === 'string' ? registry.authenticate(token) : undefined;
    if (!auth) throw errors.unauthorized(headers.accessToken);
    return auth;
  };
}

/** The service uninstalled from the token's store → 403. */
export function assertInstalled(auth: Authenticated): void {
  if (auth.store.uninstalledAt !== null) throw errors.uninstalled();
}

/**
 * The API version a request asks for: the version header, else the store's default; undefined
 * when the header names no version (the request will get 426).
 */
export function requestedVersion(
  headers: HeaderNames,
): (ctx: Context, auth: Authenticated) => ApiVersion | undefined {
  const versionHeader = headers.version.toLowerCase();
  return (ctx, auth) => {
    const requested = ctx.headers[versionHeader];
    if (requested === undefined || requested === '') return auth.store.settings.default_api_version;
    return isApiVersion(requested) ? requested : undefined;
  };
}

/** The identity of an authenticated request whose version was read; undefined → 426. */
export function identityOf(
  ctx: Context,
  auth: Authenticated,
  version: ApiVersion | undefined,
  headers: HeaderNames,
): RequestIdentity {
  const named = ctx.headers[headers.versionKey];
  if (version === undefined) throw errors.invalidVersion(String(named), API_VERSIONS);
  return { auth, version, unversioned: named === undefined || named === '' };
}
