/**
 * The headers every answer of the emulated API carries, errors and faults included, as live answers
 * of the real service show them (api-facts: "Recorded real records"): `X-<prefix>-Version` (the
 * version that answered), `X-<prefix>-Limit: <used>/<size>` (the token's bucket, counted whether or
 * not the store enforces its rate limit) and `Access-Control-Expose-Headers` naming them for
 * browsers; and `Access-Control-Allow-Origin` naming the service's own admin origin only (api-facts:
 * "Live evidence, wave 3"). They are set before the request is served, so whatever answers later
 * keeps them; a CORS preflight (`OPTIONS`, which carries no token) gets them on its 401.
 */
import type { Context } from 'koa';
import type { BucketReading } from '../platform/rate-limit/leaky-bucket.js';
import type { Authenticated } from '../store/registry.js';
import { isApiVersion, type ApiVersion } from '../model/versions.js';
import type { HeaderNames } from './headers.js';

const EXPOSE = 'Access-Control-Expose-Headers';
const ALLOW_ORIGIN = 'Access-Control-Allow-Origin';

export interface AnswerHeaders {
  /**
   * Sets `Date` (the store's virtual time), takes one call from the token's bucket and sets the
   * headers above; answers the reading (the caller refuses a call that did not fit when the store
   * enforces its limit).
   */
  stamp(ctx: Context, auth: Authenticated, version: ApiVersion): BucketReading;
  /**
   * The headers of an answer that names no store (401): the version asked for when it is one,
   * else `fallbackVersion()`, and an untouched bucket of `bucketSize`.
   */
  stampAnonymous(ctx: Context): void;
}

/**
 * @example
 * const stamps = answerHeaders(headerNames('Recharge'), () => '2021-11', 40);
 * const reading = stamps.stamp(ctx, auth, '2021-01'); // X-Recharge-Version: 2021-01, X-Recharge-Limit: 1/40
 * if (store.settings.rate_limit.enabled && !reading.allowed) throw errors.tooManyRequests();
 */
export function answerHeaders(
  headers: HeaderNames,
  fallbackVersion: () => ApiVersion,
  bucketSize: number,
): AnswerHeaders {
  // Straight to Node's `setHeader`: Koa's `ctx.set` does the same for a string after two arrays and
  // a closure per call (decision 0048); the order the headers are set in, and so sent in, is kept.
  return {
    stamp(ctx, auth, version) {
      const res = ctx.res;
      const { store } = auth;
      // The service's `Date` is its own now: the store's virtual time, so a recording of the emulator
      // replays with its clock where it was (docs/decisions/0031).
      res.setHeader('Date', httpDate(store.clock.now()));
      const reading = store.traffic.limiter.take(auth.token.id, store.settings.rate_limit);
      res.setHeader(EXPOSE, headers.exposed);
      res.setHeader(ALLOW_ORIGIN, headers.allowedOrigin);
      res.setHeader(headers.version, version);
      res.setHeader(headers.limit, `${reading.used}/${reading.size}`);
      return reading;
    },
    stampAnonymous(ctx) {
      const requested = ctx.headers[headers.versionKey];
      ctx.set(EXPOSE, headers.exposed);
      ctx.set(ALLOW_ORIGIN, headers.allowedOrigin);
      ctx.set(
        headers.version,
        typeof requested === 'string' && isApiVersion(requested) ? requested : fallbackVersion(),
      );
      ctx.set(headers.limit, `0/${bucketSize}`);
    },
  };
}

/** The last second formatted by `httpDate`, and its text. */
let datedSecond = Number.NaN;
let datedText = '';

/**
 * An HTTP `Date` (`Sat, 28 Nov 2026 20:21:14 GMT`) for epoch milliseconds. The text has whole
 * seconds, and the requests of a second (of any store) mostly share it: the last one is kept.
 *
 * @example
 * httpDate(Date.UTC(2026, 10, 28, 20, 21, 14, 500)); // 'Sat, 28 Nov 2026 20:21:14 GMT'
 */
export function httpDate(ms: number): string {
  const second = Math.floor(ms / 1000);
  if (second !== datedSecond) {
    datedText = new Date(second * 1000).toUTCString();
    datedSecond = second;
  }
  return datedText;
}
