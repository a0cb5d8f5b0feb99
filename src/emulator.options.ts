/**
 * What `createEmulator` takes (`EmulatorOptions`) and gives (`Emulator`, `Loaded`), and how the
 * options become the default store's settings and the defaults of stores created later.
 */
import type { Server, ServerOptions } from 'node:http';
import type { LookupFunction } from 'node:net';
import type { ControlClient } from './client/client.js';
import type { StoreObserver } from './store/store.js';
import type { Logger, LogLevel } from './platform/logger.js';
import type { StorageTuning } from './store/persistence.js';
import {
  storeSettingsSchema,
  type SettingsDefaults,
  type StoreSettings,
  type StoreSettingsInput,
} from './store/settings.js';
import type { ApiVersion } from './model/versions.js';
import type { Scenario } from './scenarios/scenario.js';

export interface EmulatorOptions {
  /** Port to listen on (default 4010; 0 picks a free one). */
  port?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Access token of the default store (random when absent). */
  token?: string;
  /**
   * JSON file that persists every store (in memory when absent); changes are appended to
   * `<data>.log` beside it and folded into it in the background (docs/decisions/0025).
   */
  data?: string;
  /** Default API version of the default store and of every store created later (unless its settings say otherwise). */
  apiVersion?: ApiVersion;
  /** Seed of every random value (tokens, secrets, hashes), for reproducible runs. */
  seed?: number;
  /**
   * When set, the control API is shared: a store's token drives its own store's control routes, and
   * routes across stores (list, create, delete stores, tokens) need `Authorization: Bearer <adminToken>`
   * (docs/control-api.md, "Who may call what").
   */
  adminToken?: string;
  /**
   * Host names the emulator answers to besides loopback names (`localhost`, `*.localhost`), IP
   * literals and dotless names (`billing-emulator`); `.example.com` allows it and its subdomains;
   * `'all'` turns the check off (`--allowed-hosts`). Any other `Host` gets 403.
   */
  allowedHosts?: readonly string[] | 'all';
  /** Middle word of the custom headers (default `Service`: `X-Service-Access-Token`, ...). */
  headerPrefix?: string;
  /**
   * The word for the platform (`settings.platform_word`, default `platform`) of the default store and
   * of every store created later unless its settings say otherwise: `shopify` reads and writes
   * `shopify_product_id` where the spec says `platform_product_id`.
   */
  platformWord?: string;
  /** Names for neutral values (`settings.value_names`) of the default store and of stores created later, e.g. `{ platform_a: 'shopify' }`. */
  valueNames?: Record<string, string>;
  /** Longest time a change waits before it is appended to the data file's log (default 100 ms). */
  flushIntervalMs?: number;
  /**
   * Tuning of the data files for tests and benchmarks (compaction thresholds, or the whole-file
   * writes the emulator had before decision 0025).
   *
   * @internal
   */
  storage?: StorageTuning;
  /** Subscribes the default store to every webhook topic at this URL (`--webhook-url`). */
  webhookUrl?: string;
  /**
   * Let webhook deliveries and clones reach link-local and cloud metadata addresses
   * (169.254.169.254, fd00:ec2::254, `metadata.google.internal` ...), refused by default
   * (`--allow-metadata-addresses`). A store's `webhooks.allow_metadata_addresses` allows its own
   * deliveries only.
   */
  allowMetadataAddresses?: boolean;
  /**
   * Resolves the names of webhook receivers and clone sources instead of `dns.lookup`, for tests
   * that must not depend on DNS.
   *
   * @internal
   */
  outboundLookup?: LookupFunction;
  /** Settings of the default store when it is created. */
  settings?: StoreSettingsInput;
  /**
   * Seeds the default store when it is created (not when `data` already holds it): a built-in
   * scenario's name (`small-shop`), a scenario file or a fixture file. `settings` and `apiVersion`
   * win over the scenario's settings. The timeline is not run (`billing-emulator scenario run`).
   */
  scenario?: string | Scenario;
  /**
   * Fills a new default store (not one `data` already holds) with a copy of a store read through
   * the API at `clone.from` (docs/clone.md); the store's dialect, API version, rate limit and token
   * options apply over the settings it reads. Not with `scenario`.
   */
  clone?: EmulatorCloneOptions;
  /** Told how far seeding from `scenario` got (customers loaded of all), e.g. for a progress bar. */
  onSeedProgress?: (done: number, total: number) => void;
  /**
   * The service's rate limit for the default store (`settings.rate_limit`): `true` enforces it
   * (40 calls deep, 2 a second), an object also sizes it. Not enforced unless given; the bucket is
   * counted in `X-<prefix>-Limit` either way.
   */
  rateLimit?: boolean | { enabled?: boolean; size?: number; leakPerSecond?: number };
  /** Requests the default store's journal keeps (`settings.journal_size`, default 1000; 0: none). */
  journalSize?: number;
  /** Bytes each store's request journal keeps at most, the oldest entries going first (default 2 MiB). */
  journalBytes?: number;
  /** Stores the process holds at most, the default one included (default 1,000); one more answers 422. */
  maxStores?: number;
  /** Records one control request may have the fixture generator make (default 50,000); more answers 422. */
  maxGenerate?: number;
  /** A logger (a pino logger fits), or the level of the default one (default `warn`), logging to stderr. */
  logger?: Logger | LogLevel;
  /**
   * How long the HTTP server waits for slow clients before it answers 408 and closes the
   * connection (defaults in `HTTP_TIMEOUTS`): the request headers, the whole request, and an idle
   * keep-alive connection between requests. A client that never finishes cannot hold a socket.
   */
  httpTimeouts?: Partial<HttpTimeouts>;
  /**
   * More observers attached to every store (after the emulator's own), for tests that look at or
   * break a store from inside (an error injected after a command's first write).
   *
   * @internal
   */
  observers?: readonly StoreObserver[];
}

