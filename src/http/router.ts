/**
 * Builds the API router from the endpoint tables of the resources. Endpoints that share a method
 * and path but serve different versions are dispatched by version; a version no endpoint serves
 * gets 501. A known path with another method gets 405 with `Allow`.
 */
import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { errors } from '../errors/messages.js';
import { grants } from '../store/scopes.js';
import type { Actor } from '../store/actor.js';
import { readJsonObject } from './body.js';
import type { AppState } from './state.js';
import type { ApiRequest, ApiResponse, Endpoint, Query } from './types.js';

/** Static segments sort before `:param` ones, so `/customers/count` wins over `/customers/:id`. */
function specificity(path: string): string {
  return path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '1' : '0'))
    .join('');
}

/** Query parameters; a repeated parameter keeps its first value. */
export function queryOf(ctx: Context): Query {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(ctx.query)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) query[name] = first;
  }
  return query;
}

export function respond(ctx: Context, result: ApiResponse): void {
  ctx.status = result.status ?? 200;
  if (result.headers) ctx.set(result.headers as Record<string, string>);
  if (ctx.status === 204) ctx.body = null;
  else ctx.body = result.body ?? {};
}

function dispatch(endpoints: readonly Endpoint[]): Middleware<AppState> {
  return async (ctx) => {
    const auth = ctx.state.auth;
    const version = ctx.state.version;
    if (!auth || !version) throw errors.internal();
    const endpoint = endpoints.find(
      (candidate) => !candidate.versions || candidate.versions.includes(version),
    );
    if (!endpoint) throw errors.notInVersion(version);
    const scope = endpoint.scope;
    if (typeof scope === 'string' && !grants(auth.scopes, scope)) throw errors.forbiddenScope(scope);
    const body = ctx.method === 'POST' || ctx.method === 'PUT' ? await readJsonObject(ctx) : {};
    const actor: Actor = { origin: 'api', token: auth.token };
    const request: ApiRequest = {
      store: auth.store,
      version,
      token: auth.token,
      actor,
      params: ctx.params as Record<string, string>,
      query: queryOf(ctx),
      body,
      origin: `${ctx.protocol}://${ctx.host}`,
      path: ctx.path,
      authorize: (needed) => {
        if (!grants(auth.scopes, needed)) throw errors.forbiddenScope(needed);
      },
    };
    respond(ctx, await endpoint.handle(request));
  };
}

export function buildApiRouter(endpoints: readonly Endpoint[]): Middleware<AppState> {
  const router = new Router<AppState>();
  const groups = new Map<string, Endpoint[]>();
  for (const endpoint of endpoints) {
    const key = `${endpoint.method} ${endpoint.path}`;
    groups.set(key, [...(groups.get(key) ?? []), endpoint]);
  }
  const ordered = [...groups.values()].sort((a, b) =>
    specificity(a[0]?.path ?? '').localeCompare(specificity(b[0]?.path ?? '')),
  );
  for (const group of ordered) {
    const first = group[0];
    if (first) router.register(first.path, [first.method], dispatch(group));
  }
  return serve(router);
}

/** Runs the router; an unknown path gives 404, a known path with another method 405 with `Allow`. */
export function serve(router: Router<AppState>): Middleware<AppState> {
  const routes = router.routes();
  return async (ctx, next) => {
    const match = router.match(ctx.path, ctx.method);
    if (!match.route) {
      if (match.path.length === 0) throw errors.notFound();
      const allowed = [...new Set(match.path.flatMap((layer) => layer.methods))];
      throw errors.methodNotAllowed(ctx.method, allowed);
    }
    await routes(ctx as Parameters<typeof routes>[0], next);
  };
}
