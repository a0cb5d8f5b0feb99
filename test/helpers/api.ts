/** A small HTTP client for tests: every call returns status, headers and the parsed body. */
import type { ApiVersion } from '../../src/index.js';

export interface Reply<T = Record<string, unknown>> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
  readonly text: string;
}

export interface CallOptions {
  readonly version?: ApiVersion | string;
  readonly token?: string | null;
  readonly headers?: Record<string, string>;
  readonly query?: Record<string, string | number | boolean>;
  /** Raw body sent as is (instead of JSON-encoding `body`). */
  readonly raw?: string;
  readonly contentType?: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read deeply into JSON bodies
export type Json = any;

/** The value, which the test expects to be there (fails the test otherwise). */
export function defined<T>(value: T | undefined, what = 'value'): T {
  if (value === undefined) throw new Error(`expected a ${what}`);
  return value;
}

export class Api {
  constructor(
    readonly baseUrl: string,
    readonly token: string,
    readonly version?: ApiVersion,
    /** Middle word of the custom headers (the emulator's `--header-prefix`). */
    readonly prefix = 'Service',
  ) {}

  /** The same client with another token or default version. */
  with(options: { token?: string; version?: ApiVersion }): Api {
    return new Api(this.baseUrl, options.token ?? this.token, options.version ?? this.version, this.prefix);
  }

  async call(method: string, path: string, body?: unknown, options: CallOptions = {}): Promise<Reply<Json>> {
    const url = new URL(path, this.baseUrl);
    for (const [name, value] of Object.entries(options.query ?? {}))
      url.searchParams.set(name, String(value));
    const headers: Record<string, string> = { ...options.headers };
    const token = options.token === undefined ? this.token : options.token;
    if (token !== null) headers[`X-${this.prefix}-Access-Token`] = token;
    const version = options.version ?? this.version;
    if (version) headers[`X-${this.prefix}-Version`] = version;
    let payload: string | undefined;
    if (options.raw !== undefined) payload = options.raw;
    else if (body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined) headers['Content-Type'] = options.contentType ?? 'application/json';
    const response = await fetch(url, { method, headers, body: payload });
    const text = await response.text();
    let parsed: unknown = undefined;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = text;
    }
    return { status: response.status, headers: response.headers, body: parsed as Json, text };
  }

  get(path: string, options?: CallOptions) {
    return this.call('GET', path, undefined, options);
  }
  post(path: string, body: unknown = {}, options?: CallOptions) {
    return this.call('POST', path, body, options);
  }
  put(path: string, body: unknown = {}, options?: CallOptions) {
    return this.call('PUT', path, body, options);
  }
  delete(path: string, options?: CallOptions) {
    return this.call('DELETE', path, undefined, options);
  }
}
