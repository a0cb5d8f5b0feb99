/**
 * Where the emulator's state lives between runs: lowdb over an in-memory adapter (default) or a
 * JSON file written atomically (lowdb's JSONFile writes a temp file and renames it). File writes are
 * batched: a change marks the database dirty and one write happens at most every `flushIntervalMs`,
 * so a large store is not rewritten on every request. A crash loses at most that interval of changes.
 */
import { Low, Memory } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import { existsSync } from 'node:fs';

export interface DatabaseOptions {
  /** JSON file to persist to; in memory when absent. */
  file?: string;
  /** Longest time a change waits before it is written (default 1000 ms). */
  flushIntervalMs?: number;
  /** Told about a failed write; the change stays pending and is written with the next flush. */
  onWriteError?: (error: unknown) => void;
}

export class Database<Doc> {
  private readonly low: Low<Doc | null>;
  private timer: NodeJS.Timeout | null = null;
  private dirty = false;
  private writing: Promise<void> = Promise.resolve();
  private render: () => Doc = () => {
    throw new Error('database has no renderer yet');
  };

  readonly file: string | undefined;
  readonly flushIntervalMs: number;
  private readonly onWriteError: (error: unknown) => void;

  constructor(options: DatabaseOptions = {}) {
    this.file = options.file;
    this.flushIntervalMs = options.flushIntervalMs ?? 1000;
    this.onWriteError = options.onWriteError ?? (() => undefined);
    this.low = new Low<Doc | null>(
      this.file ? new JSONFile<Doc | null>(this.file) : new Memory<Doc | null>(),
      null,
    );
  }

  get persistent(): boolean {
    return this.file !== undefined;
  }

  /** Reads the persisted document, or `null` when there is none yet. */
  async read(): Promise<Doc | null> {
    if (!this.file || !existsSync(this.file)) return null;
    await this.low.read();
    return this.low.data;
  }

  /** Sets how the current state is turned into the document that gets written. */
  setRenderer(render: () => Doc): void {
    this.render = render;
  }

  /** Records that something changed; schedules a batched write when persistent. */
  markDirty(): void {
    if (!this.file) return;
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.flushIntervalMs);
    this.timer.unref();
  }

  /** Writes now if anything changed since the last write; a failed write is reported, not thrown. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.writing = this.writing.then(async () => {
      if (!this.dirty || !this.file) return;
      this.dirty = false;
      try {
        this.low.data = this.render();
        await this.low.write();
      } catch (error) {
        this.dirty = true;
        this.onWriteError(error);
      }
    });
    return this.writing;
  }
}
