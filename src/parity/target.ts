/**
 * The emulator a recording is replayed against: a new store made through the control API of an
 * emulator at a URL, or of one started in-process for the replay. The store is made as the
 * recording assumes (version, platform word, settings, clock); webhooks only go to its outbox, so
 * a replay never calls a receiver the recording named. Requests are sent with the store's token
 * and the emulator's header names; answers come back under the recording's header names.
 */
import { ControlClient } from '../client/client.js';
import { toIso } from '../platform/clock.js';
import type { Answer } from './compare.js';
import type { HeaderPair } from './har.js';
import type { IdMap } from './id-map.js';
import type { PlannedExchange, ReplayPlan } from './plan.js';

export interface TargetOptions {
  /** Base URL of a running emulator; absent: one is started with `startEmulator` for the replay. */
  readonly url?: string;
  /**
   * Starts an emulator for the replay when no `url` is given (the command line passes
   * createEmulator's), speaking the recording's header prefix.
   */
  readonly startEmulator?: (headerPrefix: string) => Promise<StartedForReplay>;
  /** The admin token of the emulator at `url`, when it has one. */
  readonly adminToken?: string;
  /** Names the store made for the replay. */
  readonly storeName?: string;
}

/** An emulator started for one replay. */
export interface StartedForReplay {
  readonly url: string;
  close(): Promise<void>;
}

export interface ReplayTarget {
  readonly baseUrl: string;
  readonly storeId: number;
  readonly token: string;
  /** The control client of the replay's store. */
  readonly control: ControlClient;
  /** Moves the store's clock to `ms` when it is behind (running the jobs due on the way). */
  advanceTo(ms: number): Promise<void>;
  /** Sends a recorded request, ids rewritten, and answers with the emulator's answer. */
  send(exchange: PlannedExchange, ids: IdMap): Promise<Answer>;
  /** Deletes nothing (the store stays to be looked at); stops an in-process emulator. */
  close(): Promise<void>;
}

/** Headers never copied from a recording: the connection's own, and the credential. */
const DROPPED =
  /^(:.*|host|content-length|connection|keep-alive|transfer-encoding|te|upgrade|accept-encoding|cookie|proxy-.*|x-.+-access-token)$/i;

/** The header prefix an emulator was started with, read from its control API description. */
export async function prefixAt(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/_emulator/openapi.json`);
  const match = /"name":"X-([^"]+)-Access-Token"/.exec(await response.text());
  return match?.[1] ?? 'Service';
}

function renamed(name: string, from: string, to: string): string {
  const own = `x-${from.toLowerCase()}-`;
  return name.toLowerCase().startsWith(own) ? `X-${to}-${name.slice(own.length)}` : name;
}

function requestHeaders(exchange: PlannedExchange, recordedPrefix: string, prefix: string, token: string) {
  const headers = new Headers();
  for (const { name, value } of exchange.requestHeaders)
    if (!DROPPED.test(name)) headers.append(renamed(name, recordedPrefix, prefix), value);
  headers.set(`X-${prefix}-Access-Token`, token);
  return headers;
}

function requestBody(exchange: PlannedExchange, ids: IdMap): string | undefined {
  if (exchange.requestBody === undefined || exchange.method === 'GET' || exchange.method === 'HEAD')
    return undefined;
  try {
    return JSON.stringify(ids.body(JSON.parse(exchange.requestBody)));
  } catch {
    return exchange.requestBody;
  }
}

/** Settings the recording assumes, without those the emulator refuses (checked one by one). */
async function createStore(control: ControlClient, plan: ReplayPlan, name: string, now: string | undefined) {
  const settings: Record<string, unknown> = {
    ...plan.settings,
    default_api_version: plan.defaultVersion,
    platform_word: plan.platformWord,
    webhooks: { mode: 'outbox' },
  };
  const clock = { ...(now ? { now } : {}), mode: 'frozen' as const };
  try {
    return await control.createStore({ name, settings, clock });
  } catch {
    // A setting this emulator does not take (an unknown time zone): the recording's version and
    // words matter most, the rest keeps its defaults.
    const { default_api_version, platform_word, webhooks } = settings;
    return control.createStore({ name, settings: { default_api_version, platform_word, webhooks }, clock });
  }
}

/**
 * Opens a new store for `plan` on the emulator at `options.url`, or on one started here.
 *
 * @example
 * const target = await openTarget(plan, { url: 'http://127.0.0.1:4010' });
 */
export async function openTarget(plan: ReplayPlan, options: TargetOptions = {}): Promise<ReplayTarget> {
  let baseUrl = options.url?.replace(/\/$/, '');
  let stop = async (): Promise<void> => undefined;
  let prefix = plan.headerPrefix;
  if (baseUrl === undefined) {
    if (!options.startEmulator) throw new Error('A replay needs the url of an emulator or startEmulator.');
    const emulator = await options.startEmulator(plan.headerPrefix);
    baseUrl = emulator.url;
    stop = () => emulator.close();
  } else prefix = await prefixAt(baseUrl);
  const first = plan.exchanges.find((exchange) => exchange.at !== null)?.at ?? null;
  const admin = new ControlClient({ baseUrl, adminToken: options.adminToken, headerPrefix: prefix });
  const created = await createStore(
    admin,
    plan,
    options.storeName ?? 'Parity replay',
    first === null ? undefined : toIso(first),
  );
  const control = admin.forStore(created.token);
  let clock = Date.parse(created.store.clock.now);
  const url = baseUrl;
  return {
    baseUrl: url,
    storeId: created.store.id,
    token: created.token,
    control,
    async advanceTo(ms) {
      // The clock has whole seconds; a recorded time within the current second needs no move.
      if (Math.floor(ms / 1000) * 1000 <= clock) return;
      const report = await control.advanceClock({ to: toIso(ms) });
      clock = Date.parse(report.now);
    },
    async send(exchange, ids) {
      const target = `${url}${ids.path(exchange.url.pathname)}${ids.query(exchange.url.search)}`;
      const response = await fetch(target, {
        method: exchange.method,
        headers: requestHeaders(exchange, plan.headerPrefix, prefix, created.token),
        body: requestBody(exchange, ids),
        redirect: 'manual',
      });
      const headers: HeaderPair[] = [];
      response.headers.forEach((value, name) =>
        headers.push({ name: renamed(name, prefix, plan.headerPrefix), value }),
      );
      return { status: response.status, headers, body: await response.text() };
    },
    close: stop,
  };
}
