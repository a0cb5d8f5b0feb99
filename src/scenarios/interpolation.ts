/**
 * `${...}` in scenario steps and fixture records: values saved by earlier steps (`${customer_id}`,
 * `${charge.id}`) and dates relative to the store's virtual clock (`${today+1d}`, `${now-2h}`), so
 * hand-written data never goes stale. A string that is one `${...}` becomes the value itself (a
 * number stays a number); inside longer text it is spelled out.
 */
import { addDays, addMonths, dayIn } from '../domain/dates.js';
import { toIso } from '../platform/clock.js';
import { dictionary, own } from '../platform/dictionary.js';

/** What relative dates are computed from: the store's virtual time and time zone. */
export interface ClockReading {
  /** Virtual epoch milliseconds. */
  readonly now: number;
  readonly timezone: string;
}

export class InterpolationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InterpolationError';
  }
}

const PLACEHOLDER = /\$\{([^}]*)\}/g;
const WHOLE = /^\$\{([^}]*)\}$/;
const TODAY = /^today(?:\s*([+-])\s*(\d+)\s*(d|w|mo|y))?$/;
const NOW = /^now(?:\s*([+-])\s*(\d+)\s*(s|min|h|d|w))?$/;
const NOW_UNIT_MS = { s: 1_000, min: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;

/** Whether `value` (anywhere inside) holds a `${...}` placeholder. */
export function hasPlaceholders(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('${');
  if (Array.isArray(value)) return value.some(hasPlaceholders);
  if (typeof value === 'object' && value !== null) {
    // A loop over own keys: a fixture load asks this of every record (no array of values built).
    const record = value as Record<string, unknown>;
    for (const key in record) if (Object.hasOwn(record, key) && hasPlaceholders(record[key])) return true;
  }
  return false;
}

/** Whether a placeholder needs the clock (`today`, `now`). */
export function needsClock(value: unknown): boolean {
  if (typeof value === 'string') return /\$\{\s*(today|now)\b/.test(value);
  if (Array.isArray(value)) return value.some(needsClock);
  if (typeof value === 'object' && value !== null) return Object.values(value).some(needsClock);
  return false;
}

/** Reads `a.b.0.c` out of a value (arrays by index). */
export function readPath(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (key === '') continue;
    if (current === null || typeof current !== 'object') return undefined;
    // Paths are written by users: `constructor` is a missing key, not Object's member.
    current = own(current as Record<string, unknown>, key);
  }
  return current;
}

/** Dates already worked out for one clock reading: a fixture repeats a few expressions thousands of times. */
let memo: { now: number; timezone: string; dates: Map<string, string | undefined> } | undefined;

function relativeDate(expression: string, clock: ClockReading): string | undefined {
  if (!memo || memo.now !== clock.now || memo.timezone !== clock.timezone)
    memo = { now: clock.now, timezone: clock.timezone, dates: new Map() };
  if (memo.dates.has(expression)) return memo.dates.get(expression);
  const date = computeDate(expression, clock);
  if (memo.dates.size < 1_000) memo.dates.set(expression, date);
  return date;
}

function computeDate(expression: string, clock: ClockReading): string | undefined {
  const today = TODAY.exec(expression);
  if (today) {
    const base = dayIn(clock.now, clock.timezone);
    if (!today[1]) return base;
    const amount = Number(today[2]) * (today[1] === '-' ? -1 : 1);
    switch (today[3]) {
      case 'd':
        return addDays(base, amount);
      case 'w':
        return addDays(base, amount * 7);
      case 'mo':
        return addMonths(base, amount);
      default:
        return addMonths(base, amount * 12);
    }
  }
  const now = NOW.exec(expression);
  if (now) {
    if (!now[1]) return toIso(clock.now);
    const amount = Number(now[2]) * (now[1] === '-' ? -1 : 1);
    return toIso(clock.now + amount * NOW_UNIT_MS[now[3] as keyof typeof NOW_UNIT_MS]);
  }
  return undefined;
}

function resolve(expression: string, variables: ReadonlyMap<string, unknown>, clock?: ClockReading): unknown {
  const trimmed = expression.trim();
  if (/^(today|now)\b/.test(trimmed)) {
    if (!clock)
      throw new InterpolationError(`\${${trimmed}} needs the store's clock, which is not known here.`);
    const date = relativeDate(trimmed, clock);
    if (date === undefined)
      throw new InterpolationError(
        `\${${trimmed}} is not a relative date: write today, today+3d (d, w, mo, y), now or now-2h (s, min, h, d, w).`,
      );
    return date;
  }
  const [name = '', ...rest] = trimmed.split('.');
  if (!variables.has(name))
    throw new InterpolationError(
      `\${${trimmed}}: no value named ${name} was saved${variables.size ? ` (saved: ${[...variables.keys()].join(', ')})` : ''}.`,
    );
  const value = rest.length ? readPath(variables.get(name), rest.join('.')) : variables.get(name);
  if (value === undefined) throw new InterpolationError(`\${${trimmed}}: ${name} has no ${rest.join('.')}.`);
  return value;
}

/**
 * `value` with every placeholder replaced; objects and arrays are copied, other values kept.
 *
 * @example
 * interpolate({ id: '${customer_id}', on: '${today+1d}' }, new Map([['customer_id', 7]]), clock);
 * // { id: 7, on: '2025-01-16' }
 */
export function interpolate(
  value: unknown,
  variables: ReadonlyMap<string, unknown>,
  clock?: ClockReading,
): unknown {
  if (typeof value === 'string') {
    if (!value.includes('${')) return value;
    const whole = WHOLE.exec(value);
    if (whole) return resolve(whole[1] ?? '', variables, clock);
    return value.replace(PLACEHOLDER, (_match, expression: string) => {
      const resolved = resolve(expression, variables, clock);
      return typeof resolved === 'object' ? JSON.stringify(resolved) : String(resolved);
    });
  }
  if (Array.isArray(value)) return value.map((item) => interpolate(item, variables, clock));
  if (typeof value === 'object' && value !== null) {
    const copy = dictionary<unknown>();
    for (const [key, item] of Object.entries(value)) copy[key] = interpolate(item, variables, clock);
    return copy;
  }
  return value;
}
