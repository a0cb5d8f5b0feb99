/**
 * A test seam, for the emulator's own crash tests only (test/core/persistence-kill.test.ts): named
 * moments of the persistence at which the process can be made to kill itself (SIGKILL, the signal
 * a `kill -9` or an out-of-memory kill sends), so a test lands a kill exactly between two steps that
 * a kill from outside would hit only by chance, such as right after a new base is renamed over the
 * data file and before the log is trimmed.
 *
 * Armed by the environment variable `BILLING_EMULATOR_CRASH_AT=<point>` (the first time the point
 * is reached) or `<point>:<n>` (the n-th time), read once when the persistence is made. Unset, as
 * users run the emulator, every point is a no-op. Not an option of the CLI and not in the user
 * documentation: nothing but a crash test has a use for a process that kills itself.
 */

/** The moments a test can kill the process at, in the order a compaction reaches them. */
export const CRASH_POINTS = [
  /** The compaction's cut is taken (batch N appended, the images of the state at N in hand). */
  'compaction-cut',
  /** A chunk of the new base is written to the temporary file (before the rename). */
  'base-chunk',
  /** The new base was renamed over the data file; nothing else has run since. */
  'base-renamed',
  /** The trim of the log got its turn (after the appends queued since the rename), before it reads. */
  'log-trim',
  /** The part of the log the base does not hold is written to its temporary file, not yet renamed. */
  'log-trim-written',
  /** A batch was appended to the log (its commit line written). */
  'appended',
] as const;

export type CrashPoint = (typeof CRASH_POINTS)[number];

/** Kills the process at an armed point; `reach` does nothing for the others. */
export interface CrashPoints {
  reach(point: CrashPoint): void;
}

const NONE: CrashPoints = { reach: () => undefined };

/**
 * The crash points armed by `value` (the environment variable's text); a value that names no point
 * throws, so a test with a typo fails instead of never crashing.
 *
 * @example
 * crashPointsFrom('base-renamed:2').reach('base-renamed'); // nothing the first time, SIGKILL the second
 */
export function crashPointsFrom(value: string | undefined): CrashPoints {
  if (value === undefined || value === '') return NONE;
  const match = /^([a-z-]+)(?::(\d+))?$/.exec(value);
  const point = CRASH_POINTS.find((name) => name === match?.[1]);
  if (!match || !point)
    throw new Error(
      `BILLING_EMULATOR_CRASH_AT=${value}: expected <point>[:<n>], a point of ${CRASH_POINTS.join(', ')}`,
    );
  let left = Number(match[2] ?? 1);
  return {
    reach(reached) {
      if (reached !== point || --left > 0) return;
      // Synchronous on a pipe or a file, so the line is out before the process is.
      process.stderr.write(`crash point ${point} reached (BILLING_EMULATOR_CRASH_AT): killing the process\n`);
      process.kill(process.pid, 'SIGKILL');
    },
  };
}

/**
 * The crash points the environment arms (none unless `BILLING_EMULATOR_CRASH_AT` is set).
 *
 * @example
 * const crash = crashPointsFromEnvironment(); crash.reach('base-renamed');
 */
export function crashPointsFromEnvironment(): CrashPoints {
  return crashPointsFrom(process.env.BILLING_EMULATOR_CRASH_AT);
}
