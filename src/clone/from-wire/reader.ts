/**
 * Reads one record of the real API's answers (unknown JSON) field by field: each getter checks the
 * kind of the value, accepts the forms the two versions use for it (numbers sent as strings, 0/1
 * for booleans, `{ecommerce: "7"}` or a bare id for external ids, timestamps with or without an
 * offset) and throws a `WireProblem` naming the field when it cannot. A hand-written guard rather
 * than zod schemas: records of 135,000-record stores go through it, and a problem must name the
 * field so the clone's summary can say why a record was left out.
 */
import { parseTimestampMs } from '../../platform/calendar.js';
import { fromMinor, toMinor } from '../../domain/money.js';
import { toIso } from '../../platform/clock.js';
import { findCountry } from '../../domain/addresses/countries.js';
import type { NameValue, PostalAddress } from '../../model/shared.js';

/** A value of an answer the converter cannot turn into a store record. */
export class WireProblem extends Error {
  constructor(
    readonly field: string,
    problem: string,
  ) {
    super(`${field}: ${problem}`);
    this.name = 'WireProblem';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * One wire record, read with the kind each field must have.
 *
 * @example
 * const r = Reader.of({ id: '7', status: 'ACTIVE', external_product_id: { ecommerce: '42' } });
 * r.id('id'); // 7
 * r.lower('status'); // 'active'
 * r.external('external_product_id'); // '42'
 */
export class Reader {
  private constructor(
    readonly value: Readonly<Record<string, unknown>>,
    private readonly path: string,
  ) {}

  /** A reader of `value`, which must be a JSON object. */
  static of(value: unknown, path = ''): Reader {
    if (!isObject(value)) throw new WireProblem(path || 'record', 'not an object');
    return new Reader(value, path);
  }

  private name(key: string): string {
    return this.path ? `${this.path}.${key}` : key;
  }

  /** `value`, else `fallback`, else a problem: the field is required. */
  private need<T>(key: string, value: T | null, fallback: T | undefined): T {
    if (value !== null) return value;
    if (fallback === undefined) throw new WireProblem(this.name(key), 'missing');
    return fallback;
  }

  /** `created_at`, and `updated_at` (the creation time when absent). */
  times(): { created_at: string; updated_at: string } {
    const created = this.timestamp('created_at');
    return { created_at: created, updated_at: this.timestamp('updated_at', created) };
  }

  /** Whether the record has the field with a value other than null. */
  has(key: string): boolean {
    const value = this.value[key];
    return value !== undefined && value !== null;
  }

  /** The field as it is (undefined when absent). */
  raw(key: string): unknown {
    return Object.hasOwn(this.value, key) ? this.value[key] : undefined;
  }

  /** A positive integer id (a numeric string too). */
  id(key: string): number {
    return this.need(key, this.idOrNull(key), undefined);
  }

  idOrNull(key: string): number | null {
    const value = this.raw(key);
    if (value === undefined || value === null || value === '') return null;
    const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n <= 0)
      throw new WireProblem(this.name(key), `not an id: ${JSON.stringify(value)}`);
    return n;
  }

  /** A string; numbers are written as text. `fallback` when absent or null (else a problem). */
  str(key: string, fallback?: string): string {
    return this.need(key, this.strOrNull(key), fallback);
  }

  strOrNull(key: string): string | null {
    const value = this.raw(key);
    if (value === undefined || value === null) return null;
    if (typeof value === 'string') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    throw new WireProblem(this.name(key), `not a string: ${JSON.stringify(value)}`);
  }

  /** A number (a numeric string too); `fallback` when absent or null. */
  num(key: string, fallback?: number): number {
    return this.need(key, this.numOrNull(key), fallback);
  }

  numOrNull(key: string): number | null {
    const value = this.raw(key);
    if (value === undefined || value === null || value === '') return null;
    const n = typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isFinite(n))
      throw new WireProblem(this.name(key), `not a number: ${JSON.stringify(value)}`);
    return n;
  }

  /** An integer (2021-01 sends frequencies as strings). */
  int(key: string, fallback?: number): number {
    return this.need(key, this.intOrNull(key), fallback);
  }

  intOrNull(key: string): number | null {
    const value = this.numOrNull(key);
    if (value !== null && !Number.isInteger(value))
      throw new WireProblem(this.name(key), `not an integer: ${value}`);
    return value;
  }

  /** A boolean; 2021-01 sends some as 1/0 (api-facts), some clients as "true"/"false". */
  bool(key: string, fallback = false): boolean {
    const value = this.raw(key);
    if (value === undefined || value === null) return fallback;
    if (value === true || value === 1 || value === '1' || value === 'true') return true;
    if (value === false || value === 0 || value === '0' || value === 'false') return false;
    throw new WireProblem(this.name(key), `not a boolean: ${JSON.stringify(value)}`);
  }

  /** A money amount (a string in 2021-11, a number in some 2021-01 fields) as a decimal string. */
  money(key: string, currency: string, fallback?: string): string {
    return this.need(key, this.moneyOrNull(key, currency), fallback);
  }

