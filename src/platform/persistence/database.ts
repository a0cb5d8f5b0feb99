/**
 * Where the emulator's state lives between runs (docs/decisions/0025): in memory, or a base file
 * (`shop.json`, JSON read with lowdb) and an append-only change log beside it (`shop.json.log`,
 * JSON lines). A write costs the change, not the store: every `flushIntervalMs` the changes since
 * the last batch are appended to the log as one committed batch. When the log outgrows its share
 * of the base, the base is rewritten in the background (a capture of the state, serialized in
 * chunks between which requests are served, to a temporary file renamed over the base) and the
 * log loses the part the new base holds. Start-up reads the base and replays the committed
 * batches that came after it.
 */
import { randomUUID } from 'node:crypto';
import { appendFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { JSONFile } from 'lowdb/node';
import { monotonicMs } from '../clock.js';
import { PRIVATE_FILE_MODE, tightenFile } from '../private-files.js';
import { dropLogPrefix, dropUncommitted, positionOf, readChangeLog, withCommit } from './change-log.js';
import { replaceFileInChunks, tempBeside, WriteAborted, writeInChunks } from './chunked-write.js';
import { crashPointsFromEnvironment, type CrashPoints } from './crash-points.js';
import { jsonPieces, type JsonLayout } from './json-pieces.js';
import type { ChangeSource, Persistence, StoredState } from './persistence.types.js';
import { PersistenceFailed, WriteHealth, type PersistenceHealth } from './write-health.js';

export { PersistenceFailed, type PersistenceHealth } from './write-health.js';
export type { ChangeSource, LogPosition, Persistence, StoredState } from './persistence.types.js';

export interface DatabaseOptions {
  /** JSON file to persist to (its log is `<file>.log`); in memory when absent. */
  file?: string;
  /** Longest time a change waits before it is appended to the log (default 100 ms). */
  flushIntervalMs?: number;
  /** The log is folded into the base once it is larger than this share of the base (default 0.5). */
  compactRatio?: number;
  /** ... and larger than this many bytes (default 1 MiB). */
  compactMinBytes?: number;
  /** How the base file is laid out (see {@link jsonPieces}). */
  layout?: JsonLayout;
  /** Longest run of serialization between two writes, in ms (default 4). */
  budgetMs?: number;
  /** Told when writes start failing and when they work again (once per change, not per write). */
  onStateChange?: (health: PersistenceHealth) => void;
  /** Told how long each stretch of persistence work held the event loop, in ms (benchmarks). */
  onSlice?: (ms: number) => void;
  /**
   * Told after each write of changes to the files (a batch appended, a whole base) how long the
   * oldest change it holds had waited since it was made, in ms: what a kill just before that write
   * would have lost (benchmarks).
   */
  onWritten?: (waitedMs: number) => void;
}

/** A failed compaction is tried again after this long (the log keeps every change meanwhile). */
const COMPACT_RETRY_MS = 5_000;

export class Database implements Persistence {
  readonly file: string | undefined;
  readonly logFile: string | undefined;
  readonly flushIntervalMs: number;
  private readonly compactRatio: number;
  private readonly compactMinBytes: number;
  private readonly budgetMs: number;
  private readonly layout: JsonLayout;
  private readonly onSlice: ((ms: number) => void) | undefined;
  private readonly onWritten: ((waitedMs: number) => void) | undefined;
  private readonly crash: CrashPoints;
  private readonly status: WriteHealth | null;
  private source: ChangeSource | null = null;
  private timer: NodeJS.Timeout | null = null;
  private dirty = false;
  /** When the oldest change not yet taken into a batch was made (monotonic ms); null when none. */
  private dirtySince: number | null = null;
  /** Every write to the log (appends, rewrites) runs on this chain, one after another. */
  private chain: Promise<void> = Promise.resolve();
  private seq = 0;
  /** The id of the log being written (see {@link LogPosition}). */
  private logId: string = randomUUID();
  private logBytes = 0;
  private baseBytes = 0;
  /** No base file yet: the next write is a whole base. */
  private needBase = false;
  /** A log write failed, so the log may miss changes: the next write is a whole base. */
  private resync = false;
  private closing = false;
  private compaction: Promise<void> | null = null;
  private compactionBase: Promise<unknown> | null = null;
  private stopCompaction = false;
  /** Resolves when the compaction under way is told to stop (see {@link stopTheCompaction}). */
  private compactionStopped: Promise<void> = Promise.resolve();
  private resolveStopped: () => void = () => undefined;
  private compactNotBefore = 0;
  /** Counts the times the log was started afresh: a compaction drops a prefix of the log it saw only. */
  private logEpoch = 0;

  constructor(options: DatabaseOptions = {}) {
    this.file = options.file;
    this.logFile = options.file === undefined ? undefined : `${options.file}.log`;
    this.flushIntervalMs = options.flushIntervalMs ?? 100;
    this.compactRatio = options.compactRatio ?? 0.5;
    this.compactMinBytes = options.compactMinBytes ?? 1 << 20;
    this.budgetMs = options.budgetMs ?? 4;
    this.layout = options.layout ?? {};
    this.onSlice = options.onSlice;
    this.onWritten = options.onWritten;
    this.crash = options.file === undefined ? { reach: () => undefined } : crashPointsFromEnvironment();
    const onStateChange = options.onStateChange ?? (() => undefined);
    this.status = options.file === undefined ? null : new WriteHealth(options.file, onStateChange);
  }

  get persistent(): boolean {
    return this.file !== undefined;
  }

  async open(): Promise<StoredState | null> {
    if (!this.file || !this.logFile) return null;
    // What a rewrite killed before its rename left (the base and the log still hold everything).
    await Promise.all([
      rm(tempBeside(this.file), { force: true }),
      rm(tempBeside(this.logFile), { force: true }),
      // Both hold every store's tokens and client secrets: owner only, also when an older version
      // made them readable by others (src/platform/private-files.ts).
      tightenFile(this.file),
      tightenFile(this.logFile),
    ]);
    const base = await new JSONFile<unknown>(this.file).read();
    const log = await readChangeLog(this.logFile);
    if (base === null) {
      // A log without a base is what a first start cut short leaves: the store starts afresh.
      if (log.totalBytes > 0) await truncate(this.logFile, 0);
      this.needBase = true;
      return null;
    }
    await dropUncommitted(this.logFile, log);
    this.logBytes = log.committedBytes;
    this.baseBytes = (await stat(this.file)).size;
    const position = positionOf(base);
    // A base from before the log, or a log that extends another base: the next write starts both afresh.
    if (position === null || log.batches.some((batch) => batch.log !== position.id)) {
      this.needBase = true;
      return { base, batches: [] };
    }
    this.logId = position.id;
    this.seq = Math.max(position.seq, log.batches.at(-1)?.seq ?? 0);
    return { base, batches: log.batches.filter((batch) => batch.seq > position.seq) };
  }

  attach(source: ChangeSource): void {
    this.source = source;
  }

  markDirty(): void {
    if (!this.file) return;
    this.dirty = true;
    this.dirtySince ??= monotonicMs();
    this.schedule(this.flushIntervalMs);
  }

  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const step = this.chain.then(() => this.step());
    this.chain = step;
    return step;
  }

  async close(): Promise<void> {
    if (!this.file) return;
    this.closing = true;
    // A compaction in progress is dropped: the log already holds everything it would.
    this.stopTheCompaction();
    await this.compactionBase?.catch(() => undefined);
    await this.flush();
    await this.compaction;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const health = this.health();
    if (health && (this.needBase || this.resync)) throw new PersistenceFailed(health);
  }

  health(): PersistenceHealth | null {
    return this.status?.report(this.unwritten) ?? null;
  }

  private get unwritten(): boolean {
    return this.dirty || this.needBase || this.resync;
  }

  private schedule(delayMs: number): void {
    if (this.timer || this.closing) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, delayMs);
    this.timer.unref();
  }

  private async step(): Promise<void> {
    if (!this.source) return;
    if (this.needBase || this.resync) return this.rebuild(this.source);
    if (!this.dirty) return;
    const since = this.takeDirty();
    const lines = this.timed(() => (this.source as ChangeSource).changes());
    if (lines && (await this.append(lines, since))) this.maybeCompact();
  }

  /** Marks the changes made until now as taken into a write; returns when the oldest was made. */
  private takeDirty(): number | null {
    const since = this.dirtySince;
    this.dirty = false;
    this.dirtySince = null;
    return since;
  }

  /** Tells `onWritten` that the changes made since `since` are in the files. */
  private written(since: number | null): void {
    if (since !== null) this.onWritten?.(monotonicMs() - since);
  }

  /** The changes made since `since` could not be written: they wait for the next write. */
  private notWritten(since: number | null): void {
    if (since !== null) this.dirtySince = Math.min(this.dirtySince ?? since, since);
  }

  /**
   * Appends one committed batch (changes made since `since`); a failure makes the next write a
   * whole base.
   */
  private async append(lines: Iterable<string>, since: number | null): Promise<boolean> {
    const seq = this.seq + 1;
    const logFile = this.logFile as string;
    try {
      this.logBytes += await writeInChunks(
        withCommit(lines, seq, this.logId),
        (chunk) => appendFile(logFile, chunk, { mode: PRIVATE_FILE_MODE }),
        { budgetMs: this.budgetMs, onSlice: this.onSlice },
      );
      this.seq = seq;
      this.written(since);
      this.status?.succeeded('log', this.unwritten);
      this.crash.reach('appended');
      return true;
    } catch (error) {
      // The log may now end in part of a batch: it is rewritten from scratch by the next write.
      this.resync = true;
      this.notWritten(since);
      this.status?.failed('log', error, true);
      this.retryLater();
      return false;
    }
  }

  /** Writes the whole state as the base and empties the log (first start, or after a failure). */
  private async rebuild(source: ChangeSource): Promise<void> {
    this.stopTheCompaction();
    await this.compactionBase?.catch(() => undefined);
    const since = this.takeDirty();
    // A new log: its batches will not be mistaken for those of the log it replaces.
    this.logId = randomUUID();
    this.seq = 0;
    const doc = this.timed(() => source.capture({ id: this.logId, seq: 0 }));
    try {
      this.baseBytes = await replaceFileInChunks(this.file as string, jsonPieces(doc, this.layout), {
        budgetMs: this.budgetMs,
        onSlice: this.onSlice,
      });
    } catch (error) {
      this.resync = true;
      this.notWritten(since);
      this.status?.failed('base', error, true);
      this.retryLater();
      return;
    }
    this.needBase = false;
    this.status?.succeeded('base', this.unwritten);
    try {
      await writeFile(this.logFile as string, '', { mode: PRIVATE_FILE_MODE });
      this.logEpoch += 1;
    } catch (error) {
      // The base holds everything, but the log cannot be started afresh: try again later.
      this.status?.failed('log', error, true);
      this.resync = true;
      this.notWritten(since);
      this.retryLater();
      return;
    }
    this.logBytes = 0;
    this.resync = false;
    this.written(since);
    this.status?.succeeded('log', this.unwritten);
  }

  /** Runs `work`, telling `onSlice` how long it held the event loop. */
  private timed<T>(work: () => T): T {
    if (!this.onSlice) return work();
    const started = monotonicMs();
    try {
      return work();
    } finally {
      this.onSlice(monotonicMs() - started);
    }
  }

  private retryLater(): void {
    this.schedule(Math.max(this.flushIntervalMs, 1000));
  }

  private maybeCompact(): void {
    if (this.compaction || this.closing || this.needBase || this.resync) return;
    if (this.logBytes < Math.max(this.compactMinBytes, this.baseBytes * this.compactRatio)) return;
    if (monotonicMs() < this.compactNotBefore) return;
    this.compaction = this.compact().finally(() => {
      this.compaction = null;
    });
  }

  /**
   * Folds the log into a new base: the pending changes become batch N and the state at that same
   * instant is captured (in the chain, so no append runs meanwhile): the base is exactly the state
   * at batch N, whatever is written while it is. It is written in the background while appends go
   * on; then the log drops what the base holds.
   */
  private async compact(): Promise<void> {
    const source = this.source as ChangeSource;
    this.stopCompaction = false;
    this.compactionStopped = new Promise((resolve) => (this.resolveStopped = resolve));
    let doc: unknown = null;
    let offset = 0;
    let seq = 0;
    let epoch = 0;
    const captured = this.chain.then(async () => {
      if (this.closing || this.resync || this.stopCompaction) return;
      const dirty = this.dirty;
      const since = this.takeDirty();
      const [lines, captureSeq, state] = this.timed(() => {
        const pending = dirty ? source.changes() : null;
        const at = pending ? this.seq + 1 : this.seq;
        return [pending, at, source.capture({ id: this.logId, seq: at })] as const;
      });
      if (lines && !(await this.append(lines, since))) return;
      doc = state;
      seq = captureSeq;
      offset = this.logBytes;
      epoch = this.logEpoch;
      this.crash.reach('compaction-cut');
    });
    this.chain = captured;
    await captured;
    if (doc === null || this.stopCompaction) return;
    const writing = replaceFileInChunks(this.file as string, jsonPieces(doc, this.layout), {
      budgetMs: this.budgetMs,
      onSlice: this.onSlice,
      shouldStop: () => this.stopCompaction,
      // Appends first: the base waits, between chunks, for the batches queued meanwhile.
      pause: () => this.appendsQueuedNow(),
      onChunk: () => this.crash.reach('base-chunk'),
    });
    this.compactionBase = writing;
    try {
      this.baseBytes = await writing;
      this.crash.reach('base-renamed');
      this.status?.succeeded('base', this.unwritten);
    } catch (error) {
      if (error instanceof WriteAborted) return;
      this.compactionFailed(error);
      return;
    } finally {
      this.compactionBase = null;
    }
    // The new base holds the log up to `offset`: that part goes, even when closing.
    const dropped = this.chain.then(() => (epoch === this.logEpoch ? this.trimLog(offset, seq) : undefined));
    this.chain = dropped;
    await dropped;
  }

  /** Resolves once the writes queued on the chain now are done, or at once when the compaction stops. */
  private appendsQueuedNow(): Promise<unknown> {
    return Promise.race([this.chain.catch(() => undefined), this.compactionStopped]);
  }

  /** Tells a compaction under way to stop (a base written by `rebuild` or `close` replaces its work). */
  private stopTheCompaction(): void {
    this.stopCompaction = true;
    this.resolveStopped();
  }

  /** Removes the first `offset` bytes of the log (batches up to `seq`, which the base now holds). */
  private async trimLog(offset: number, seq: number): Promise<void> {
    const logFile = this.logFile as string;
    if (this.resync || seq > this.seq) return;
    this.crash.reach('log-trim');
    try {
      await dropLogPrefix(logFile, offset, this.logBytes, () => this.crash.reach('log-trim-written'));
      this.logBytes = Math.max(0, this.logBytes - offset);
      this.logEpoch += 1;
    } catch (error) {
      // The log still holds every batch (those the base holds are skipped on reading).
      this.compactionFailed(error);
    }
  }

  /** The log keeps every change meanwhile; the compaction is tried again a little later. */
  private compactionFailed(error: unknown): void {
    this.status?.failed('base', error, this.unwritten);
    this.compactNotBefore = monotonicMs() + COMPACT_RETRY_MS;
    setTimeout(() => this.maybeCompact(), COMPACT_RETRY_MS).unref();
  }
}
