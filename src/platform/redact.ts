/**
 * Redaction of what must never be written to a file a user may share: secrets always (access
 * tokens, authorization headers, anything named or shaped like a client secret), and with `pii`
 * personal data (emails, phones, first and last names, street lines). Personal values are replaced
 * consistently: the same input always gets the same stand-in within one redactor, and a stand-in
 * keeps the form of what it replaces (an email stays an email, a phone keeps its punctuation), so a
 * redacted recording or clone still reads as the real data did and its requests still line up.
 *
 * Used by the parity recorder (`billing-emulator record --redact-pii`) and the store cloner.
 */
import { dictionary, own } from './dictionary.js';

/** What replaces a secret, whole. Comparisons treat a recorded value equal to it as unknown. */
export const REDACTED = '[redacted]';

/** Kinds of personal data, each with its own stand-ins. */
export type PiiKind = 'email' | 'phone' | 'first_name' | 'last_name' | 'full_name' | 'street';

/** Field names (JSON keys, query parameters) whose values are personal, by kind. */
const PII_FIELDS: readonly (readonly [RegExp, PiiKind])[] = [
  [/(^|_)email$/, 'email'],
  [/(^|_)phone$/, 'phone'],
  [/(^|_)first_name$/, 'first_name'],
  [/(^|_)last_name$/, 'last_name'],
  [/^(cardholder_name|full_name|recipient_name|sender_name)$/, 'full_name'],
  [/(^|_)address[12]$/, 'street'],
];

/**
 * Header names whose whole value is a credential: `Authorization` and `Proxy-Authorization`,
 * `Cookie` and `Set-Cookie`, every `*-Access-Token` whatever its prefix, and names ending in
 * `-Token` or naming an API key, a secret or a password (`X-Auth-Token`, `X-Api-Key`,
 * `X-Amz-Security-Token`). Not `Idempotency-Key`: an id a reader of the journal needs.
 */
const SECRET_HEADERS =
  /(access-token|authorization|cookie|api-?key|secret|password|passwd|credential|(?:^|-)token$)/i;

/**
 * JSON keys and query parameters whose values are credentials: `password`, `client_secret`,
 * `api_key`, `access_token`, `refresh_token`, `id_token`, `private_key`, `credentials`, ... Not
 * `token` alone nor other `*_token` fields: the API's own records use them for ids (a checkout's
 * `token`, `payment_token`, `external_cart_token`); a query parameter named `token` is one
 * (`SECRET_PARAMS`).
 */
const SECRET_FIELDS =
  /(secret|password|passwd|passphrase|api_?key|access_?token|refresh_?token|(?:^|_)(?:id|auth|session|bearer|csrf)_?token$|private_?key|credentials?$)/i;

/** Query parameters whose values are credentials: the fields above, and `token` alone. */
const SECRET_PARAMS = /^token$/i;

