import { describe, expect, it } from 'vitest';
import { LeakyBucket, RateLimiter } from './leaky-bucket.js';

const SERVICE = { size: 40, leak_per_second: 2 };

describe('LeakyBucket (40 deep, 2 a second, api-facts)', () => {
  it('refuses the 41st immediate call; after 1 s two more pass, then it is full again', () => {
    let now = 1_000_000;
    const bucket = new LeakyBucket(() => now);
    const readings = Array.from({ length: 40 }, () => bucket.take(SERVICE));
    expect(readings.every((reading) => reading.allowed)).toBe(true);
    expect(readings.map((reading) => reading.used).slice(0, 3)).toEqual([1, 2, 3]);
    expect(readings.at(-1)).toEqual({ allowed: true, used: 40, size: 40 });
    expect(bucket.take(SERVICE)).toEqual({ allowed: false, used: 40, size: 40 });

    now += 1_000;
    expect(bucket.take(SERVICE)).toEqual({ allowed: true, used: 39, size: 40 });
    expect(bucket.take(SERVICE)).toEqual({ allowed: true, used: 40, size: 40 });
    expect(bucket.take(SERVICE).allowed).toBe(false);
  });

  it('drains to empty and no further, and a refused call adds nothing', () => {
    let now = 0;
    const bucket = new LeakyBucket(() => now);
    for (let i = 0; i < 45; i++) bucket.take(SERVICE);
    now += 30_000;
    expect(bucket.take(SERVICE).used).toBe(1);
    now += 500;
    expect(bucket.take(SERVICE).used).toBe(1);
  });

  it('rounds a partly drained call up and takes size and leak from the config of each call', () => {
    let now = 0;
    const bucket = new LeakyBucket(() => now);
    const small = { size: 2, leak_per_second: 1 };
    bucket.take(small);
    bucket.take(small);
    expect(bucket.take(small).allowed).toBe(false);
    now += 600;
    expect(bucket.take(small).allowed).toBe(false);
    expect(bucket.take({ size: 3, leak_per_second: 1 })).toEqual({ allowed: true, used: 3, size: 3 });
  });
});

describe('RateLimiter', () => {
  it('keeps one bucket per token', () => {
    const limiter = new RateLimiter(() => 0);
    const config = { size: 1, leak_per_second: 1 };
    expect(limiter.take(1, config).allowed).toBe(true);
    expect(limiter.take(1, config).allowed).toBe(false);
    expect(limiter.take(2, config).allowed).toBe(true);
    limiter.clear();
    expect(limiter.take(1, config).allowed).toBe(true);
  });
});
