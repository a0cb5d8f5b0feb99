/**
 * The only place that reads wall-clock time (enforced by a lint rule). Every timestamp a store
 * produces comes from its virtual clock; wall-clock time is read here for the `realtime` mode and
 * for the few things that follow real time by design (the rate limit's leaky bucket).
 */

export type ClockMode = 'frozen' | 'realtime';

/** Serializable state of a store's virtual clock. */
export interface ClockState {
  mode: ClockMode;
  /** Virtual epoch milliseconds at the anchor. */
  now: number;
  /** Wall-clock epoch milliseconds when `now` was last set (used by `realtime`). */
  anchoredAt: number;
}

/** Milliseconds since the epoch, as the wall clock says. Use a store clock for anything a user sees. */
export function wallClockMs(): number {
  return Date.now();
}

/**
 * A monotonic millisecond counter for measuring durations (request timings); not a date.
 *
 * @example
 * const started = monotonicMs();
 * await work();
 * const tookMs = monotonicMs() - started;
 */
export function monotonicMs(): number {
  return performance.now();
}

/** A store's virtual clock: `frozen` moves only when told; `realtime` follows wall-clock time from where it stands. */
export class Clock {
  private state: ClockState;

  /** `onChange` is told after every `set` and `setMode` (the store persists its clock). */
  constructor(
    state?: Partial<ClockState>,
    private readonly onChange: () => void = () => undefined,
  ) {
    const wall = Date.now();
    this.state = {
      mode: state?.mode ?? 'frozen',
      // Whole seconds: the API's timestamps have no sub-second part.
      now: Math.floor((state?.now ?? wall) / 1000) * 1000,
      anchoredAt: state?.anchoredAt ?? wall,
    };
  }

  /** Current virtual time in epoch milliseconds. */
  now(): number {
    if (this.state.mode === 'frozen') return this.state.now;
    return this.state.now + Math.max(0, Date.now() - this.state.anchoredAt);
  }

  /** Current virtual time as a `Date`. */
  date(): Date {
    return new Date(this.now());
  }

  /** Current virtual time as an ISO-8601 UTC string with whole seconds. */
  iso(): string {
    return toIso(this.now());
  }

  get mode(): ClockMode {
    return this.state.mode;
  }

  /** Moves the clock to `ms`; callers ensure it never goes back. */
  set(ms: number): void {
    this.state = { ...this.state, now: Math.floor(ms / 1000) * 1000, anchoredAt: Date.now() };
    this.onChange();
  }

  setMode(mode: ClockMode): void {
    this.state = { mode, now: this.now(), anchoredAt: Date.now() };
    this.onChange();
  }

  toJSON(): ClockState {
    return { mode: this.state.mode, now: this.now(), anchoredAt: Date.now() };
  }
}

/**
 * The last instant a store's clock may reach: timestamps have four-digit years, and a clock moved
 * past what a Date can hold would break every later read of the store.
 */
export const LATEST_MS = Date.UTC(9999, 11, 31, 23, 59, 59);

/** Canonical timestamp form stored in records: `YYYY-MM-DDTHH:MM:SSZ` (UTC, whole seconds). */
export function toIso(ms: number): string {
  // Every record written at one virtual moment asks for the same text: keep the last one.
  if (ms !== lastIso.ms) lastIso = { ms, text: new Date(ms).toISOString().slice(0, 19) + 'Z' };
  return lastIso.text;
}

let lastIso = { ms: Number.NaN, text: '' };
