/**
 * The persistence the emulator had before the change log (docs/decisions/0025), kept for the
 * benchmarks to measure against in the same run: at most every flush interval the whole state is
 * rendered and rewritten as pretty-printed JSON by lowdb (temporary file and rename). Its cost is
 * the size of the store, not of the change. Not offered to users.
 *
 * @internal
 */
import { Low } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import type { ChangeSource, Persistence, StoredState } from './database.js';
import { PersistenceFailed } from './database.js';
import { WriteHealth, type PersistenceHealth } from './write-health.js';

export class WholeFileDatabase implements Persistence {
  private readonly low: Low<unknown>;
  private readonly status: WriteHealth;
  private source: ChangeSource | null = null;
  private timer: NodeJS.Timeout | null = null;
  private dirty = false;
  private writing: Promise<void> = Promise.resolve();

  readonly persistent = true;

  constructor(
    readonly file: string,
    private readonly flushIntervalMs = 1000,
    onStateChange: (health: PersistenceHealth) => void = () => undefined,
  ) {
    this.low = new Low<unknown>(new JSONFile<unknown>(file), null);
    this.status = new WriteHealth(file, onStateChange);
  }

  async open(): Promise<StoredState | null> {
    await this.low.read();
    if (this.low.data === null) {
      this.dirty = true;
      return null;
    }
    return { base: this.low.data, batches: [] };
  }

  attach(source: ChangeSource): void {
    this.source = source;
  }

  markDirty(): void {
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.flushIntervalMs);
    this.timer.unref();
  }

  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.writing = this.writing.then(async () => {
      if (!this.dirty || !this.source) return;
      this.dirty = false;
      try {
        this.low.data = this.source.capture({ id: 'whole-file', seq: 0 });
        await this.low.write();
        this.status.succeeded('base', false);
      } catch (error) {
        this.dirty = true;
        this.status.failed('base', error, true);
      }
    });
    return this.writing;
  }

  async close(): Promise<void> {
    await this.flush();
    if (this.dirty) throw new PersistenceFailed(this.status.report(true));
  }

  health(): PersistenceHealth {
    return this.status.report(this.dirty);
  }
}
