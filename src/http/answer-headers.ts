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
   * Takes one call from the token's bucket and sets the three headers; answers the reading (the
   * caller refuses a call that did not fit when the store enforces its limit).
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
  const versionKey = headers.version.toLowerCase();
  return {
    stamp(ctx, auth, version) {
      const reading = auth.store.traffic.limiter.take(auth.token.id, auth.store.settings.rate_limit);
      ctx.set(EXPOSE, headers.exposed);
      ctx.set(ALLOW_ORIGIN, headers.allowedOrigin);
      ctx.set(headers.version, version);
      ctx.set(headers.limit, `${reading.used}/${reading.size}`);
      return reading;
    },
    stampAnonymous(ctx) {
      const requested = ctx.headers[versionKey];
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
