/**
 * A journal entry as a curl command a user can paste into a shell: the same method, URL, headers
 * and body, with `$TOKEN` where the access token was (the journal masks it).
 */

/** Headers a browser or client library adds that a pasted command does not need. */
const SKIPPED = new Set([
  'host',
  'connection',
  'content-length',
  'user-agent',
  'accept',
  'accept-encoding',
  'accept-language',
  'origin',
  'referer',
  'cookie',
  'authorization',
  'transfer-encoding',
]);

/** `text` in single quotes for a POSIX shell. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export interface CurlRequest {
  readonly method: string;
  readonly path: string;
  readonly query: Readonly<Record<string, string>>;
  readonly headers: Readonly<Record<string, unknown>>;
  readonly body: unknown;
}

/**
 * The curl command of a recorded request against `origin`; `tokenHeader` (any case) is sent as
 * `"$TOKEN"`.
 *
 * @example
 * curlOf({ method: 'GET', path: '/customers', query: { limit: '5' }, headers: {}, body: null },
 *   'http://127.0.0.1:4010', 'X-Service-Access-Token');
 * // "curl -X GET 'http://127.0.0.1:4010/customers?limit=5'"
 */
export function curlOf(request: CurlRequest, origin: string, tokenHeader: string): string {
  const search = new URLSearchParams(Object.entries(request.query)).toString();
  const parts = [
    `curl -X ${request.method}`,
    shellQuote(`${origin}${request.path}${search ? `?${search}` : ''}`),
  ];
  for (const [name, value] of Object.entries(request.headers)) {
    const lower = name.toLowerCase();
    if (SKIPPED.has(lower) || lower.startsWith('sec-') || value === undefined) continue;
    if (lower === tokenHeader.toLowerCase()) parts.push(`-H "${name}: $TOKEN"`);
    else
      parts.push(`-H ${shellQuote(`${name}: ${Array.isArray(value) ? value.join(', ') : String(value)}`)}`);
  }
  if (request.body !== null && request.body !== undefined && request.method !== 'GET')
    parts.push(`-d ${shellQuote(JSON.stringify(request.body))}`);
  return parts.join(' ');
}
