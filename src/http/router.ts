/**
 * Dispatches API requests to the endpoint tables of the resources. Endpoints that share a method
 * and path but serve different versions are chosen by version; a version no endpoint serves gets
 * 501. An unknown path gets 404; a known path with another method 405 with `Allow`.
 */
import type { Context, Middleware } from 'koa';
import { errors } from '../errors/messages.js';
import { grants } from '../store/scopes.js';
import { readJsonObject } from './body.js';
import { RouteTable } from './route-table.js';
import type { AppState } from './state.js';
import type { ApiRequest, ApiResponse, Body, Endpoint, Gate, Query } from './types.js';
import type { StoreSettings } from '../store/settings.js';
import type { RequestIdentity } from './auth.middleware.js';
import type { Scope } from '../store/scopes.js';
import type { ApiVersion } from '../store/versions.js';

/** Query parameters; a repeated parameter keeps its first value. */
export function queryOf(ctx: Context): Query {
  if (ctx.querystring === '') return EMPTY_QUERY;
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(ctx.query)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) query[name] = first;
  }
  return query;
}

const EMPTY_QUERY: Query = Object.freeze({});

/** `scheme://host` of the request (for URLs in Link headers); read only when needed. */
export function originOf(ctx: Context): string {
  return `${ctx.protocol}://${ctx.host}`;
}

export function respond(ctx: Context, result: ApiResponse): void {
  ctx.status = result.status ?? 200;
  if (result.headers) ctx.set(result.headers as Record<string, string>);
  if (ctx.status === 204) ctx.body = null;
  else ctx.body = result.body ?? {};
}

/** Handles a matched request with its path parameters (a promise when it has async work). */
export type Dispatcher = (
  ctx: Context & { state: AppState },
  params: Record<string, string>,
) => Promise<void> | undefined;

/** Serves a route table: 404 for unknown paths, 405 with `Allow` for other methods. */
export function serve(table: RouteTable<Dispatcher>): Middleware<AppState> {
  return (ctx, next) => {
    const match = table.match(ctx.path);
    if (!match) throw errors.notFound();
    const dispatcher =
      match.methods.get(ctx.method) ?? (ctx.method === 'HEAD' ? match.methods.get('GET') : undefined);
    if (!dispatcher) {
      const allowed = [...match.methods.keys()];
      throw errors.methodNotAllowed(ctx.method, allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed);
    }
    return dispatcher(ctx, match.params) ?? next();
  };
}

/** The parsed request a handler gets; `origin` is computed only when a handler reads it. */
class EndpointRequest implements ApiRequest {
  readonly store: ApiRequest['store'];
  readonly token: ApiRequest['token'];
  readonly actor: ApiRequest['actor'];
  readonly path: string;
  readonly query: Query;

  constructor(
    private readonly ctx: Context,
    private readonly identity: RequestIdentity,
    readonly params: Readonly<Record<string, string>>,
    readonly body: Body,
  ) {
    this.store = identity.auth.store;
    this.token = identity.auth.token;
    this.actor = identity.auth.actor;
    this.path = ctx.path;
    this.query = queryOf(ctx);
  }

  get version(): ApiVersion {
    return this.identity.version;
  }

  get origin(): string {
    return originOf(this.ctx);
  }

  authorize(scope: Scope): void {
    if (!grants(this.identity.auth.scopes, scope)) throw errors.forbiddenScope(scope);
  }
}

function dispatch(endpoints: readonly Endpoint[]): Dispatcher {
  const handle = (
    ctx: Context,
    identity: RequestIdentity,
    endpoint: Endpoint,
    params: Record<string, string>,
    body: Body,
  ) => {
    const request = new EndpointRequest(ctx, identity, params, body);
    const addressId = endpoint.locks?.(request);
    if (addressId !== undefined) return handleLocked(ctx, request, endpoint, addressId);
    const result = endpoint.handle(request);
    if (result instanceof Promise) return result.then((response) => respond(ctx, response));
    respond(ctx, result);
    return undefined;
  };
  return (ctx, params) => {
    const identity = ctx.state.identity;
    if (!identity) throw errors.internal();
    const endpoint = endpoints.find(
      (candidate) => !candidate.versions || candidate.versions.includes(identity.version),
    );
    if (!endpoint) throw errors.notInVersion(identity.version);
    const scope = endpoint.scope;
    if (typeof scope === 'string' && !grants(identity.auth.scopes, scope)) throw errors.forbiddenScope(scope);
    if (endpoint.gate) checkGate(endpoint.gate, identity.auth.store.settings);
    // DELETE reads a body too: the bulk deletes (plans-bulk, collection_products-bulk) carry one.
    if (ctx.method === 'POST' || ctx.method === 'PUT' || ctx.method === 'DELETE') {
      return readJsonObject(ctx).then((body) => handle(ctx, identity, endpoint, params, body));
    }
    return handle(ctx, identity, endpoint, params, EMPTY_BODY);
  };
}

const EMPTY_BODY: Body = Object.freeze({});

/** Refuses an endpoint the store's plan, platform or products do not include (spec rules 5-7). */
function checkGate(gate: Gate, settings: StoreSettings): void {
  if (gate.plan === 'pro' && settings.plan !== 'pro') throw errors.notOnPlan('Pro');
}

/** Runs a write that holds an address; a write to a held address gets 409. */
async function handleLocked(
  ctx: Context,
  request: ApiRequest,
  endpoint: Endpoint,
  addressId: number,
): Promise<void> {
  const { store } = request;
  if (store.busyAddresses.has(addressId)) throw errors.conflict();
  store.busyAddresses.add(addressId);
  try {
    const response = await endpoint.handle(request);
    const latency = store.settings.write_latency_ms;
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
    respond(ctx, response);
  } finally {
    store.busyAddresses.delete(addressId);
  }
}

export function buildApiRouter(endpoints: readonly Endpoint[]): Middleware<AppState> {
  const groups = new Map<string, Endpoint[]>();
  for (const endpoint of endpoints) {
    const key = `${endpoint.method} ${endpoint.path}`;
    groups.set(key, [...(groups.get(key) ?? []), endpoint]);
  }
  const table = new RouteTable<Dispatcher>();
  for (const group of groups.values()) {
    const first = group[0];
    if (first) table.add(first.method, first.path, dispatch(group));
  }
  return serve(table);
}
