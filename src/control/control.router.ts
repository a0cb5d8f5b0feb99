/**
 * Serves `/_emulator/...`: the routes that let users do what the real service never allows.
 * Optionally guarded by an admin token; acts on the store of the access token sent, or on the
 * default store when none is sent.
 */
import type { Context, Middleware } from 'koa';
import { timingSafeEqual } from 'node:crypto';
import { errors } from '../errors/messages.js';
import { dictionary } from '../platform/dictionary.js';
import { abandonedSignal } from '../http/abandoned.js';
import { readBodyBytes, readJsonObject } from '../http/body.js';
import { originOf, queryOf, respond, serve, type Dispatcher } from '../http/router.js';
import { RouteTable } from '../http/route-table.js';
import type { AppState } from '../http/state.js';
import { clockControlEndpoints } from './clock.routes.js';
import { CONTROL_PREFIX, type ControlDeps, type ControlEndpoint } from './control.types.js';
import { creditControlEndpoints } from './credits.routes.js';
import { notificationControlEndpoints } from './notifications.routes.js';
import { faultControlEndpoints } from './faults.routes.js';
import { inboxControlEndpoints } from './inbox.routes.js';
import { openApiEndpoint } from './openapi.js';
import { parityControlEndpoints } from './parity.routes.js';
import { platformCheckoutControlEndpoints } from './platform-checkout.routes.js';
import { requestControlEndpoints } from './requests.routes.js';
import { storeControlEndpoints } from './stores.routes.js';
import { installControlEndpoints } from './install.routes.js';
import { portalControlEndpoints } from './portal.routes.js';
import { webhookControlEndpoints } from './webhooks.routes.js';
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
  public: true,
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
];

function adminTokenMatches(ctx: Context, expected: string): boolean {
  const match = /^Bearer (.+)$/.exec(ctx.get('Authorization'));
  const given = Buffer.from(match?.[1] ?? '');
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The request's headers as Node gives them (lowercase names), a repeated one joined by ", ". */
function headersOf(ctx: Context): Record<string, string> {
  const headers = dictionary<string>();
  for (const [name, value] of Object.entries(ctx.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
}

function handler(endpoint: ControlEndpoint, deps: ControlDeps): Dispatcher {
  const tokenHeader = deps.headers.accessToken.toLowerCase();
  return async (ctx, params) => {
    if (!endpoint.public && deps.adminToken && !adminTokenMatches(ctx, deps.adminToken)) {
      throw errors.unauthorized('Authorization (Bearer admin token)');
    }
    const token = ctx.headers[tokenHeader];
    let store = deps.registry.defaultStore;
    if (typeof token === 'string' && token !== '') {
      const auth = deps.registry.authenticate(token);
      if (!auth) throw errors.unauthorized(deps.headers.accessToken);
      store = auth.store;
    }
    const withBody = ctx.method === 'POST' || ctx.method === 'PUT' || ctx.method === 'PATCH';
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