/** Values that are credentials wherever they appear (well-known key formats, bearer credentials). */
const SECRET_VALUES =
  /\b(?:(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{8,}|whsec_[A-Za-z0-9]{8,}|Bearer\s+[\w.~+/-]{8,}=*)/g;

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/** An email every validator takes (dot-separated atoms, a dotted domain, a letters-only TLD). */
const PLAIN_EMAIL =
  /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/** Keys whose values are the service's own messages (error bodies): never judged by field name. */
const MESSAGE_FIELDS = /^(errors?|warnings?)$/i;

/** How many of each kind were replaced: what a report tells the reader was taken out. */
export interface RedactionSummary {
  secrets: number;
  email: number;
  phone: number;
  first_name: number;
  last_name: number;
  full_name: number;
  street: number;
}

export interface RedactorOptions {
  /** Also replace personal data (default false: secrets only). */
  readonly pii?: boolean;
  /** Secrets known up front (a token given on the command line), replaced wherever they appear. */
  readonly secrets?: readonly string[];
}

export interface Redactor {
  /** A copy of a JSON value with secret and (with `pii`) personal fields replaced, at any depth. */
  json(value: unknown): unknown;
  /** A copy of free text (a body that is not JSON, an error message) with known values replaced. */
  text(value: string): string;
  /** One header's value: whole for credential headers, else as text. */
  header(name: string, value: string): string;
  /** One query parameter's (or form field's) value, judged by its name like a JSON key. */
  field(name: string, value: string): string;
  /** One query parameter's value: a credential by its name (`token` too, see `isSecretParam`), else as `field`. */
  param(name: string, value: string): string;
  /** A URL with its query parameters redacted as `param` does. */
  url(value: string): string;
  /** Remembers a secret seen elsewhere (a token), so it is replaced wherever it appears later. */
  addSecret(value: string): void;
  /** Distinct values replaced so far, by kind (secrets counted per replacement). */
  summary(): RedactionSummary;
  /** True when `pii` was asked for. */
  readonly pii: boolean;
}

/** `0 → A`, `25 → Z`, `26 → AA`: letters only, since names with digits fail some validations. */
function letters(n: number): string {
  let text = '';
  let rest = n;
  do {
    text = String.fromCharCode(65 + (rest % 26)) + text;
    rest = Math.floor(rest / 26) - 1;
  } while (rest >= 0);
  return text;
}

/** A phone's stand-in: the same punctuation and digit count, digits from `555` and a counter. */
function phoneStandIn(original: string, n: number): string {
  const count = (original.match(/\d/g) ?? []).length;
  const digits = `555${String(n).padStart(Math.max(0, count - 3), '0')}`.slice(-Math.max(count, 1));
  let index = 0;
  return original.replace(/\d/g, () => digits[index++] ?? '0');
}

/**
 * A stand-in of the same shape: each ASCII letter another letter of the same case, each digit
 * another digit, everything else kept, drawn from `n`. Whatever a validator makes of the value by its
 * characters' kinds and places (an email without `@`, a name too long), it makes of the stand-in.
 */
function sameShape(original: string, n: number): string {
  let seed = (n * 2654435761) >>> 0;
  const next = (range: number): number => {
    seed = (Math.imul(seed ^ (seed >>> 15), 2246822507) + 0x9e3779b9) >>> 0;
    return seed % range;
  };
  return original.replace(/[A-Za-z0-9]/g, (char) => {
    if (char >= '0' && char <= '9') return String(next(10));
    const letter = String.fromCharCode(97 + next(26));
    return char >= 'a' ? letter : letter.toUpperCase();
  });
}

/** An email's stand-in: `person<n>@example.com` for a plainly valid one, else one of the same shape (invalid stays invalid). */
function emailStandIn(n: number, original: string): string {
  return PLAIN_EMAIL.test(original) ? `person${n}@example.com` : sameShape(original, n);
}

const STAND_INS: Readonly<Record<PiiKind, (n: number, original: string) => string>> = {
  email: emailStandIn,
  phone: (n, original) => phoneStandIn(original, n),
  first_name: (n) => `Person${letters(n - 1)}`,
  last_name: (n) => `Surname${letters(n - 1)}`,
  full_name: (n) => `Person${letters(n - 1)} Surname${letters(n - 1)}`,
  street: (n) => `${n} Example Street`,
};

/** The kind of personal data a field holds, by its name. */
export function piiKindOf(field: string): PiiKind | undefined {
  const name = field.toLowerCase();
  return PII_FIELDS.find(([pattern]) => pattern.test(name))?.[1];
}

/** True when a field (JSON key, query parameter) holds a credential, by its name. */
export function isSecretField(field: string): boolean {
  return SECRET_FIELDS.test(field);
}

/** True when a query parameter holds a credential (`?access_token=`, `?token=`, `?api_key=`). */
export function isSecretParam(name: string): boolean {
  return SECRET_PARAMS.test(name) || SECRET_FIELDS.test(name);
}

/** True when a header's whole value is a credential (`X-Service-Access-Token`, `Authorization`). */
export function isSecretHeader(name: string): boolean {
  return SECRET_HEADERS.test(name);
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A redactor: one per file written, so stand-ins stay consistent across everything in it.
 *
 * @example
 * const redact = createRedactor({ pii: true });
 * redact.json({ customer: { email: 'ann@shop.test', first_name: 'Ann' } });
 * // { customer: { email: 'person1@example.com', first_name: 'PersonA' } }
 * redact.field('email', 'ann@shop.test'); // 'person1@example.com' (the same stand-in)
 * redact.header('X-Service-Access-Token', 'sk_abc'); // '[redacted]'
 */
export function createRedactor(options: RedactorOptions = {}): Redactor {
  const pii = options.pii ?? false;
  const secrets = new Set<string>();
  const standIns = new Map<PiiKind, Map<string, string>>();
  const counts: RedactionSummary = {
    secrets: 0,
    email: 0,
    phone: 0,
    first_name: 0,
    last_name: 0,
    full_name: 0,
    street: 0,
  };
  /** Personal values already replaced (longest first when used), found again inside free text. */
  const known = new Map<string, string>();
  let knownPattern: RegExp | null = null;

  const addSecret = (value: string): void => {
    // Short values would replace common words; a credential is never this short.
    if (value.length >= 8 && value !== REDACTED) secrets.add(value);
  };
  for (const secret of options.secrets ?? []) addSecret(secret);

  const standIn = (kind: PiiKind, value: string): string => {
    const key = kind === 'email' ? value.toLowerCase() : value;
    let table = standIns.get(kind);
    if (!table) standIns.set(kind, (table = new Map()));
    let replacement = table.get(key);
    if (replacement === undefined) {
      replacement = STAND_INS[kind](table.size + 1, value);
      table.set(key, replacement);
      counts[kind] += 1;
      // Found again in free text: valid emails are found by their form, anything else by its value.
      if (value.length >= 3 && !(kind === 'email' && PLAIN_EMAIL.test(value))) {
        known.set(value, replacement);
        knownPattern = null;
      }
    }
    return replacement;
  };

  const text = (value: string): string => {
    let out = value;
    for (const secret of secrets) {
      if (out.includes(secret)) {
        out = out.split(secret).join(REDACTED);
        counts.secrets += 1;
      }
    }
    out = out.replace(SECRET_VALUES, () => {
      counts.secrets += 1;
      return REDACTED;
    });
    if (!pii) return out;
    out = out.replace(EMAIL, (email) => standIn('email', email));
    if (known.size > 0) {
      knownPattern ??= new RegExp(
        `(?<![\\p{L}\\p{N}])(?:${[...known.keys()]
          .sort((a, b) => b.length - a.length)
          .map(escape)
          .join('|')})(?![\\p{L}\\p{N}])`,
        'gu',
      );
      out = out.replace(knownPattern, (found) => known.get(found) ?? found);
    }
    return out;
  };

  const field = (name: string, value: string): string => {
    if (isSecretField(name)) {
      addSecret(value);
      if (value === '' || value === REDACTED) return value;
      counts.secrets += 1;
      return REDACTED;
    }
    const kind = pii ? piiKindOf(name) : undefined;
    if (kind && value.trim() !== '') return standIn(kind, value);
    return text(value);
  };

  /** A query parameter: a credential by its name (`token` too), else as `field` judges it. */
  const param = (name: string, value: string): string => {
    if (!SECRET_PARAMS.test(name)) return field(name, value);
    addSecret(value);
    if (value === '' || value === REDACTED) return value;
    counts.secrets += 1;
    return REDACTED;
  };

  // The service's messages (`errors`, `error`, `warning`) are read as text, never by the field they
  // name: `errors.email: ["is invalid"]` is a message about an email, not an email.
  const json = (value: unknown, key?: string, message = false): unknown => {
    if (typeof value === 'string') return key === undefined || message ? text(value) : field(key, value);
    if (Array.isArray(value)) return value.map((item) => json(item, key, message));
    if (typeof value !== 'object' || value === null) return value;
    const out = dictionary<unknown>();
    const record = value as Record<string, unknown>;
    for (const name of Object.keys(record))
      out[name] = json(own(record, name), name, message || MESSAGE_FIELDS.test(name));
    return out;
  };

  const url = (value: string): string => {
    const question = value.indexOf('?');
    if (question < 0) return text(value);
    const hash = value.indexOf('#', question);
    const query = value.slice(question + 1, hash < 0 ? undefined : hash);
    const params = new URLSearchParams(query);
    const redacted = new URLSearchParams();
    for (const [name, item] of params) redacted.append(name, param(name, item));
    const rest = redacted.toString();
    return `${text(value.slice(0, question))}${rest ? `?${rest}` : ''}${hash < 0 ? '' : value.slice(hash)}`;
  };

  return {
    pii,
    json: (value) => json(value),
    text,
    field,
    param,
    url,
    header: (name, value) => {
      if (isSecretHeader(name)) {
        addSecret(value.replace(/^(Bearer|Basic|Token)\s+/i, ''));
        counts.secrets += 1;
        return REDACTED;
      }
      return text(value);
    },
    addSecret,
    summary: () => ({ ...counts }),
  };
}
