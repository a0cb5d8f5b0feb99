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

/** Whether `value` is a promise (the request has async work: a body to read, an async handler). */
function isPromise(value: unknown): value is Promise<unknown> {
  return value instanceof Promise;
}

/**
 * The common case: serve, answer any error, record the outcome. A request served synchronously (a
 * read) is recorded at once, with no promise step; one with async work, when it settles.
 */
function journalOnly(
  ctx: StateContext,
  journal: Journal,
  entry: JournalEntry,
  serve: Served,
  logger: Logger,
  dialect: Dialect,
): Promise<void> | undefined {
  let served: unknown;
  try {
    served = serve.run();
  } catch (error) {
    renderError(ctx, error, logger, dialect);
    finishEntry(journal, entry, ctx);
    return undefined;
  }
  if (!isPromise(served)) {
    finishEntry(journal, entry, ctx);
    return undefined;
  }
  return served.then(
    () => finishEntry(journal, entry, ctx),
    (error: unknown) => {
      renderError(ctx, error, logger, dialect);
      finishEntry(journal, entry, ctx);
    },
  );
}

/**
 * One request's way to the router: the identity (426 for a version it does not know), then the
 * route. One object a request where a closure would hold the same in a context of its own.
 */
class Served {
  constructor(
    private readonly ctx: StateContext,
    private readonly next: Next,
    private readonly auth: Authenticated,
    private readonly version: ApiVersion | undefined,
    private readonly headers: HeaderNames,
    private readonly router: Middleware<AppState>,
  ) {}

  /** Serves the request; a promise when it has async work, else undefined. */
  run(): unknown {
    const ctx = this.ctx;
    ctx.state.identity = identityOf(ctx, this.auth, this.version, this.headers);
    return this.router(ctx, this.next);
  }
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
    const serve = new Served(ctx, next, auth, version, headers, router);
    const faultHeader = ctx.headers[FAULT_HEADER_KEY];
    // The bucket is counted for every store; only a store that enforces its limit refuses.
    const refused = !reading.allowed && store.settings.rate_limit.enabled;
    const journal = store.traffic.journal;
    const entry = beginEntry(ctx, auth);
    const dialect = dialectOf(store);
    if (!refused && store.traffic.faults.size === 0 && faultHeader === undefined) {
      if (entry) return journalOnly(ctx, journal, entry, serve, logger, dialect);
      // Errors of a store with its own words are answered here, in its words; the others by errorMiddleware.
      if (dialect.neutral) return serve.run();
      return settle(ctx, logger, dialect, () => serve.run());
    }

    const done = settle(ctx, logger, dialect, () => {
      if (refused) throw errors.tooManyRequests();
      const fault = chooseFault(ctx, auth, version, faultHeader);
      if (!fault) return serve.run();
      if (entry) entry.fault = fault.record;
      return runFault(ctx, fault, () => settle(ctx, logger, dialect, () => serve.run()), {
        headers,
        bucketSize: store.settings.rate_limit.size,
        entry,
      });
    });
    return entry ? done.then(() => finishEntry(journal, entry, ctx)) : done;
  };
}
