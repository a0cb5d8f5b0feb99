/** The contract between the stores and where their state is kept (docs/decisions/0025). */
import type { LogBatch } from './change-log.js';
import type { PersistenceHealth } from './write-health.js';

/** What the database writes: the changes since the last batch, or the whole state. */
export interface ChangeSource {
  /**
   * Log lines (JSON texts, each ending in a newline) of what changed since the last call or
   * capture; null when nothing did. What they describe is taken now; the text may be made later.
   */
  changes(): Iterable<string> | null;
  /**
   * The whole state as the base document, holding `log` (the id of the log that extends it and
   * its last batch the base holds); tracking starts again now. It is the state of this instant,
   * though its text is made later, as the writer reaches each part (their `toJSON`): a base whose
   * parts came from different instants could hold records newer than its id counters.
   */
  capture(log: LogPosition): unknown;
}

/** Where a base stands in its log: `log_id` and `log_seq` in the base document. */
export interface LogPosition {
  /** Names the log that extends the base: a log of another base (a base put back by hand) is not replayed on it. */
  readonly id: string;
  readonly seq: number;
}

/** What was on disk at start-up: the base document and the log's batches that came after it. */
export interface StoredState {
  readonly base: unknown;
  readonly batches: readonly LogBatch[];
}

/** How a persisted store is kept; `Database` (log and base) unless told otherwise. */
export interface Persistence {
  readonly persistent: boolean;
  readonly file: string | undefined;
  /** Reads what is on disk (null when there is nothing yet). */
  open(): Promise<StoredState | null>;
  /** Starts writing what `source` reports. */
  attach(source: ChangeSource): void;
  /** Records that something changed; a batched write follows within the flush interval. */
  markDirty(): void;
  /** Writes what changed now; a failed write is reported (health), not thrown. */
  flush(): Promise<void>;
  /** Writes what is left and stops; throws `PersistenceFailed` when it could not. */
  close(): Promise<void>;
  /** The files' state; null in memory. */
  health(): PersistenceHealth | null;
}