/** Where `createEmulator({ clone })` reads its default store from. */
export interface EmulatorCloneOptions {
  /** Base URL of the API. */
  readonly from: string;
  /** The store's API token there (read scopes are enough). */
  readonly token: string;
  /** Middle word of its headers; default the emulator's `headerPrefix`. */
  readonly headerPrefix?: string;
  /** Lists to read (`customers`, `subscriptions`, ...), with what they need; all when absent. */
  readonly only?: readonly string[];
  /** Told as records come in (a progress bar). */
  readonly onProgress?: (progress: {
    list: string;
    done: number;
    total: number | null;
    finished: boolean;
  }) => void;
}

/** Time-outs of the HTTP server, in milliseconds. */
export interface HttpTimeouts {
  /** Until the request's headers are in (Node's `headersTimeout`). */
  readonly headersMs: number;
  /** Until the whole request, body included, is in (`requestTimeout`). */
  readonly requestMs: number;
  /** An idle keep-alive connection waits this long for its next request (`keepAliveTimeout`). */
  readonly keepAliveMs: number;
}

/** The default time-outs: generous for any client on a developer machine or CI network. */
export const HTTP_TIMEOUTS: HttpTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 };

/**
 * The server options for `timeouts` (the defaults where absent); throws for values Node refuses.
 *
 * @example
 * httpServerOptions({ requestMs: 500 }); // { headersTimeout: 500, requestTimeout: 500, ... }
 */
export function httpServerOptions(timeouts: Partial<HttpTimeouts> = {}): ServerOptions {
  const wanted = { ...HTTP_TIMEOUTS, ...timeouts };
  for (const [name, value] of Object.entries(wanted)) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`Invalid HTTP time-out ${name}: ${value}`);
  }
  const { requestMs, keepAliveMs } = wanted;
  // Node wants the headers in before the whole request is.
  const headersMs = Math.min(wanted.headersMs, requestMs);
  return {
    headersTimeout: headersMs,
    requestTimeout: requestMs,
    keepAliveTimeout: keepAliveMs,
    // Node checks the first two only this often (30 s by default): a tenth of the shorter one.
    connectionsCheckingInterval: Math.max(10, Math.min(1_000, Math.floor(headersMs / 10))),
  };
}

