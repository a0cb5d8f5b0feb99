/**
 * Whether the data files are being written: the last failure of each kind of write (the change
 * log, the base file) until a later write of that kind succeeds. `GET /_emulator/health` reports
 * it, and the owner is told once per change of state (not once per failed write). `close()` throws
 * `PersistenceFailed` when changes could not be written.
 */
import { toIso, wallClockMs } from '../clock.js';

export type WriteKind = 'log' | 'base';

/** What `GET /_emulator/health` says about the data files. */
export interface PersistenceHealth {
  /** `failing` from a failed write until a later write succeeds. */
  readonly state: 'ok' | 'failing';
  /** The data file (`--data`); its change log is beside it. */
  readonly file: string;
  /** Changes made in memory that are not in the files yet (waiting for the next write, or for a retry). */
  readonly unwritten_changes: boolean;
  /** Why the last write failed (while failing). */
  readonly error?: string;
  /** Which file the failing write was for: the change log or the base file. */
  readonly failing_write?: WriteKind;
  /** When writes started failing (wall-clock time). */
  readonly failing_since?: string;
  /** Writes that failed since then. */
  readonly failed_writes?: number;
}

/** Thrown by `close()` when changes could not be written. */
export class PersistenceFailed extends Error {
  constructor(readonly health: PersistenceHealth) {
    super(`changes could not be written to ${health.file}: ${health.error ?? 'unknown error'}`);
  }
}

interface Failure {
  readonly error: string;
  readonly since: number;
  readonly count: number;
  /** Order of the failures, to name the latest. */
  readonly order: number;
}

export class WriteHealth {
  private readonly failures = new Map<WriteKind, Failure>();
  private order = 0;

  constructor(
    private readonly file: string,
    private readonly onStateChange: (health: PersistenceHealth) => void,
  ) {}

  get failing(): boolean {
    return this.failures.size > 0;
  }

  failed(kind: WriteKind, error: unknown, unwritten: boolean): void {
    const wasFailing = this.failing;
    const previous = this.failures.get(kind);
    this.failures.set(kind, {
      error: error instanceof Error ? error.message : String(error),
      since: previous?.since ?? wallClockMs(),
      count: (previous?.count ?? 0) + 1,
      order: ++this.order,
    });
    if (!wasFailing) this.onStateChange(this.report(unwritten));
  }

  succeeded(kind: WriteKind, unwritten: boolean): void {
    if (!this.failures.delete(kind)) return;
    if (!this.failing) this.onStateChange(this.report(unwritten));
  }

  report(unwritten: boolean): PersistenceHealth {
    const [kind, latest] = [...this.failures].sort((a, b) => b[1].order - a[1].order)[0] ?? [];
    if (!kind || !latest) return { state: 'ok', file: this.file, unwritten_changes: unwritten };
    let count = 0;
    let since = latest.since;
    for (const each of this.failures.values()) {
      count += each.count;
      since = Math.min(since, each.since);
    }
    return {
      state: 'failing',
      file: this.file,
      unwritten_changes: unwritten,
      error: latest.error,
      failing_write: kind,
      failing_since: toIso(since),
      failed_writes: count,
    };
  }
}