  moneyOrNull(key: string, currency: string): string | null {
    const value = this.raw(key);
    if (value === undefined || value === null || value === '') return null;
    if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return value.trim();
    if (typeof value === 'number' && Number.isFinite(value))
      return fromMinor(toMinor(value, currency), currency);
    throw new WireProblem(this.name(key), `not an amount: ${JSON.stringify(value)}`);
  }

  /** A datetime as the store's canonical timestamp (`YYYY-MM-DDTHH:MM:SSZ`); no offset means UTC. */
  timestamp(key: string, fallback?: string): string {
    return this.need(key, this.timestampOrNull(key), fallback);
  }

  timestampOrNull(key: string): string | null {
    const value = this.strOrNull(key);
    if (value === null || value === '') return null;
    const ms = parseTimestampMs(value);
    if (ms === null) throw new WireProblem(this.name(key), `not a datetime: ${JSON.stringify(value)}`);
    return toIso(ms);
  }

  /** A date (`YYYY-MM-DD`), also from a datetime (2021-01 `2025-02-01T00:00:00`). */
  date(key: string, fallback?: string): string {
    return this.need(key, this.dateOrNull(key), fallback);
  }

  dateOrNull(key: string): string | null {
    const value = this.strOrNull(key);
    if (value === null || value === '') return null;
    // The date as written: a datetime's offset does not move it to another day (the real
    // service writes retry dates as `2022-06-12T04:00:00+00:00`, meaning the 12th).
    if (/^\d{4}-\d{2}-\d{2}/.test(value) && parseTimestampMs(value.slice(0, 10)) !== null)
      return value.slice(0, 10);
    throw new WireProblem(this.name(key), `not a date: ${JSON.stringify(value)}`);
  }

  /** An external id: `{ecommerce: "7"}` (2021-11), a bare string or number (2021-01), or null. */
  external(key: string, inner = 'ecommerce'): string | null {
    const value = this.raw(key);
    if (isObject(value)) return Reader.of(value, this.name(key)).strOrNull(inner);
    return this.strOrNull(key);
  }

  /** A lowercase enum value (2021-01 writes statuses in capitals). */
  lower(key: string, fallback?: string): string {
    return this.str(key, fallback).toLowerCase();
  }

  /** One of `allowed` (after `lower` when asked), else a problem naming the field and value. */
  oneOf<const T extends string>(key: string, allowed: readonly T[], fallback?: T, lower = false): T {
    const raw = this.strOrNull(key);
    const value = raw === null ? fallback : lower ? raw.toLowerCase() : raw;
    if (value === undefined) throw new WireProblem(this.name(key), 'missing');
    if (!(allowed as readonly string[]).includes(value))
      throw new WireProblem(this.name(key), `${JSON.stringify(raw)} is not one of ${allowed.join(', ')}`);
    return value as T;
  }

  /** A nested object's reader, or null when absent or null. */
  obj(key: string): Reader | null {
    const value = this.raw(key);
    if (value === undefined || value === null) return null;
    return Reader.of(value, this.name(key));
  }

  /** An array field (empty when absent or null). */
  array(key: string): readonly unknown[] {
    const value = this.raw(key);
    if (value === undefined || value === null) return [];
    if (!Array.isArray(value)) throw new WireProblem(this.name(key), 'not an array');
    return value;
  }

  /** An array of objects, each as a reader. */
  list(key: string): Reader[] {
    return this.array(key).map((item, index) => Reader.of(item, `${this.name(key)}[${index}]`));
  }

  /** `[{name, value}]` pairs (properties, order attributes); values written as text. */
  nameValues(key: string): NameValue[] {
    return this.list(key).map((pair) => ({ name: pair.str('name', ''), value: pair.str('value', '') }));
  }

  /** A nested value kept as it is (analytics data, tax lines). */
  json<T>(key: string, fallback: T): T {
    const value = this.raw(key);
    return value === undefined || value === null ? fallback : (value as T);
  }
}

/** A postal address nested in a record (`country_code`, or a 2021-01 `country` name when it is a code). */
export function postalAddress(reader: Reader | null): PostalAddress {
  const r = reader ?? Reader.of({});
  const code = r.strOrNull('country_code') ?? codeOfCountry(r.strOrNull('country'));
  return {
    first_name: r.strOrNull('first_name'),
    last_name: r.strOrNull('last_name'),
    company: r.strOrNull('company'),
    address1: r.strOrNull('address1'),
    address2: r.strOrNull('address2'),
    city: r.strOrNull('city'),
    province: r.strOrNull('province'),
    zip: r.strOrNull('zip'),
    country_code: code,
    phone: r.strOrNull('phone'),
  };
}

/** The code of a country as 2021-01 names it (`United States`), or the text when it is a code. */
export function codeOfCountry(name: string | null): string | null {
  if (name === null || name === '') return null;
  if (/^[A-Z]{2}$/.test(name)) return name;
  return findCountry(name)?.code ?? null;
}
