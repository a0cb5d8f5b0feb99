/**
 * Serves `/_emulator/...`: the routes that let users do what the real service never allows. Acts
 * on the store of the access token sent, or on the default store when none is sent; with an admin
 * token, who may call what is decided by each route's `access` (src/control/access.ts).
 */
import type { Context, Middleware } from 'koa';
import { errors } from '../errors/messages.js';
import { dictionary } from '../platform/dictionary.js';
import { abandonedSignal } from '../http/abandoned.js';
import { readBodyBytes, readJsonObject } from '../http/body.js';
import { originOf, queryOf, respond, serve, type Dispatcher } from '../http/router.js';
import { RouteTable } from '../http/route-table.js';
import type { AppState } from '../http/state.js';
import { clockControlEndpoints } from './clock.routes.js';
import { CONTROL_PREFIX, type ControlDeps, type ControlEndpoint } from './control.types.js';
import { authorize, bearerMatches, reachesAcrossStores, type Caller } from './access.js';
import { creditControlEndpoints } from './credits.routes.js';
import { notificationControlEndpoints } from './notifications.routes.js';
import { faultControlEndpoints } from './faults.routes.js';
import { inboxControlEndpoints } from './inbox.routes.js';
import { llmsControlEndpoints } from './llms.routes.js';
import { mcpControlEndpoints } from './mcp.routes.js';
import { openApiEndpoint } from './openapi.js';
import { parityControlEndpoints } from './parity.routes.js';
import { platformCheckoutControlEndpoints } from './platform-checkout.routes.js';
import { requestControlEndpoints } from './requests.routes.js';
import { storeControlEndpoints } from './stores.routes.js';
import { installControlEndpoints } from './install.routes.js';
import { portalControlEndpoints } from './portal.routes.js';
import { webhookControlEndpoints } from './webhooks.routes.js';
import { webhookCheckControlEndpoints } from './webhook-check.routes.js';
import { snapshotControlEndpoints } from './snapshots.routes.js';
import { scenarioControlEndpoints } from './scenarios.routes.js';
import { streamControlEndpoints } from './stream.routes.js';
import { uiControlEndpoints } from './ui.routes.js';

export { CONTROL_PREFIX };

export const healthEndpoint: ControlEndpoint = {
  method: 'GET',
  path: '/health',
  summary:
    'Liveness: 200 {"status":"ok"}, or 503 {"status":"degraded","persistence":{...}} while writing --data fails (no token needed)',
  access: 'public',
  handle: ({ deps }) => {
    const persistence = deps.persistence?.health();
    // A 503 makes the Docker HEALTHCHECK (and any load balancer) see that changes are not being kept.
    if (persistence && persistence.state !== 'ok')
      return { status: 503, body: { status: 'degraded', persistence } };
    return { body: { status: 'ok' } };
  },
};

export const controlEndpoints: readonly ControlEndpoint[] = [
  healthEndpoint,
  openApiEndpoint(() => controlEndpoints),
  ...storeControlEndpoints,
  ...clockControlEndpoints,
  ...webhookControlEndpoints,
  ...webhookCheckControlEndpoints,
  ...inboxControlEndpoints,
  ...portalControlEndpoints,
  ...installControlEndpoints,
  ...notificationControlEndpoints,
  ...creditControlEndpoints,
  ...snapshotControlEndpoints,
  ...scenarioControlEndpoints,
  ...parityControlEndpoints,
  ...faultControlEndpoints,
  ...requestControlEndpoints,
  ...platformCheckoutControlEndpoints,
  ...streamControlEndpoints,
  ...uiControlEndpoints,
  ...mcpControlEndpoints,
  ...llmsControlEndpoints,
];

/** What the request carries: the admin token, a store's token (401 for one no store has). */
function callerOf(ctx: Context, deps: ControlDeps): Caller {
  const authorization = ctx.get('Authorization');
  const token = ctx.headers[deps.headers.accessToken.toLowerCase()];
  let store;
  if (typeof token === 'string' && token !== '') {
    const auth = deps.registry.authenticate(token);
    if (!auth) throw errors.unauthorized(deps.headers.accessToken);
    store = auth.store;
  }
  const adminTokenSet = deps.adminToken !== undefined && deps.adminToken !== '';
  const admin =
    !adminTokenSet || authorization === ''
      ? 'none'
      : bearerMatches(authorization, deps.adminToken ?? '')
        ? 'valid'
        : 'invalid';
  return { adminTokenSet, admin, store, defaultStore: deps.registry.defaultStore };
}

/** Content types a cross-site HTML form (or a `no-cors` fetch) can send without asking first. */
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

/** Whether the request says it carries a form, whether or not it has a body. */
function isFormType(contentType: string): boolean {
  return FORM_TYPES.has((contentType.split(';')[0] ?? '').trim().toLowerCase());
}

/** The request's headers as Node gives them (lowercase names), a repeated one joined by ", ". */
function headersOf(ctx: Context): Record<string, string> {
  const headers = dictionary<string>();
  for (const [name, value] of Object.entries(ctx.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}

function handler(endpoint: ControlEndpoint, deps: ControlDeps): Dispatcher {
  return async (ctx, params) => {
    const caller = callerOf(ctx, deps);
    const store = authorize(endpoint.access, caller, params, deps.headers.accessToken);
    const acrossStores = reachesAcrossStores(caller);
    if (endpoint.takesOver) {
      // The handler answers on the Node response itself (the MCP transport): Koa sends nothing.
      ctx.respond = false;
      const exchange = { req: ctx.req, res: ctx.res };
      try {
        await endpoint.handle({
          deps,
          store,
          params,
          query: queryOf(ctx),
          body: {},
          origin: originOf(ctx),
          acrossStores,
          exchange,
        });
      } catch (error) {
        // Failed before answering: the error middleware's answer is sent as for any route.
        if (!ctx.res.headersSent) ctx.respond = true;
        throw error;
      }
      return;
    }
    const withBody = ctx.method === 'POST' || ctx.method === 'PUT' || ctx.method === 'PATCH';
    // A control write is JSON or nothing: an empty form post (what a page on another site can
    // send without asking) is refused like a form with a body (decision 0040).
    if (withBody && !endpoint.rawBody && isFormType(ctx.get('Content-Type')))
      throw errors.bodyNotJsonType(ctx.get('Content-Type'));
    if (withBody && endpoint.streamsBody && !ctx.is('json'))
      throw errors.bodyNotJsonType(ctx.get('Content-Type'));
    const received = endpoint.rawBody
      ? { headers: headersOf(ctx), bytes: await readBodyBytes(ctx, endpoint.bodyOptions?.limit) }
      : undefined;
    const body =
      withBody && !endpoint.streamsBody && !endpoint.rawBody
        ? await readJsonObject(ctx, endpoint.bodyOptions)
        : {};
    // One command of the store it acts on (all its writes or none); an async route's later steps are
    // commands of their own (a clock advance runs each job as one).
    const result = await store.command(() =>
      endpoint.handle({
        deps,
        store,
        params,
        query: queryOf(ctx),
        body,
        bodyStream: endpoint.streamsBody ? ctx.req : undefined,
        received,
        origin: originOf(ctx),
        acrossStores,
        abandoned: abandonedSignal(ctx.res),
      }),
    );
    respond(ctx, result);
  };
}

export function buildControlRouter(deps: ControlDeps, endpoints = controlEndpoints): Middleware<AppState> {
  const table = new RouteTable<Dispatcher>();
  for (const endpoint of endpoints)
    table.add(endpoint.method, `${CONTROL_PREFIX}${endpoint.path}`, handler(endpoint, deps));
  return serve(table);
}
