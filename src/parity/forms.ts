/**
 * How the parity check looks at a value: its JSON kind, its form (a date, a datetime with or
 * without offset, an amount of money, a token...), and what its field name says it is: an id the
 * replay maps, an enum-like value compared exactly, or anything else (compared by kind and form,
 * never by value, since a real store's data is not the emulator's). The rules are data: tables of
 * field-name patterns, so adding a field is one line.
 */
import { REDACTED } from '../platform/redact.js';

export type JsonKind = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

/**
 * The JSON kind of a parsed value.
 *
 * @example
 * kindOf([1]); // 'array'
 */
export function kindOf(value: unknown): JsonKind {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return 'array';
  switch (typeof value) {
    case 'boolean':
      return 'boolean';
    case 'number':
      return 'number';
    case 'string':
      return 'string';
    default:
      return 'object';
  }
}

/** String forms, most specific first; a string matching none is `text`. */
const STRING_FORMS: readonly (readonly [string, RegExp])[] = [
  ['datetime with offset', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/],
  ['datetime in UTC (Z)', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/],
  ['datetime without offset', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?$/],
  ['date', /^\d{4}-\d{2}-\d{2}$/],
  ['amount with 2 decimals', /^-?\d+\.\d{2}$/],
  ['decimal', /^-?\d+\.\d+$/],
  ['integer', /^-?\d+$/],
  ['email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/],
  ['url', /^https?:\/\/\S+$/],
  ['uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i],
  ['token', /^(?=.*\d)(?=.*[A-Za-z])[A-Za-z0-9_=+/-]{16,}$/],
];

/**
 * The form of a value: its JSON kind, refined for strings.
 *
 * @example
 * formOf('2025-01-15T12:00:00+00:00'); // 'datetime with offset'
 * formOf('10.00'); // 'amount with 2 decimals'
 * formOf(12); // 'number'
 */
export function formOf(value: unknown): string {
  if (typeof value !== 'string') return kindOf(value);
  return STRING_FORMS.find(([, pattern]) => pattern.test(value))?.[0] ?? 'text';
}

/** Fields whose values are compared exactly: states, types, units (`status`, `discount_type`, ...). */
const ENUM_FIELDS: readonly RegExp[] = [
  /^(status|type|kind|topic|verb|duration|object_type|value_type|interval_unit)$/,
  /_(status|type|unit)$/,
];

/** Fields that hold a reference the service made: ids, checkout tokens, list cursors. */
const ID_FIELDS: readonly RegExp[] = [/^id$/, /_id$/, /^token$/, /^(next|previous)_cursor$/];

/** Query parameters and fields holding several ids (`ids=1,2`, `customer_ids`). */
const ID_LIST_FIELDS: readonly RegExp[] = [/^ids$/, /_ids$/];

/** Query parameters that carry a cursor. */
const CURSOR_PARAMS: readonly RegExp[] = [/^cursor$/, /^page_info$/];

/**
 * True when a value of this field is compared exactly. Booleans always are (a two-value enum).
 *
 * @example
 * isEnumField('discount_type'); // true
 * isEnumField('title'); // false
 */
export function isEnumField(field: string): boolean {
  return ENUM_FIELDS.some((pattern) => pattern.test(field));
}

/**
 * True when the field holds a reference the replay maps from the recording's to the emulator's.
 *
 * @example
 * isIdField('address_id'); // true
 */
export function isIdField(field: string): boolean {
  return ID_FIELDS.some((pattern) => pattern.test(field));
}

/** True for fields and parameters holding several ids (`isIdListField('ids')`: true). */
export function isIdListField(field: string): boolean {
  return ID_LIST_FIELDS.some((pattern) => pattern.test(field));
}

/** True for the query parameters that carry a list cursor (`isCursorParam('page_info')`: true). */
export function isCursorParam(field: string): boolean {
  return CURSOR_PARAMS.some((pattern) => pattern.test(field));
}

/**
 * What kind of record an id names, from the field that holds it: `customer_id` names a customer,
 * the `id` of the object under `addresses` an address. Ids of the same kind share one mapping.
 *
 * @example
 * idKindOf('address_id', 'charge'); // 'address'
 * idKindOf('id', 'customers'); // 'customer'
 * idKindOf('next_cursor', 'customers'); // 'cursor'
 */
export function idKindOf(field: string, container: string): string {
  if (/cursor$/.test(field) || field === 'page_info') return 'cursor';
  if (field === 'id' || field === 'token' || field === 'ids') return singular(container);
  return singular(field.replace(/_ids?$/, ''));
}

/**
 * A collection's name in the singular.
 *
 * @example
 * singular('addresses'); // 'address'
 * singular('async_batches'); // 'async_batch'
 */
export function singular(name: string): string {
  if (/(ss|ch|sh|x)es$/.test(name)) return name.slice(0, -2);
  if (/ies$/.test(name)) return `${name.slice(0, -3)}y`;
  if (/[^s]s$/.test(name)) return name.slice(0, -1);
  return name;
}

/**
 * True for a recorded value the recorder replaced: nothing can be said of its value or form.
 *
 * @example
 * isRedacted('[redacted]'); // true
 */
export function isRedacted(value: unknown): boolean {
  return typeof value === 'string' && value.includes(REDACTED);
}
