/**
 * Dispatches API requests to the endpoint tables of the resources. Endpoints that share a method
 * and path but serve different versions are chosen by version; a version no endpoint serves gets
 * 501. An unknown path gets 404; a known path with another method 405 with `Allow`.
 */
import type { Context, Middleware } from 'koa';
import { errors } from '../errors/messages.js';
import { dictionary } from '../platform/dictionary.js';
import { readJsonObject } from './body.js';
import { dialectOf } from './dialect.js';
import { setBody } from './answer-body.js';
import {
  checkAccess,
  endpointFor,
  endpointRequest,
  invokeEndpoint,
  routeVersionOf,
} from './endpoint-request.js';
import { RouteTable } from './route-table.js';
import type { AppState } from './state.js';
import type { ApiRequest, ApiResponse, Body, Endpoint, Query } from './types.js';
import type { RequestIdentity } from './auth.middleware.js';

/**
 * Query parameters, in an object with no prototype (`?constructor=1` is a parameter like any
 * other: decision 0021); a repeated parameter keeps its first value.
 */
export function queryOf(ctx: Context): Query {
  if (ctx.querystring === '') return EMPTY_QUERY;
  const query = dictionary<string>();
  for (const [name, value] of Object.entries(ctx.query)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) query[name] = first;
  }
  return query;
}

const EMPTY_QUERY: Query = Object.freeze(dictionary<string>());

/** `scheme://host` of the request (for URLs in Link headers); read only when needed. */
export function originOf(ctx: Context): string {
  return `${ctx.protocol}://${ctx.host}`;
}

export function respond(ctx: Context, result: ApiResponse): void {
  ctx.status = result.status ?? 200;
  if (result.headers) ctx.set(result.headers as Record<string, string>);
  if (ctx.status === 204) ctx.body = null;
  else setBody(ctx, result.body ?? {});
}

/** Handles a matched request with its path parameters (a promise when it has async work). */
export type Dispatcher = (
  ctx: Context & { state: AppState },
  params: Record<string, string>,
) => Promise<void> | undefined;

/**
 * Serves a route table: 404 for unknown paths, 405 with `Allow` for other methods. A request its
 * dispatcher answers synchronously gets undefined back, not a promise: the layers above finish it
 * at once (decision 0052). Nothing runs after the table, so `next` is not called.
 */
export function serve(table: RouteTable<Dispatcher>): Middleware<AppState> {
  return (ctx) => {
    const match = table.match(ctx.path);
    if (!match) throw errors.notFound();
    const dispatcher =
      match.methods.get(ctx.method) ?? (ctx.method === 'HEAD' ? match.methods.get('GET') : undefined);
    if (!dispatcher) {
      const allowed = [...match.methods.keys()];
      throw errors.methodNotAllowed(ctx.method, allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed);
    }
    return dispatcher(ctx, match.params);
  };
}

function dispatch(endpoints: readonly Endpoint[]): Dispatcher {
  const handle = (
    ctx: Context,
    identity: RequestIdentity,
    endpoint: Endpoint,
    params: Record<string, string>,
    body: Body,
  ) => {
    const request = endpointRequest({
      identity,
      params,
      query: queryOf(ctx),
      body,
      path: ctx.path,
      origin: () => originOf(ctx),
      routeVersion: routeVersionOf(endpoint, identity.version),
    });
    const dialect = dialectOf(request.store);
    const result = invokeEndpoint(endpoint, request, holdFor(request));
    if (result instanceof Promise)
      return result.then((response) => respond(ctx, dialect.writeResponse(response)));
    respond(ctx, dialect.writeResponse(result));
    return undefined;
  };
  return (ctx, params) => {
    const identity = ctx.state.identity;
    if (!identity) throw errors.internal();
    const endpoint = endpointFor(endpoints, identity.version, identity.unversioned);
    checkAccess(endpoint, identity);
    // DELETE reads a body too: the bulk deletes (plans-bulk, collection_products-bulk) carry one.
    if (ctx.method === 'POST' || ctx.method === 'PUT' || ctx.method === 'DELETE') {
      return readJsonObject(ctx).then((body) => handle(ctx, identity, endpoint, params, body));
    }
    return handle(ctx, identity, endpoint, params, EMPTY_BODY);
  };
}

const EMPTY_BODY: Body = Object.freeze(dictionary<unknown>());

/** Keeps a held address for the store's `write_latency_ms` after the write (none when 0). */
function holdFor(request: ApiRequest): (() => Promise<void>) | undefined {
  const latency = request.store.settings.write_latency_ms;
  return latency > 0 ? () => new Promise<void>((resolve) => setTimeout(resolve, latency)) : undefined;
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
