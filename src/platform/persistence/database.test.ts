import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Database } from './database.js';

const tempFile = () => join(mkdtempSync(join(tmpdir(), 'billing-emulator-db-')), 'db.json');

describe('Database', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes one batched document per flush interval, however many changes came in', async () => {
    vi.useFakeTimers();
    const file = tempFile();
    let renders = 0;
    let state = 0;
    const db = new Database<{ state: number }>({ file, flushIntervalMs: 1000 });
    db.setRenderer(() => {
      renders += 1;
      return { state };
    });
    for (state = 1; state <= 100; state++) db.markDirty();
    expect(existsSync(file)).toBe(false);
    await vi.advanceTimersByTimeAsync(999);
    expect(renders).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    await db.flush();
    expect(renders).toBe(1);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ state: 101 });
  });

  it('does not write when nothing changed, and never in memory mode', async () => {
    const file = tempFile();
    const db = new Database<{ n: number }>({ file });
    let renders = 0;
    db.setRenderer(() => ({ n: ++renders }));
    await db.flush();
    expect(renders).toBe(0);
    const memory = new Database<{ n: number }>();
    memory.setRenderer(() => ({ n: ++renders }));
    memory.markDirty();
    await memory.flush();
    expect(renders).toBe(0);
    expect(memory.persistent).toBe(false);
  });

  it('reports a failed write and keeps the change pending', async () => {
    const errors: unknown[] = [];
    const db = new Database<{ n: number }>({
      file: '/proc/no-such-dir/db.json',
      onWriteError: (e) => errors.push(e),
    });
    db.setRenderer(() => ({ n: 1 }));
    db.markDirty();
    await db.flush();
    expect(errors).toHaveLength(1);
    await db.flush();
    expect(errors).toHaveLength(2);
  });
});
