/**
 * The clone's client of the real API: GET requests only, each list read page by page with its
 * cursors (2021-11 `next_cursor`, 2021-01 the `Link` header's `page_info`), within the service's
 * rate limit: it waits when the `X-<prefix>-Limit: used/size` header says the bucket is nearly
 * full and when it gets 429, and tries a 5xx or a dropped connection again a bounded number of
 * times. Waiting goes through an injectable `wait`, so tests move time instead of sleeping.
 */
import { monotonicMs } from '../platform/clock.js';
import { refusedUrlReason, type OutboundOptions } from '../platform/outbound.js';
import type { ApiVersion } from '../model/versions.js';

/** Why a clone stopped: the upstream refused or kept failing (the message says which and how). */
export class CloneError extends Error {
  constructor(
    message: string,
    /** The status of the last answer, when there was one. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'CloneError';
  }
}

/** A clone refused before any request: the upstream is at a link-local or cloud metadata address. */
export class RefusedUpstream extends CloneError {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedUpstream';
  }
}

/** An answer the clone cannot use for one collection (a missing scope, a plan-gated endpoint). */
export class UnavailableList extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`GET ${path} answered ${status}${bodyText(body)}`);
    this.name = 'UnavailableList';
  }
}

export interface UpstreamOptions {
  /** Base URL of the API, e.g. `https://api.example.com` (or an emulator's URL). */
  readonly baseUrl: string;
  readonly token: string;
  /** Middle word of the headers (`X-<prefix>-Access-Token`); default `Service`. */
  readonly headerPrefix?: string;
  /** Records per page (at most 250, the API's maximum; default 250). */
  readonly pageSize?: number;
  /** Tries of a request that gets 5xx or no answer (default 5). */
  readonly attempts?: number;
  /** Calls the bucket drains a second (api-facts: 2); how long a wait on a full bucket lasts. */
  readonly leakPerSecond?: number;
  /** Calls kept free in the bucket before the client waits (default 2). */
  readonly reserve?: number;
  /** Replaces `fetch` (tests). */
  readonly fetch?: typeof fetch;
  /** Waits `ms` (default a timer); tests move a clock instead. */
  readonly wait?: (ms: number) => Promise<void>;
  /** Whether a link-local or cloud metadata address may be read (refused by default). */
  readonly outbound?: OutboundOptions;
}

/** What the client did, for the clone's summary. */
export interface UpstreamStats {
  requests: number;
  /** Waits on the rate limit (a nearly full bucket or a 429). */
  rate_limit_waits: number;
  /** 429 answers met (each waited on and tried again). */
  too_many_requests: number;
  /** Requests tried again after a 5xx or a dropped connection. */
  retries: number;
  /** Milliseconds spent waiting. */
  waited_ms: number;
}

const RETRY_BACKOFF_MS = [500, 1_000, 2_000, 4_000, 8_000];

function bodyText(body: unknown): string {
  if (body === undefined || body === '') return '';
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return `: ${text.length > 300 ? `${text.slice(0, 300)}...` : text}`;
}

/** One page of a list: its records and where the next one is (null: the last). */
export interface Page {
  readonly records: readonly unknown[];
  readonly next: Record<string, string> | null;
}

export class Upstream {
  readonly stats: UpstreamStats = {
    requests: 0,
    rate_limit_waits: 0,
    too_many_requests: 0,
    retries: 0,
    waited_ms: 0,
  };
  private readonly base: string;
  private readonly limitHeader: string;
  private readonly tokenHeader: string;
  private readonly versionHeader: string;
  private readonly fetch: typeof fetch;
  private readonly wait: (ms: number) => Promise<void>;
  /** The check of the upstream's address, made before the first request. */
  private addressChecked: Promise<void> | undefined;

