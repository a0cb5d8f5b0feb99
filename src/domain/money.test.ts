import { describe, expect, it } from 'vitest';
import { fromMinor, toMinor } from './money.js';

/** What `fromMinor` wrote before it wrote whole cents from their digits (decision 0054). */
const byToFixed = (minor: number, decimals: number) => (minor / 10 ** decimals).toFixed(decimals);

describe('money', () => {
  it('writes every whole number of cents as toFixed does', () => {
    const differ: number[] = [];
    for (let minor = -100_000; minor <= 1_000_000; minor++)
      if (fromMinor(minor, 'USD') !== byToFixed(minor, 2)) differ.push(minor);
    // Large amounts, up to the last one written from digits, and past it.
    let seed = 20250115;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let i = 0; i < 200_000; i++) {
      const minor = Math.round((next() - 0.5) * 10 ** (2 + next() * 14));
      if (fromMinor(minor, 'EUR') !== byToFixed(minor, 2)) differ.push(minor);
    }
    expect(differ).toEqual([]);
    for (const minor of [-0, 999_999_999_999_999, -999_999_999_999_999, 1e15, -1e15, 12.5, -0.4]) {
      expect(fromMinor(minor)).toBe(byToFixed(minor, 2));
    }
  });

  it('keeps currencies without minor units as they were', () => {
    expect(fromMinor(1999, 'JPY')).toBe('1999');
    expect(toMinor('19.99')).toBe(1999);
    expect(fromMinor(toMinor('0.07'))).toBe('0.07');
  });
});
