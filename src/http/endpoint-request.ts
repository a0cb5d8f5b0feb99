/**
 * How an endpoint is invoked, in one place: choosing the endpoint for the version, checking what it
 * demands of the caller (scope, gate), building the request its handler gets, and holding the
 * address a write edits. The HTTP router and the async batch runner both go through here, so a
 * batch task runs exactly as the single request it stands for.
 */
import { errors } from '../errors/messages.js';
import type { Scope } from '../store/scopes.js';
import { grants } from '../store/scopes.js';
import type { StoreSettings } from '../store/settings.js';
import type { Store } from '../store/store.js';
import { API_VERSIONS, type ApiVersion } from '../model/versions.js';
import type { RequestIdentity } from './auth.middleware.js';
import { dialectOf } from './dialect.js';
import type { ApiRequest, ApiResponse, Body, Endpoint, Gate, Query } from './types.js';

/** What a request is made of, wherever it comes from (an HTTP request, a batch task). */
export interface RequestParts {
  readonly identity: RequestIdentity;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Query;
  readonly body: Body;
  readonly path: string;
  /** `scheme://host`, computed only when a handler reads it (Link headers). */
  readonly origin: () => string;
  /** The version whose route serves the request (`routeVersionOf`); the request's own when absent. */
  readonly routeVersion?: ApiVersion;
}

/** The parsed request a handler gets. */
class EndpointRequest implements ApiRequest {
  readonly store: ApiRequest['store'];
  readonly token: ApiRequest['token'];
  readonly actor: ApiRequest['actor'];
  readonly version: ApiVersion;
  readonly routeVersion: ApiVersion;
  readonly params: Readonly<Record<string, string>>;
  readonly query: Query;
  readonly body: Body;
  readonly path: string;

  constructor(private readonly parts: RequestParts) {
    const { auth, version } = parts.identity;
    this.store = auth.store;
    this.token = auth.token;
    this.actor = auth.actor;
    this.version = version;
    this.routeVersion = parts.routeVersion ?? version;
    this.params = parts.params;
    // The store's wire names (`shopify_order_id`) are read here into the neutral ones, once for every caller.
    const dialect = dialectOf(auth.store);
    this.query = dialect.readQuery(parts.query);
    this.body = dialect.readBody(parts.body);
    this.path = parts.path;
  }

  get origin(): string {
    return this.parts.origin();
  }

  authorize(scope: Scope): void {
    if (!grants(this.parts.identity.auth.scopes, scope)) throw errors.forbiddenScope(scope);
  }
}

/**
 * The request a handler gets.
 *
 * @example
 * const request = endpointRequest({ identity, params: { id: '7' }, query: {}, body: {}, path: '/discounts/7', origin: () => '' });
 */
export function endpointRequest(parts: RequestParts): ApiRequest {
  return new EndpointRequest(parts);
}

const serves = (endpoint: Endpoint, version: ApiVersion) =>
  !endpoint.versions || endpoint.versions.includes(version);

/**
 * The endpoint of a group (one method and path) that serves `version`; 501 when none does. A
 * request that named no version (`unversioned`) is also served by a route of the latest version
 * when its store's default has none (api-facts, "Live evidence, wave 3": an unversioned `POST
 * /addresses` with `customer_id` on a 2021-01 store is created); its answer keeps the store's
 * default version's record shapes (`routeVersionOf` says which version's route served it).
 *
 * @example
 * endpointFor(group, '2021-01', true); // the 2021-11 `POST /addresses` for an unversioned request
 */
export function endpointFor(group: readonly Endpoint[], version: ApiVersion, unversioned = false): Endpoint {
  const endpoint = servingIn(group, version) ?? (unversioned ? servingIn(group, LATEST_VERSION) : undefined);
  if (!endpoint) throw errors.notInVersion(version);
  return endpoint;
}

/** The first endpoint of `group` serving `version` (a loop: no closure a request). */
function servingIn(group: readonly Endpoint[], version: ApiVersion): Endpoint | undefined {
  for (const candidate of group) if (serves(candidate, version)) return candidate;
  return undefined;
}

/** The version whose route table `endpoint` belongs to, for a request in `version`. */
export function routeVersionOf(endpoint: Endpoint, version: ApiVersion): ApiVersion {
  return serves(endpoint, version) ? version : LATEST_VERSION;
}

const LATEST_VERSION: ApiVersion = API_VERSIONS[API_VERSIONS.length - 1] ?? '2021-11';

/** Refuses an endpoint the store's platform, plan or products do not include (spec rules 5-7). */
export function checkGate(gate: Gate, settings: StoreSettings): void {
  if (gate.platforms && !gate.platforms.includes(settings.platform))
    throw errors.notOnPlatform(settings.platform, gate.platforms);
  if (gate.plan === 'pro' && settings.plan !== 'pro') throw errors.notOnPlan('Pro');
  if (gate.retention && !settings.retention_enabled) throw errors.notOnRetention();
}

/** Throws 403 unless the caller holds the endpoint's scope and its store passes the gate. */
export function checkAccess(endpoint: Endpoint, identity: RequestIdentity): void {
  const scope = endpoint.scope;
  if (typeof scope === 'string' && !grants(identity.auth.scopes, scope)) throw errors.forbiddenScope(scope);
  if (endpoint.gate) checkGate(endpoint.gate, identity.auth.store.settings);
}

/**
 * Runs an endpoint's handler as one command of its store (all its writes or none: a handler that
 * throws leaves the store as it was), holding the address a write edits (`Endpoint.locks`). A
 * read-only endpoint's handler runs as it is: it writes nothing, so there is nothing to undo or to
 * hold back until a commit (decision 0052).
 *
 * @example
 * const response = await invokeEndpoint(endpoint, request);
 */
export function invokeEndpoint(
  endpoint: Endpoint,
  request: ApiRequest,
  hold?: () => Promise<void>,
): ApiResponse | Promise<ApiResponse> {
  if (endpoint.readOnly) return endpoint.handle(request);
  const addressId = endpoint.locks?.(request);
  const run = () => request.store.command(() => endpoint.handle(request));
  return addressId === undefined ? run() : runHoldingAddress(request.store, addressId, run, hold);
}

/**
 * Runs a write that holds an address: a second write to a held address gets 409 (spec: "two
 * concurrent edits of an address or its child objects"). `hold` keeps the address a while longer
 * before it is released (the store's `write_latency_ms`).
 */
export async function runHoldingAddress(
  store: Store,
  addressId: number,
  run: () => ApiResponse | Promise<ApiResponse>,
  hold?: () => Promise<void>,
): Promise<ApiResponse> {
  if (store.busyAddresses.has(addressId)) throw errors.conflict();
  store.busyAddresses.add(addressId);
  try {
    const response = await run();
    if (hold) await hold();
    return response;
  } finally {
    store.busyAddresses.delete(addressId);
  }
}
