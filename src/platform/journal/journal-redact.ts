/**
 * What a journal entry shows of its secrets: nothing. Credential headers (`Authorization`,
 * `Cookie`, every `*-Access-Token`, the store's own token header whatever its name), `token` and
 * `access_token` query parameters and secret-looking body fields (`password`, `client_secret`,
 * `api_key`, ...) become `[redacted]`, and a credential seen in one of them is replaced wherever it
 * appears again in the entry. The rules are the parity recorder's (src/platform/redact.ts): one
 * redactor for everything the emulator lets a user read or share.
 *
 * Applied when an entry is read, never when a request is recorded: recording stays a few
 * references (src/platform/journal/journal.ts), and only what `GET /_emulator/requests` answers
 * pays for redaction.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { dictionary } from '../dictionary.js';
import { createRedactor, REDACTED } from '../redact.js';

/** The parts of an entry that can hold a secret, as recorded. */
export interface JournalSecrets {
  readonly headers: IncomingHttpHeaders;
  readonly querystring: string;
  readonly body: unknown;
  /** The response body as the entry shows it (parsed JSON or text). */
  readonly response: unknown;
}

/** The same parts as `GET /_emulator/requests` shows them. */
export interface RedactedJournalParts {
  readonly headers: Record<string, string | string[] | undefined>;
  readonly query: Record<string, string>;
  readonly body: unknown;
  readonly response: unknown;
}

/**
 * Redacts the parts of one entry; `tokenHeader` is the store's access-token header (any case).
 *
 * @example
 * redactJournalParts(
 *   { headers: { authorization: 'Bearer abc12345' }, querystring: 'token=t0k3n-value', body: { password: 'pw' }, response: null },
 *   'X-Service-Access-Token',
 * );
 * // { headers: { authorization: '[redacted]' }, query: { token: '[redacted]' }, body: { password: '[redacted]' }, response: null }
 */
export function redactJournalParts(parts: JournalSecrets, tokenHeader: string): RedactedJournalParts {
  const redact = createRedactor();
  const own = tokenHeader.toLowerCase();
  // Header and parameter names are the client's: no prototype for them to land on.
  const headers = dictionary<string | string[] | undefined>();
  for (const [name, value] of Object.entries(parts.headers)) {
    if (value === undefined) headers[name] = value;
    else if (name === own) {
      for (const item of [value].flat()) redact.addSecret(item);
      headers[name] = REDACTED;
    } else if (Array.isArray(value)) headers[name] = value.map((item) => redact.header(name, item));
    else headers[name] = redact.header(name, value);
  }
  const query = dictionary<string>();
  for (const [name, value] of new URLSearchParams(parts.querystring))
    if (!Object.hasOwn(query, name)) query[name] = redact.param(name, value);
  return {
    headers,
    query,
    body: redact.json(parts.body),
    response: redact.json(parts.response),
  };
}