export interface Emulator {
  /** Base URL, e.g. `http://127.0.0.1:4010`. */
  readonly url: string;
  /** Access token of the default store (every scope). */
  readonly token: string;
  /** Client secret of the default store (webhook signatures). */
  readonly clientSecret: string;
  readonly storeId: number;
  /** Default API version of the default store. */
  readonly apiVersion: ApiVersion;
  /** What the default store came from: the data file's stores, a scenario seeded or ignored. */
  readonly loaded: Loaded;
  /** Typed control-API client bound to the default store. */
  readonly control: ControlClient;
  readonly server: Server;
  /**
   * Stops listening and writes pending changes to the data file; rejects when they could not be
   * written (the files then hold the state of the last write that worked).
   */
  close(): Promise<void>;
}

/** What an emulator started from (the start banner says it). */
export interface Loaded {
  /** Stores read from the data file (0 when it was empty or absent). */
  readonly storesFromData: number;
  /**
   * The scenario asked for: `seeded` with the customers and subscriptions it made, or not,
   * because the data file already held the default store.
   */
  readonly scenario?: {
    readonly name: string;
    readonly seeded: boolean;
    readonly customers?: number;
    readonly subscriptions?: number;
  };
  /**
   * The clone asked for (`clone.from`): `cloned` with the records it copied by list, or not,
   * because the data file already held the default store.
   */
  readonly clone?: {
    readonly from: string;
    readonly cloned: boolean;
    readonly counts?: Readonly<Record<string, number>>;
  };
}

/**
 * The default store's settings with the rate-limit and journal options applied over them.
 *
 * @example
 * withTrafficOptions(settings, { rateLimit: { size: 10 } }).rate_limit; // { enabled: false, size: 10, leak_per_second: 2 }
 */
export function withTrafficOptions(settings: StoreSettings, options: EmulatorOptions): StoreSettings {
  const { rateLimit, journalSize } = options;
  if (rateLimit === undefined && journalSize === undefined) return settings;
  const current = settings.rate_limit;
  const wanted =
    typeof rateLimit === 'object'
      ? {
          enabled: rateLimit.enabled ?? true,
          size: rateLimit.size ?? current.size,
          leak_per_second: rateLimit.leakPerSecond ?? current.leak_per_second,
        }
      : { ...current, enabled: rateLimit ?? current.enabled };
  const problems = (error: { issues: readonly { path: PropertyKey[]; message: string }[] }) =>
    error.issues
      .map((issue) => `${issue.path.map(String).join('.') || 'value'}: ${issue.message}`)
      .join('; ');
  const rate = storeSettingsSchema.shape.rate_limit.safeParse(wanted);
  if (!rate.success) throw new Error(`Invalid rate limit (${problems(rate.error)})`);
  const journal = storeSettingsSchema.shape.journal_size.safeParse(journalSize ?? settings.journal_size);
  if (!journal.success) throw new Error(`Invalid journal size ${journalSize} (${problems(journal.error)})`);
  return { ...settings, rate_limit: rate.data, journal_size: journal.data };
}

/**
 * The default store's settings with the wire dialect options applied over them (a data file's
 * store takes them too, as it takes `apiVersion`).
 *
 * @example
 * withDialectOptions(settings, { platformWord: 'shopify' }).platform_word; // 'shopify'
 */
export function withDialectOptions(settings: StoreSettings, options: EmulatorOptions): StoreSettings {
  const { platformWord, valueNames } = options;
  if (platformWord === undefined && valueNames === undefined) return settings;
  const parsed = storeSettingsSchema.pick({ platform_word: true, value_names: true }).safeParse({
    platform_word: platformWord ?? settings.platform_word,
    value_names: valueNames ?? settings.value_names,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.map(String).join('.') || 'value'}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid platform word or value names (${problems})`);
  }
  return { ...settings, ...parsed.data };
}

/**
 * The start options every store created later inherits unless its settings say otherwise: the
 * wire dialect and the API version (decision 0037).
 *
 * @example
 * settingsDefaultsOf({ platformWord: 'shopify' }); // { platform_word: 'shopify' }
 */
export function settingsDefaultsOf(options: EmulatorOptions): SettingsDefaults {
  return {
    ...(options.apiVersion ? { default_api_version: options.apiVersion } : {}),
    ...(options.platformWord !== undefined ? { platform_word: options.platformWord } : {}),
    ...(options.valueNames !== undefined ? { value_names: options.valueNames } : {}),
  };
}
