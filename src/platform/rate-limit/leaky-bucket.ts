/**
 * The service's rate limit (api-facts, "Rate limit"): a leaky bucket per API token, 40 calls deep,
 * draining 2 calls a second of real time. It follows wall-clock time by design, not a store's
 * virtual clock: moving the clock a day forward must not refill a client's allowance.
 */
import { wallClockMs } from '../clock.js';

export interface RateLimitConfig {
  /** Calls the bucket holds. */
  readonly size: number;
  /** Calls drained per second. */
  readonly leak_per_second: number;
}

export interface BucketReading {
  /** Whether the call fit (false: answer 429). */
  readonly allowed: boolean;
  /** Calls in the bucket after this one, rounded up (the `used` of `X-Service-Limit: used/size`). */
  readonly used: number;
  readonly size: number;
}

/**
 * One token's bucket. The time source is injectable so tests can move time without sleeping.
 *
 * @example
 * let now = 0;
 * const bucket = new LeakyBucket(() => now);
 * const config = { size: 40, leak_per_second: 2 };
 * for (let i = 0; i < 40; i++) bucket.take(config); // all allowed
 * bucket.take(config).allowed; // false: the 41st call
 * now += 1000;
 * bucket.take(config).allowed; // true: one second drained two calls
 */
export class LeakyBucket {
  private level = 0;
  private updatedAt: number;

  constructor(private readonly now: () => number = wallClockMs) {
    this.updatedAt = now();
  }

  /** Drains what leaked since the last call, then adds this call if it fits. */
  take(config: RateLimitConfig): BucketReading {
    const now = this.now();
    const leaked = (Math.max(0, now - this.updatedAt) / 1000) * config.leak_per_second;
    this.level = Math.max(0, this.level - leaked);
    this.updatedAt = now;
    // A float level drifts by a rounding error; a call that fits to within it fits.
    const allowed = this.level + 1 <= config.size + 1e-9;
    if (allowed) this.level += 1;
    return { allowed, used: Math.min(config.size, Math.ceil(this.level - 1e-9)), size: config.size };
  }
}

/**
 * The buckets of a store's tokens, created on a token's first call.
 *
 * @example
 * const limiter = new RateLimiter();
 * const reading = limiter.take(tokenId, { size: 40, leak_per_second: 2 });
 * response.setHeader('X-Service-Limit', `${reading.used}/${reading.size}`);
 */
export class RateLimiter {
  private readonly buckets = new Map<number, LeakyBucket>();

  constructor(private readonly now: () => number = wallClockMs) {}

  take(tokenId: number, config: RateLimitConfig): BucketReading {
    let bucket = this.buckets.get(tokenId);
    if (!bucket) {
      bucket = new LeakyBucket(this.now);
      this.buckets.set(tokenId, bucket);
    }
    return bucket.take(config);
  }

  /** Empties every bucket. */
  clear(): void {
    this.buckets.clear();
  }
}
