/**
 * Names of the custom headers. Their middle word is configurable (`--header-prefix`), so a client
 * written for the real service's header names works unchanged.
 */
export interface HeaderNames {
  /** The middle word itself (`Service`, `Recharge`). */
  readonly prefix: string;
  readonly accessToken: string;
  readonly version: string;
  /** `version` in lowercase: how Node keys it among a request's headers. */
  readonly versionKey: string;
  readonly hmac: string;
  readonly topic: string;
  readonly limit: string;
  /** The value of `Access-Control-Expose-Headers` on the API's answers (the recorded one: lowercase names). */
  readonly exposed: string;
  /**
   * The value of `Access-Control-Allow-Origin` on the API's answers: the service's own admin
   * origin, `https://admin.<prefix in lowercase>.com`, never `*` or the caller's origin (api-facts:
   * "Live evidence, wave 3"), so a page of any other origin cannot read the API.
   */
  readonly allowedOrigin: string;
}

export function headerNames(prefix = 'Service'): HeaderNames {
  return {
    prefix,
    accessToken: `X-${prefix}-Access-Token`,
    version: `X-${prefix}-Version`,
    versionKey: `x-${prefix.toLowerCase()}-version`,
    hmac: `X-${prefix}-Hmac-Sha256`,
    topic: `X-${prefix}-Topic`,
    limit: `X-${prefix}-Limit`,
    exposed: `link, x-request-id, x-${prefix.toLowerCase()}-limit, x-${prefix.toLowerCase()}-version`,
    allowedOrigin: `https://admin.${prefix.toLowerCase()}.com`,
  };
}

/** A header prefix is one token of letters, digits and dashes (`Service`, `Recharge`). */
export function isHeaderPrefix(value: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9-]{0,40}$/.test(value);
}
