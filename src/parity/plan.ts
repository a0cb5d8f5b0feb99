/**
 * What a recording assumes of the store it was made against, read from the recording itself: the
 * header prefix (`X-<prefix>-Access-Token`), the platform word (`shopify_product_id`), the store's
 * default API version and settings (from a recorded `GET /store`), the API version and the time of
 * each exchange (its answer's `Date`), and which entries are exchanges with the service at all (a
 * browser's recording also holds pages, scripts and other hosts).
 */
import { API_VERSIONS, isApiVersion, type ApiVersion } from '../model/versions.js';
import { headerValue, type Exchange, type Recording } from './har.js';
import type { SkippedEntry } from './report.js';

/** One exchange to replay, with what the plan knows of it. */
export interface PlannedExchange extends Exchange {
  readonly version: ApiVersion;
  /** The path with ids as `{id}` (`/customers/{id}/addresses`): how the report groups exchanges. */
  readonly endpoint: string;
  /** When the store's clock should stand as the request is sent (epoch ms), when the recording says. */
  readonly at: number | null;
}

export interface ReplayPlan {
  readonly headerPrefix: string;
  readonly platformWord: string;
  readonly defaultVersion: ApiVersion;
  /** Store settings read from a recorded `GET /store` (currency, time zone, presentment currencies). */
  readonly settings: Readonly<Record<string, unknown>>;
  readonly exchanges: readonly PlannedExchange[];
  readonly skipped: readonly SkippedEntry[];
}

const TOKEN_HEADER = /^x-(.+)-access-token$/i;
const VERSION_HEADER = /^x-(.+)-version$/i;

/** Words before `_product_id` that are fields of their own, not a platform's name. */
const NOT_PLATFORM_WORDS = new Set([
  'external',
  'bundle',
  'checkout',
  'processor',
  'recipient',
  'sender',
  'payment',
]);
/** Where the word shows: in field names (2021-01), or in values naming the platform's records. */
const WORD_PLACES = [
  /"([a-z][a-z0-9]{0,31})_(?:product_id|variant_id|customer_id|order_id)"\s*:/g,
  /"(?:applies_to_resource|resource)"\s*:\s*"([a-z][a-z0-9]{0,31})_(?:product|collection_id)"/g,
];

/** `recharge` → `Recharge`: HTTP/2 recordings write header names in lowercase. */
function capitalized(prefix: string): string {
  if (prefix !== prefix.toLowerCase()) return prefix;
  return prefix
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('-');
}

function prefixOf(recording: Recording): string | undefined {
  if (recording.headerPrefix) return recording.headerPrefix;
  for (const pattern of [TOKEN_HEADER, VERSION_HEADER])
    for (const exchange of recording.exchanges)
      for (const { name } of exchange.requestHeaders) {
        const match = pattern.exec(name);
        if (match?.[1]) return capitalized(match[1]);
      }
  return undefined;
}

