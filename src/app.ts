/**
 * createApp(deps): assembles the Koa app. It never listens by itself, so tests can drive it
 * in-process; `createEmulator` wires it to a server.
 */
import Koa from 'koa';
import type { Logger } from './platform/logger.js';
import { buildControlRouter, CONTROL_PREFIX } from './control/control.router.js';
import { identify } from './http/auth.middleware.js';
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
  readonly endpoints?: readonly Endpoint[];
}

export function createApp(deps: AppDeps): Koa<AppState> {
  const app = new Koa<AppState>();
  app.silent = true;
  const control = buildControlRouter(deps);
  const identityOf = identify(deps.registry, deps.headers);
  const api = buildApiRouter(deps.endpoints ?? allEndpoints);

  app.use(errorMiddleware(deps.logger));
  app.use((ctx, next) => {
    if (ctx.path.startsWith(CONTROL_PREFIX)) return control(ctx, next);
    ctx.state.identity = identityOf(ctx);
    return api(ctx, next);
  });
  return app;
}
