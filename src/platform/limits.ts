/**
 * What one process lets a single request cost, beyond the store settings (`max_jobs_per_advance`,
 * `max_advance_ms`): how many stores it holds, how many records one request may generate, how many
 * bytes each store's request journal keeps. Each is a start option (`--max-stores`, ...), an
 * environment variable and a `createEmulator` option; docs/decisions/0041 says why these defaults.
 */

export interface ProcessLimits {
  /** Stores the process holds at most (the default store included); creating one more answers 422. */
  readonly maxStores: number;
  /** Records one request may ask the fixture generator for (a scenario run's `fixture.generate`). */
  readonly maxGenerate: number;
  /** Bytes each store's request journal keeps at most; the oldest entries go first. */
  readonly journalBytes: number;
}

export const DEFAULT_LIMITS: ProcessLimits = {
  maxStores: 1_000,
  // `large-shop` (10,000 customers) is 42,570 records and seeds in 2 to 3 s.
  maxGenerate: 50_000,
  journalBytes: 2 * 1024 * 1024,
};

/**
 * A request asked for more than a limit allows. The control API answers 422 with `message` under
 * `field` and the option's name as `setting`.
 *
 * @example
 * throw new LimitReached('max-stores', 'name', 'This emulator holds 1000 stores, its --max-stores.');
 */
export class LimitReached extends Error {
  override name = 'LimitReached';
  constructor(
    /** The start option that sets the limit (`max-stores`). */
    readonly setting: string,
    /** The field of the request the message goes under. */
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const LEAST: Readonly<Record<keyof ProcessLimits, number>> = {
  maxStores: 1,
  maxGenerate: 0,
  journalBytes: 0,
};

/**
 * `given` over `DEFAULT_LIMITS` (absent ones keep their default); throws for a value that is not a
 * whole number at least the least one allowed.
 *
 * @example
 * limitsOf({ maxStores: 50 }).maxStores; // 50
 */
export function limitsOf(
  given: Partial<Record<keyof ProcessLimits, number | undefined>> = {},
): ProcessLimits {
  const out = { ...DEFAULT_LIMITS };
  for (const name of Object.keys(LEAST) as (keyof ProcessLimits)[]) {
    const value = given[name];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < LEAST[name])
      throw new Error(`${name} must be a whole number of at least ${LEAST[name]}, not ${value}.`);
    out[name] = value;
  }
  return out;
}