/** The platform word most fields name (`shopify` for `shopify_product_id`), `platform` when none does. */
function platformWordOf(exchanges: readonly Exchange[]): string {
  const counts = new Map<string, number>();
  for (const exchange of exchanges)
    for (const text of [exchange.responseBody, exchange.requestBody ?? ''])
      for (const place of WORD_PLACES)
        for (const match of text.matchAll(place)) {
          const word = match[1] ?? '';
          if (!NOT_PLATFORM_WORDS.has(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
        }
  const best = [...counts].sort((a, b) => b[1] - a[1])[0];
  return best?.[0] ?? 'platform';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Settings a recorded `GET /store` answer tells. */
function storeSettingsOf(exchanges: readonly Exchange[]): Record<string, unknown> {
  const answer = exchanges.find(
    (exchange) =>
      exchange.method === 'GET' && /\/store\/?$/.test(exchange.url.pathname) && exchange.status === 200,
  );
  const store = (parseJson(answer?.responseBody ?? '') as { store?: Record<string, unknown> } | undefined)
    ?.store;
  if (!store) return {};
  const settings: Record<string, unknown> = {};
  if (isApiVersion(store.default_api_version)) settings.default_api_version = store.default_api_version;
  if (typeof store.currency === 'string' && /^[A-Z]{3}$/.test(store.currency))
    settings.currency = store.currency;
  if (Array.isArray(store.enabled_presentment_currencies))
    settings.enabled_presentment_currencies = store.enabled_presentment_currencies.filter(
      (code) => typeof code === 'string' && /^[A-Z]{3}$/.test(code),
    );
  const zone = (store.timezone as { iana_name?: unknown } | undefined)?.iana_name;
  if (typeof zone === 'string') settings.timezone = zone;
  return settings;
}

/** The version an answer is in, told by its header, its timestamps' form, or nothing. */
function answeredVersion(exchange: Exchange, prefix: string): ApiVersion | undefined {
  const header = headerValue(exchange.responseHeaders, `X-${prefix}-Version`);
  if (isApiVersion(header)) return header;
  if (/"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}"/.test(exchange.responseBody)) return '2021-11';
  if (/"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}"/.test(exchange.responseBody)) return '2021-01';
  return undefined;
}

/**
 * An exchange's endpoint: its path with ids (segments that are numbers or tokens) as `{id}`.
 *
 * @example
 * endpointOf('GET', '/customers/7123/addresses'); // 'GET /customers/{id}/addresses'
 */
export function endpointOf(method: string, path: string): string {
  const segments = path
    .split('/')
    .map((segment, index) =>
      index >= 2 && /^(\d+|[A-Za-z0-9_-]*\d[A-Za-z0-9_-]*)$/.test(segment) && !/^\d{4}-\d{2}$/.test(segment)
        ? '{id}'
        : segment,
    );
  return `${method} ${segments.join('/').replace(/(.)\/$/, '$1')}`;
}

/** Why an exchange is not one with the service, or undefined when it is. */
function skipReason(exchange: Exchange, apiOrigins: ReadonlySet<string>): string | undefined {
  if (apiOrigins.size > 0 && !apiOrigins.has(exchange.url.origin))
    return `another host (${exchange.url.origin})`;
  // A method no client could send (a damaged or hostile file) is left out rather than stop the replay.
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(exchange.method)) return `not an HTTP method: ${exchange.method}`;
  if (exchange.method === 'OPTIONS') return 'a CORS preflight';
  if (exchange.url.pathname.startsWith('/_emulator')) return "the emulator's control API";
  return undefined;
}

/**
 * Reads what a recording assumes and which of its entries to replay, in order.
 *
 * @example
 * const plan = planReplay(readRecording(text));
 * plan.headerPrefix; // 'Recharge'
 * plan.exchanges[0]?.endpoint; // 'POST /customers'
 */
export function planReplay(recording: Recording): ReplayPlan {
  const headerPrefix = prefixOf(recording) ?? 'Service';
  const tokenHeader = `x-${headerPrefix.toLowerCase()}-access-token`;
  // The service's host is the one requests carry its token to; without any, every host is.
  const apiOrigins = new Set(
    recording.exchanges
      .filter((exchange) => headerValue(exchange.requestHeaders, tokenHeader) !== undefined)
      .map((exchange) => exchange.url.origin),
  );
  const skipped: SkippedEntry[] = [...recording.unreadable];
  const kept: Exchange[] = [];
  for (const exchange of recording.exchanges) {
    const reason = skipReason(exchange, apiOrigins);
    if (reason) skipped.push({ entry: exchange.entry, reason });
    else kept.push(exchange);
  }
  const settings = storeSettingsOf(kept);
  const unasked = kept.filter(
    (exchange) => headerValue(exchange.requestHeaders, `X-${headerPrefix}-Version`) === undefined,
  );
  const defaultVersion =
    (settings.default_api_version as ApiVersion | undefined) ??
    unasked.map((exchange) => answeredVersion(exchange, headerPrefix)).find((version) => version) ??
    API_VERSIONS[1];
  const exchanges = kept.map((exchange): PlannedExchange => {
    const asked = headerValue(exchange.requestHeaders, `X-${headerPrefix}-Version`);
    const date = Date.parse(headerValue(exchange.responseHeaders, 'Date') ?? '');
    return {
      ...exchange,
      version: isApiVersion(asked) ? asked : defaultVersion,
      endpoint: endpointOf(exchange.method, exchange.url.pathname),
      at: Number.isFinite(date) ? date : exchange.startedMs,
    };
  });
  skipped.sort((a, b) => a.entry - b.entry);
  return { headerPrefix, platformWord: platformWordOf(kept), defaultVersion, settings, exchanges, skipped };
}