  constructor(readonly options: UpstreamOptions) {
    let url: URL;
    try {
      url = new URL(options.baseUrl);
    } catch {
      throw new CloneError(`Not a URL: ${options.baseUrl}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new CloneError(`Not an http(s) URL: ${options.baseUrl}`);
    this.base = url.href.replace(/\/$/, '');
    const prefix = options.headerPrefix ?? 'Service';
    this.limitHeader = `x-${prefix.toLowerCase()}-limit`;
    this.tokenHeader = `X-${prefix}-Access-Token`;
    this.versionHeader = `X-${prefix}-Version`;
    this.fetch = options.fetch ?? fetch;
    this.wait = options.wait ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  /**
   * Refuses an upstream at a link-local or cloud metadata address, by its host or by what its name
   * resolves to (src/platform/outbound.ts), unless allowed; the requests follow no redirect.
   */
  private checkAddress(): Promise<void> {
    this.addressChecked ??= (async () => {
      const outbound = this.options.outbound ?? {};
      if (outbound.allowMetadataAddresses) return;
      const reason = await refusedUrlReason(new URL(this.base), outbound.lookup);
      if (reason !== null)
        throw new RefusedUpstream(
          `Refused to read ${this.base}: ${reason}. Allow it with --allow-metadata-addresses (createEmulator: allowMetadataAddresses).`,
        );
    })();
    return this.addressChecked;
  }

  get pageSize(): number {
    return Math.min(250, Math.max(1, this.options.pageSize ?? 250));
  }

  private async pause(ms: number, rateLimit: boolean): Promise<void> {
    if (rateLimit) this.stats.rate_limit_waits += 1;
    this.stats.waited_ms += ms;
    await this.wait(ms);
  }

  /** Waits when the answer says the bucket is nearly full: until it has drained below the reserve. */
  private async respectLimit(headers: Headers): Promise<void> {
    const match = /^(\d+)\/(\d+)$/.exec(headers.get(this.limitHeader)?.trim() ?? '');
    if (!match) return;
    const used = Number(match[1]);
    const size = Number(match[2]);
    const reserve = Math.min(this.options.reserve ?? 2, size - 1);
    const over = used - (size - reserve) + 1;
    if (over > 0) await this.pause((over / this.leak) * 1000, true);
  }

  private get leak(): number {
    return this.options.leakPerSecond ?? 2;
  }

  /**
   * `GET path` in `version`: the parsed body and headers of a 2xx answer. Waits and tries again on
   * 429, on 5xx and on a dropped connection (up to `attempts` tries); throws `UnavailableList` for
   * 403, 404, 405 and 501 (the collection is left out) and `CloneError` for anything else.
   */
  async get(
    path: string,
    version: ApiVersion,
    query: Record<string, string> = {},
  ): Promise<{ body: unknown; headers: Headers }> {
    const url = new URL(this.base + path);
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
    await this.checkAddress();
    const attempts = Math.max(1, this.options.attempts ?? 5);
    let failures = 0;
    for (;;) {
      let response: Response;
      this.stats.requests += 1;
      try {
        response = await this.fetch(url, {
          headers: {
            [this.tokenHeader]: this.options.token,
            [this.versionHeader]: version,
            Accept: 'application/json',
          },
          // A redirect is an answer (refused below), never followed to an address not checked.
          redirect: 'manual',
        });
      } catch (error) {
        failures += 1;
        const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
        if (failures >= attempts)
          throw new CloneError(
            `GET ${url.pathname}${url.search} got no answer ${attempts} times in a row (${cause}); stopped.`,
          );
        this.stats.retries += 1;
        await this.pause(RETRY_BACKOFF_MS[failures - 1] ?? 8_000, false);
        continue;
      }
      const text = await response.text();
      const body = parseBody(text);
      if (response.status === 429) {
        this.stats.too_many_requests += 1;
        const after = Number(response.headers.get('retry-after'));
        await this.pause(after > 0 ? after * 1000 : 1000 / this.leak, true);
        continue;
      }
      if (response.status >= 500) {
        failures += 1;
        if (failures >= attempts)
          throw new CloneError(
            `GET ${url.pathname}${url.search} answered ${response.status} ${attempts} times in a row${bodyText(body)}; stopped.`,
            response.status,
          );
        this.stats.retries += 1;
        await this.pause(RETRY_BACKOFF_MS[failures - 1] ?? 8_000, false);
        continue;
      }
      if (response.status === 401)
        throw new CloneError(`The upstream refused the token (401)${bodyText(body)}.`, 401);
      if ([403, 404, 405, 501].includes(response.status))
        throw new UnavailableList(url.pathname, response.status, body);
      if (response.status >= 300)
        throw new CloneError(
          `GET ${url.pathname}${url.search} answered ${response.status}${bodyText(body)}.`,
          response.status,
        );
      await this.respectLimit(response.headers);
      return { body, headers: response.headers };
    }
  }

  /**
   * One page of the list at `path` (`key` names its records in the answer): the first with
   * `query`, the next ones with what the page before returned in `next`.
   */
  async page(path: string, key: string, version: ApiVersion, query: Record<string, string>): Promise<Page> {
    const { body, headers } = await this.get(path, version, { ...query, limit: String(this.pageSize) });
    const answer = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const records = answer[key];
    if (!Array.isArray(records))
      throw new CloneError(`GET ${path} answered without a ${key} list${bodyText(body)}.`);
    if (version === '2021-11') {
      const cursor = answer.next_cursor;
      return { records, next: typeof cursor === 'string' && cursor !== '' ? { cursor } : null };
    }
    const pageInfo = nextPageInfo(headers.get('link'));
    return { records, next: pageInfo === null ? null : { page_info: pageInfo } };
  }

  /**
   * Every record of a list, page after page; `onPage` is told after each with the records so far.
   *
   * @example
   * const customers = await upstream.list('/customers', 'customers', '2021-11');
   */
  async list(
    path: string,
    key: string,
    version: ApiVersion,
    query: Record<string, string> = {},
    onPage?: (records: number) => void,
  ): Promise<unknown[]> {
    const all: unknown[] = [];
    let next: Record<string, string> | null = query;
    const seen = new Set<string>();
    while (next !== null) {
      const page: Page = await this.page(path, key, version, next);
      for (const record of page.records) all.push(record);
      onPage?.(all.length);
      const position = JSON.stringify(page.next);
      // A cursor that comes back again would page forever.
      if (page.next !== null && seen.has(position))
        throw new CloneError(`GET ${path} answered the same cursor twice; stopped.`);
      seen.add(position);
      next = page.next;
    }
    return all;
  }
}

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The `page_info` of a 2021-01 `Link` header's `rel="next"` URL, or null. */
export function nextPageInfo(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part.trim());
    if (!match?.[1]) continue;
    try {
      return new URL(match[1]).searchParams.get('page_info');
    } catch {
      return null;
    }
  }
  return null;
}

/** Milliseconds since `started` (a `monotonicMs()` reading). */
export function since(started: number): number {
  return Math.round(monotonicMs() - started);
}
