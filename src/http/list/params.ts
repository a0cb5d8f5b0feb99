/**
 * Parsers for query-string values. Each throws the documented 422 body naming the parameter, so a
 * bad query value can never reach a service (api-facts: "422, bad query values").
 */
import { errors, FIELD } from '../../errors/messages.js';
import { toIso } from '../../platform/clock.js';
import { parseTimestampMs } from '../../platform/calendar.js';

export const MAX_LIMIT = 250;
export const DEFAULT_LIMIT = 50;
export const MAX_PAGE = 100;

const INTEGER = /^-?\d{1,15}$/;

export function parseInteger(name: string, raw: string): number {
  const value = raw.trim();
  if (!INTEGER.test(value)) throw errors.field(name, FIELD.notInteger);
  return Number(value);
}

export function parseLimit(raw: string | undefined): number {
  if (raw === undefined || raw === '') return DEFAULT_LIMIT;
  const limit = parseInteger('limit', raw);
  if (limit < 1 || limit > MAX_LIMIT) throw errors.field('limit', `Must be between 1 and ${MAX_LIMIT}.`);
  return limit;
}

export function parsePage(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 1;
  const page = parseInteger('page', raw);
  // Page-based pagination is deprecated and stops at page 100 (spec, Limits).
  if (page < 1 || page > MAX_PAGE) throw errors.field('page', `Must be between 1 and ${MAX_PAGE}.`);
  return page;
}

/** `ids` and other comma-separated integer lists; a non-integer value gives 422. */
export function parseIntegerList(name: string, raw: string): number[] {
  const parts = raw.split(',').map((part) => part.trim());
  if (parts.some((part) => !INTEGER.test(part))) throw errors.field(name, FIELD.notInteger);
  return parts.map(Number);
}

/** A datetime query value as a canonical timestamp, or the documented 422. */
export function parseDateParam(name: string, raw: string): string {
  const known = parsedDates.get(raw);
  if (known !== undefined) return known;
  const ms = parseTimestampMs(raw);
  if (ms === null) {
    throw errors.field(name, `Invalid date: ${raw}. Must be a valid ISO-8601 datetime string`);
  }
  // A list walked page by page sends the same bounds again: the text they parse to is remembered.
  // Bounded (decision 0041): past it the map starts again empty.
  if (parsedDates.size >= REMEMBERED_DATES) parsedDates.clear();
  const iso = toIso(ms);
  parsedDates.set(raw, iso);
  return iso;
}

/** Valid datetime values lately parsed, and the canonical timestamps they gave. */
const parsedDates = new Map<string, string>();
const REMEMBERED_DATES = 256;

/** A `YYYY-MM-DD` date query value. */
export function parseDayParam(name: string, raw: string): string {
  const ms = parseTimestampMs(raw);
  if (ms === null) throw errors.field(name, `Invalid date: ${raw}. Must be a valid ISO-8601 date string`);
  return toIso(ms).slice(0, 10);
}

export function parseBooleanParam(name: string, raw: string): boolean {
  const value = raw.trim().toLowerCase();
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  throw errors.field(name, FIELD.notBoolean);
}
