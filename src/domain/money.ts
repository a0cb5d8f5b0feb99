/**
 * Money is a decimal string on the wire and integer minor units (cents) inside, so totals never
 * suffer floating-point drift.
 */

/** Currencies without minor units. */
const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'VND', 'CLP', 'ISK', 'HUF', 'TWD', 'UGX']);

export function decimalsOf(currency: string): number {
  return ZERO_DECIMAL.has(currency) ? 0 : 2;
}

/** `"19.99"` → 1999 (for a 2-decimal currency). Accepts numbers too (2021-01 sends them). */
export function toMinor(value: string | number, currency = 'USD'): number {
  const decimals = decimalsOf(currency);
  const text = typeof value === 'number' ? value.toFixed(decimals) : value.trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw new Error(`not a decimal amount: ${text}`);
  return Math.round(Number(text) * 10 ** decimals);
}

/** `'00'` to `'99'`: the cents of an amount. */
const CENTS = Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0'));

/** Below this many minor units a whole amount is written from its digits (`toFixed` gives the same). */
const WRITTEN_BELOW = 1e15;

/**
 * 1999 → `"19.99"`. A whole number of cents is written from its integer parts, the string
 * `toFixed` gives at two to four times the cost: the clock writes about twenty amounts a charge
 * (decision 0054; src/domain/money.test.ts compares the two).
 */
export function fromMinor(minor: number, currency = 'USD'): string {
  const decimals = decimalsOf(currency);
  if (decimals === 2 && Number.isInteger(minor) && minor > -WRITTEN_BELOW && minor < WRITTEN_BELOW) {
    const size = minor < 0 ? -minor : minor;
    const units = Math.floor(size / 100);
    return `${minor < 0 ? '-' : ''}${units}.${CENTS[size - units * 100] ?? ''}`;
  }
  return (minor / 10 ** decimals).toFixed(decimals);
}

/** Whether `value` is a non-negative decimal amount string such as `"19.99"` or `"20"`. */
export function isAmount(value: string): boolean {
  return /^\d{1,12}(\.\d{1,2})?$/.test(value.trim());
}

/** `amount × percent / 100`, rounded half up to a minor unit. */
export function percentOf(minor: number, percent: number): number {
  return Math.round((minor * percent) / 100);
}
