/**
 * Calendar dates (`YYYY-MM-DD`) and the interval arithmetic of subscriptions. Dates are plain
 * calendar days; "today" is the store's day in its time zone.
 */

import type { IntervalUnit } from '../model/shared.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function parts(date: string): [number, number, number] {
  const match = DATE.exec(date);
  if (!match) throw new Error(`not a date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * `YYYY-MM-DD` of a day given as year, month and a day that may overflow the month (`d + days`).
 * A day within its month is written out directly: the clock moves every subscription on through
 * here, and a `Date` and its ISO string cost several times more (decision 0050).
 */
function format(year: number, month: number, day: number): string {
  if (
    year >= 1000 &&
    year <= 9999 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  )
    return `${year}-${pad2(month)}-${pad2(day)}`;
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in `month` (1-12) of `year` (proleptic Gregorian, as `Date` counts them). */
function daysInMonth(year: number, month: number): number {
  if (month !== 2) return MONTH_DAYS[month - 1] ?? new Date(Date.UTC(year, month, 0)).getUTCDate();
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  return format(y, m, d + days);
}

/** Adds months, keeping the day of month where it exists (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: string, months: number, dayOfMonth?: number): string {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return format(year, month, Math.min(dayOfMonth ?? d, daysInMonth(year, month)));
}

export function addInterval(
  date: string,
  unit: IntervalUnit,
  frequency: number,
  dayOfMonth?: number | null,
): string {
  if (unit === 'day') return addDays(date, frequency);
  if (unit === 'week') return addDays(date, 7 * frequency);
  return addMonths(date, frequency, dayOfMonth ?? undefined);
}

/** Whole days from `a` to `b` (positive when `b` is later). */
export function daysBetween(a: string, b: string): number {
  const [ya, ma, da] = parts(a);
  const [yb, mb, db] = parts(b);
  return Math.round((Date.UTC(yb, mb - 1, db) - Date.UTC(ya, ma - 1, da)) / 86_400_000);
}

/** Day of week with 0 = Monday (the service's `order_day_of_week`). */
export function dayOfWeek(date: string): number {
  const [y, m, d] = parts(date);
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

export function dayOfMonth(date: string): number {
  return parts(date)[2];
}

/** Epoch milliseconds of midnight starting `date` in `timeZone`. */
export function startOfDay(date: string, timeZone: string): number {
  const [y, m, d] = parts(date);
  const utc = Date.UTC(y, m - 1, d);
  if (timeZone === 'UTC') return utc;
  // The zone's offset at that moment; two passes settle daylight-saving edges.
  let guess = utc;
  for (let i = 0; i < 2; i++) guess = utc - offsetMs(guess, timeZone);
  return guess;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function offsetMs(epochMs: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  const text = format.formatToParts(epochMs).find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(text ?? '');
  if (!match) return 0;
  const sign = match[1] === '-' ? -1 : 1;
  return sign * (Number(match[2]) * 60 + Number(match[3])) * 60_000;
}

/**
 * The first date of a pinned schedule (`order_day_of_month` / `order_day_of_week`) from a sign-up
 * day (api-facts, Scheduling): before the pinned day → that day of the next period; after it → the
 * period after that is skipped; on the day itself → no skip.
 */
export function firstPinnedDate(
  signup: string,
  unit: IntervalUnit,
  frequency: number,
  pin: { dayOfMonth?: number | null; dayOfWeek?: number | null },
): string {
  if (unit === 'month' && pin.dayOfMonth) {
    const periods = dayOfMonth(signup) <= pin.dayOfMonth ? frequency : frequency + 1;
    return addMonths(signup, periods, pin.dayOfMonth);
  }
  if (unit === 'week' && pin.dayOfWeek !== null && pin.dayOfWeek !== undefined) {
    const current = dayOfWeek(signup);
    const thisWeeks = addDays(signup, pin.dayOfWeek - current);
    const periods = current <= pin.dayOfWeek ? frequency : frequency + 1;
    return addDays(thisWeeks, 7 * periods);
  }
  return addInterval(signup, unit, frequency);
}
