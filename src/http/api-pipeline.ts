/**
 * The emulated API's request pipeline: authenticate (token → store) → answer headers (version,
 * bucket) → journal → rate limit → fault → version → router (route → scope → gate → body →
 * handler). A request that names no store gets its 401 from the error middleware and is recorded
 * nowhere. Everything after authentication is answered here, errors included, so the journal sees
 * the status and body the client gets.
 *
 * With the journal off, no enforced rate limit, no fault rule and no fault header, a request goes
 * straight to the router; with the journal on (the default) it costs one entry and one promise step.
 */
import type { Context, Middleware, Next } from 'koa';
import { errors } from '../errors/messages.js';
import { FAULT_HEADER } from '../platform/faults/fault-header.js';
import type { SelectedFault } from '../platform/faults/fault-rules.js';
import type { Journal, JournalEntry } from '../platform/journal/journal.js';
import type { Logger } from '../platform/logger.js';
import type { Authenticated, StoreRegistry } from '../store/registry.js';
import { DEFAULT_API_VERSION, type ApiVersion } from '../model/versions.js';
import { DEFAULT_RATE_LIMIT } from '../store/settings.js';
import { answerHeaders } from './answer-headers.js';
import { assertInstalled, authenticator, identityOf, requestedVersion } from './auth.middleware.js';
import { dialectOf, type Dialect } from './dialect.js';
import { renderError } from './errors.middleware.js';
import { runFault } from './fault.step.js';
import type { HeaderNames } from './headers.js';
import { beginEntry, finishEntry } from './journal.step.js';
import type { AppState } from './state.js';

export interface ApiPipelineDeps {
  readonly registry: StoreRegistry;
  readonly headers: HeaderNames;
  readonly logger: Logger;
  /** Dispatches an identified request (`buildApiRouter`). */
  readonly router: Middleware<AppState>;
}

type StateContext = Context & { state: AppState };

const FAULT_HEADER_KEY = FAULT_HEADER.toLowerCase();

/** Runs `run`, answering whatever it throws on `ctx`; never rejects. */
function settle(ctx: StateContext, logger: Logger, dialect: Dialect, run: () => unknown): Promise<void> {
  const fail = (error: unknown) => renderError(ctx, error, logger, dialect);
  try {
    const result = run();
    return result instanceof Promise ? result.then(() => undefined, fail) : Promise.resolve();
  } catch (error) {
    fail(error);
    return Promise.resolve();
  }
}

/** The header's fault if it gives one for this try, else the first rule that fires. */
function chooseFault(
  ctx: StateContext,
  auth: Authenticated,
  version: ApiVersion | undefined,
  header: string | string[] | undefined,
): SelectedFault | undefined {
  const traffic = auth.store.traffic;
  if (header !== undefined) {
    const sent = ctx.get('X-Request-Id');
    const requestId = sent !== '' && sent === ctx.state.requestId ? sent : undefined;
    const fault = traffic.headerFaults.next(Array.isArray(header) ? header.join(',') : header, requestId);
    if (fault) return fault;
  }
  if (traffic.faults.size === 0) return undefined;
  return traffic.faults.select({ method: ctx.method, path: ctx.path, version });
}

/** The common case, kept to one promise step: serve, answer any error, record the outcome. */
function journalOnly(
  ctx: StateContext,
  journal: Journal,
  entry: JournalEntry,
  serve: () => Promise<unknown>,
  logger: Logger,
  dialect: Dialect,
): Promise<void> {
  const fail = (error: unknown): void => {
    renderError(ctx, error, logger, dialect);
    finishEntry(journal, entry, ctx);
  };
  let served: Promise<unknown>;
  try {
    served = serve();
  } catch (error) {
    fail(error);
    return Promise.resolve();
  }
  return served.then(() => finishEntry(journal, entry, ctx), fail);
}

/**
 * @example
 * app.use((ctx, next) => (ctx.path.startsWith('/_emulator') ? control(ctx, next) : api(ctx, next)));
 * // where api = buildApiPipeline({ registry, headers, logger, router: buildApiRouter(endpoints) })
 */
export function buildApiPipeline(deps: ApiPipelineDeps): Middleware<AppState> {
  const { headers, logger, router } = deps;
  const authenticate = authenticator(deps.registry, headers);
  const versionOf = requestedVersion(headers);
  const { registry } = deps;
  const stamps = answerHeaders(
    headers,
    () => registry.settingsDefaults.default_api_version ?? DEFAULT_API_VERSION,
    DEFAULT_RATE_LIMIT.size,
  );

  return (ctx: StateContext, next: Next) => {
    let auth: Authenticated;
    try {
      auth = authenticate(ctx);
    } catch (error) {
      stamps.stampAnonymous(ctx);
      throw error;
    }
    const { store } = auth;
    const version = versionOf(ctx, auth);
    // A request naming no version is answered (426) in the store's default one.
    const reading = stamps.stamp(ctx, auth, version ?? store.settings.default_api_version);
    assertInstalled(auth);
    const serve = () => {
      ctx.state.identity = identityOf(ctx, auth, version, headers);
      return router(ctx, next);
    };
    const faultHeader = ctx.headers[FAULT_HEADER_KEY];
    // The bucket is counted for every store; only a store that enforces its limit refuses.
    const refused = !reading.allowed && store.settings.rate_limit.enabled;
    const journal = store.traffic.journal;
    const entry = beginEntry(ctx, auth);
    const dialect = dialectOf(store);
    if (!refused && store.traffic.faults.size === 0 && faultHeader === undefined) {
      if (entry) return journalOnly(ctx, journal, entry, serve, logger, dialect);
      // Errors of a store with its own words are answered here, in its words; the others by errorMiddleware.
      return dialect.neutral ? serve() : settle(ctx, logger, dialect, serve);
    }

    const done = settle(ctx, logger, dialect, () => {
      if (refused) throw errors.tooManyRequests();
      const fault = chooseFault(ctx, auth, version, faultHeader);
      if (!fault) return serve();
      if (entry) entry.fault = fault.record;
      return runFault(ctx, fault, () => settle(ctx, logger, dialect, serve), {
        headers,
        bucketSize: store.settings.rate_limit.size,
        entry,
      });
    });
    return entry ? done.then(() => finishEntry(journal, entry, ctx)) : done;
  };
}
