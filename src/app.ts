/**
 * createApp(deps): assembles the Koa app. It never listens by itself, so tests can drive it
 * in-process; `createEmulator` wires it to a server.
 */
import Koa, { type Middleware } from 'koa';
import type { Logger } from './platform/logger.js';
import type { OutboundOptions } from './platform/outbound.js';
import type { PersistenceHealth } from './platform/persistence/write-health.js';
import { buildControlRouter, CONTROL_PREFIX } from './control/control.router.js';
import { browserRedirect } from './control/ui.routes.js';
import { buildApiPipeline } from './http/api-pipeline.js';
import type { AllowedHosts } from './http/allowed-hosts.js';
import { guardRequest } from './http/guard.js';
import { errorMiddleware } from './http/errors.middleware.js';
import type { HeaderNames } from './http/headers.js';
import { buildApiRouter } from './http/router.js';
import type { AppState } from './http/state.js';
import type { Endpoint } from './http/types.js';
import { endpoints as allEndpoints } from './resources/index.js';
import type { StoreRegistry } from './store/registry.js';

export interface AppDeps {
  readonly registry: StoreRegistry;
  readonly headers: HeaderNames;
  readonly logger: Logger;
  readonly adminToken?: string;
  /** Hosts answered besides loopback names, IP literals and dotless names (`'all'`: any); none when absent. */
  readonly allowedHosts?: AllowedHosts;
  readonly endpoints?: readonly Endpoint[];
  /** The emulator's own loopback URL once it listens (scenario runs call it over HTTP). */
  readonly selfUrl?: () => string | undefined;
  /** The data files' state, for `GET /_emulator/health`. */
  readonly persistence?: { health(): PersistenceHealth | null };
  /** Aborted when the emulator closes: responses that never end by themselves (the stream) end then. */
  readonly closing?: AbortSignal;
  /** Whether clones may read link-local and cloud metadata addresses (refused by default). */
  readonly outbound?: OutboundOptions;
}

export function createApp(deps: AppDeps): Koa<AppState> {
  const app = new Koa<AppState>();
  app.silent = true;
  const control = buildControlRouter(deps);
  // Faults, the rate limit and the journal apply to the emulated API only, never to /_emulator.
  const api = buildApiPipeline({ ...deps, router: buildApiRouter(deps.endpoints ?? allEndpoints) });

  // Before anything else answers: only known hosts, and no cross-site changes (decision 0040).
  const guard = guardRequest({ allowedHosts: deps.allowedHosts ?? [], controlPrefix: CONTROL_PREFIX });

  // One layer, run by the error middleware itself: each layer Koa composes costs every request a
  // closure and a promise (decisions 0048, 0052).
  const route: Middleware<AppState> = (ctx, next) => {
    guard(ctx);
    const path = ctx.path;
    if (path.startsWith(CONTROL_PREFIX)) return control(ctx, next);
    // Only `/` and `/favicon.ico` may be a browser's redirect to the dashboard.
    const to =
      path === '/' || path === '/favicon.ico'
        ? browserRedirect({ method: ctx.method, path, accept: ctx.get('Accept') })
        : null;
    if (to === null) return api(ctx, next);
    ctx.redirect(to);
    return undefined;
  };
  app.use(errorMiddleware(deps.logger, route));
  return app;
}
