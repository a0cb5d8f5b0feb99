/**
 * The first step of every request (src/app.ts): the emulator answers only the hosts it was told
 * about (src/http/allowed-hosts.ts), and takes changes to its control API (`/_emulator`: control
 * writes, the webhook inbox, the dashboard's actions) only from its own pages or from clients that
 * are not browsers. A page on another site can make a browser send a form or a `no-cors` fetch to
 * the emulator; the browser then says where it came from in `Origin` and `Sec-Fetch-Site`, and
 * such a request is refused before it changes anything (docs/decisions/0040-guard.md).
 */
import type { Context } from 'koa';
import { errors } from '../errors/messages.js';
import { isHostAllowed, hostnameOf, type AllowedHosts } from './allowed-hosts.js';

export interface GuardOptions {
  /** Names accepted besides loopback names, IP literals and dotless names; `'all'`: no check. */
  readonly allowedHosts: AllowedHosts;
  /** The path below which requests that change something must come from the emulator's own pages. */
  readonly controlPrefix: string;
  /** How users name the option, for the refusal (`--allowed-hosts`, and its variable). */
  readonly optionName?: string;
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `Sec-Fetch-Site` values of a request the page's own origin (or the user, typing a URL) made. */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/** Whether `origin` (scheme, host, port) names the server the request was sent to (its `Host`). */
function isOwnOrigin(origin: string, host: string | undefined): boolean {
  if (host === undefined) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  let target: URL;
  try {
    // The Host read with the origin's scheme, so `localhost:80` and `http://localhost` agree.
    target = new URL(`${url.protocol}//${host}`);
  } catch {
    return false;
  }
  // The scheme is not compared: a TLS proxy in front makes the page https while the emulator sees
  // http, and no other server can answer on the same host and port.
  return url.host === target.host;
}

/**
 * Why a request is cross-site (to be refused when it would change something), or null when it
 * comes from the emulator's own page or from a client that is no browser (no `Origin`, no
 * `Sec-Fetch-Site`: curl, SDKs, test clients, webhook senders).
 *
 * @example
 * crossSiteReason({ origin: 'https://evil.example', host: 'localhost:4010' }); // 'Origin https://evil.example'
 * crossSiteReason({ origin: 'http://localhost:4010', host: 'localhost:4010', fetchSite: 'same-origin' }); // null
 * crossSiteReason({ host: 'localhost:4010' }); // null
 */
export function crossSiteReason(request: {
  readonly origin?: string;
  readonly fetchSite?: string;
  readonly host?: string;
}): string | null {
  const site = request.fetchSite?.trim().toLowerCase();
  if (site !== undefined && site !== '' && !OWN_FETCH_SITES.has(site)) return `Sec-Fetch-Site: ${site}`;
  const origin = request.origin?.trim();
  if (origin !== undefined && origin !== '' && !isOwnOrigin(origin, request.host)) return `Origin ${origin}`;
  return null;
}

const header = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value.join(', ') : value;

/** Host values whose answer is kept; more distinct values than this start the cache afresh. */
const HOSTS_KEPT = 64;

/**
 * The guard's test of one request: throws 403 `{"error": ...}` for a host not allowed, on every
 * route, and for a cross-site request that would change something under `controlPrefix`. Clients
 * send the same `Host` on every request, so the answer for a value is kept (a bounded cache: a
 * client sending many names costs the full test, never memory).
 *
 * @example
 * const guard = guardRequest({ allowedHosts: [], controlPrefix: '/_emulator' });
 * guard(ctx); // throws 403 for `Host: evil.example`
 */
export function guardRequest(options: GuardOptions): (ctx: Context) => void {
  const option = options.optionName ?? '--allowed-hosts';
  const allowedHosts = new Map<string, boolean>();
  const hostAllowed = (host: string | undefined): boolean => {
    if (host === undefined) return isHostAllowed(host, options.allowedHosts);
    let allowed = allowedHosts.get(host);
    if (allowed === undefined) {
      allowed = isHostAllowed(host, options.allowedHosts);
      if (allowedHosts.size >= HOSTS_KEPT) allowedHosts.clear();
      allowedHosts.set(host, allowed);
    }
    return allowed;
  };
  return (ctx) => {
    const host = header(ctx.req.headers.host);
    if (!hostAllowed(host)) {
      const name = host === undefined || host.trim() === '' ? undefined : hostnameOf(host);
      throw errors.forbidden(
        name === undefined
          ? 'A Host header is required: the emulator answers only the hosts it knows.'
          : `Host ${name} is not allowed: start the emulator with ${option} ${name} (or BILLING_EMULATOR_ALLOWED_HOSTS) to allow it.`,
      );
    }
    // The same test src/app.ts uses to send a request to the control API.
    if (!READS.has(ctx.method) && ctx.path.startsWith(options.controlPrefix)) {
      const reason = crossSiteReason({
        origin: header(ctx.req.headers.origin),
        fetchSite: header(ctx.req.headers['sec-fetch-site']),
        host,
      });
      if (reason !== null)
        throw errors.forbidden(
          `Cross-site request refused (${reason}): the control API takes changes only from the emulator's own pages, or from clients that send no Origin (curl, SDKs, tests).`,
        );
    }
  };
}
