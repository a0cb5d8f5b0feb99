import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LogBatch } from './change-log.js';
import {
  Database,
  PersistenceFailed,
  type ChangeSource,
  type DatabaseOptions,
  type LogPosition,
} from './database.js';
import type { PersistenceHealth } from './write-health.js';

const tempFile = () => join(mkdtempSync(join(tmpdir(), 'billing-emulator-db-')), 'db.json');

/** A key-value state that reports the keys set since the last batch, the way the registry does. */
class KeyValues implements ChangeSource {
  readonly values = new Map<string, number>();
  private readonly touched = new Set<string>();
  captures = 0;

  constructor(private readonly database: Database) {}

  set(key: string, value: number): void {
    this.values.set(key, value);
    this.touched.add(key);
    this.database.markDirty();
  }

  changes(): Iterable<string> | null {
    if (this.touched.size === 0) return null;
    const lines = [...this.touched].map((k) => `${JSON.stringify({ k, v: this.values.get(k) })}\n`);
    this.touched.clear();
    return lines;
  }

  capture(log: LogPosition): unknown {
    this.captures += 1;
    this.touched.clear();
    return { log_id: log.id, log_seq: log.seq, values: Object.fromEntries(this.values) };
  }
}

/** What a restart sees: the base's values with the log's batches applied. */
async function reopen(file: string, options: DatabaseOptions = {}): Promise<Record<string, number>> {
  const stored = await new Database({ ...options, file }).open();
  const values = { ...(stored?.base as { values: Record<string, number> } | undefined)?.values };
  for (const batch of stored?.batches ?? ([] as LogBatch[]))
    for (const record of batch.records as { k: string; v: number }[]) values[record.k] = record.v;
  return values;
}

async function started(options: DatabaseOptions) {
  const database = new Database({ flushIntervalMs: 60_000, ...options });
  await database.open();
  const state = new KeyValues(database);
  database.attach(state);
  await database.flush();
  return { database, state };
}

/**
 * A database whose first compaction is writing its base (5,000 keys in chunks of 32 pieces: hundreds
 * of writes), with `temp` the base's temporary file.
 */
async function compacting(options: DatabaseOptions) {
  const { database, state } = await started({
    compactMinBytes: 1_000,
    compactRatio: 0.01,
    budgetMs: 0,
    ...options,
  });
  for (let i = 0; i < 5_000; i++) state.set(`key${i}`, i);
  void database.flush();
  const temp = join(dirname(options.file as string), `.${basename(options.file as string)}.tmp`);
  while (!existsSync(temp)) await new Promise(setImmediate);
  return { database, state, temp };
}

describe('Database (base file and change log)', () => {
  it('writes a base on the first start, then appends each batch of changes to the log', async () => {
    const file = tempFile();
    const { database, state } = await started({ file });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      log_id: expect.any(String),
      log_seq: 0,
      values: {},
    });
    const baseBefore = readFileSync(file, 'utf8');
    for (let i = 0; i < 100; i++) state.set(`k${i % 10}`, i);
    await database.flush();
    state.set('k0', 1000);
    await database.flush();
    // The base is not rewritten: the changes are in the log, one line a key and a commit a batch.
    expect(readFileSync(file, 'utf8')).toBe(baseBefore);
    const lines = readFileSync(`${file}.log`, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(10 + 1 + 1 + 1);
    const { log_id: id } = JSON.parse(baseBefore) as { log_id: string };
    expect(lines.filter((line) => line.includes('"commit"'))).toEqual([
      `{"op":"commit","seq":1,"log":"${id}"}`,
      `{"op":"commit","seq":2,"log":"${id}"}`,
    ]);
    await database.close();
    expect(await reopen(file)).toEqual(Object.fromEntries(state.values));
    expect((await reopen(file)).k0).toBe(1000);
  });

  // Regression: a compaction killed before its rename left `.db.json.tmp` beside the base for good.
  it('removes the temporary files a rewrite killed before its rename left, and loses nothing', async () => {
    const file = tempFile();
    const { database, state } = await started({ file });
    state.set('kept', 1);
    await database.close();
    const temps = [
      join(dirname(file), `.${basename(file)}.tmp`),
      join(dirname(file), `.${basename(file)}.log.tmp`),
    ];
    for (const temp of temps) writeFileSync(temp, '{"values": {"half": ');
    expect(await reopen(file)).toEqual({ kept: 1 });
    for (const temp of temps) expect(existsSync(temp)).toBe(false);
  });

  it('does not write when nothing changed, and never in memory', async () => {
    const file = tempFile();
    const { database } = await started({ file });
    await database.flush();
    expect(statSync(`${file}.log`).size).toBe(0);
    const memory = new Database();
    expect(await memory.open()).toBeNull();
    memory.markDirty();
    await memory.flush();
    await memory.close();
    expect(memory.persistent).toBe(false);
    expect(memory.health()).toBeNull();
  });

  it('folds the log into the base once it outgrows it, and the log keeps only what came after', async () => {
    const file = tempFile();
    const { database, state } = await started({ file, compactMinBytes: 2_000, compactRatio: 1 });
    for (let round = 0; round < 30; round++) {
      for (let i = 0; i < 20; i++) state.set(`key${i}`, round * 100 + i);
      await database.flush();
    }
    await database.close();
    const base = JSON.parse(readFileSync(file, 'utf8')) as { log_seq: number };
    expect(base.log_seq).toBeGreaterThan(0);
    expect(state.captures).toBeGreaterThan(1);
    const commits = readFileSync(`${file}.log`, 'utf8').match(/"commit"/g) ?? [];
    expect(commits.length).toBeLessThan(30);
    expect(await reopen(file)).toEqual(Object.fromEntries(state.values));
  });

  it('appends while a compaction writes the base, and tells how long each change waited to be written', async () => {
    const file = tempFile();
    const waits: number[] = [];
    const { database, state, temp } = await compacting({ file, onWritten: (ms) => waits.push(ms) });
    state.set('during', 1);
    await database.flush();
    // The batch is in the log while the base is still being written.
    expect(existsSync(temp)).toBe(true);
    expect(readFileSync(`${file}.log`, 'utf8')).toContain('"k":"during"');
    await database.close();
    expect(await reopen(file)).toEqual(Object.fromEntries(state.values));
    expect(waits).toHaveLength(2);
    for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(0);
  });

  it('stops a compaction under way on close, with every change in the log', async () => {
    const file = tempFile();
    const { database, state, temp } = await compacting({ file });
    state.set('last', 1);
    await database.close();
    expect(existsSync(temp)).toBe(false);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ log_seq: 0 });
    expect(await reopen(file)).toEqual(Object.fromEntries(state.values));
  });

  it('reports a failed write once, retries it, and tells when writing works again', async () => {
    const file = tempFile();
    const changes: PersistenceHealth[] = [];
    const { database, state } = await started({ file, onStateChange: (health) => changes.push(health) });
    state.set('a', 1);
    await database.flush();
    // The log's path becomes a directory: appending to it fails, even as root.
    rmSync(`${file}.log`);
    mkdirSync(`${file}.log`);
    state.set('b', 2);
    await database.flush();
    state.set('c', 3);
    await database.flush();
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      state: 'failing',
      file,
      unwritten_changes: true,
      failing_write: 'log',
    });
    expect(changes[0]?.error).toContain('EISDIR');
    expect(database.health()).toMatchObject({ state: 'failing', failed_writes: 2 });

    rmSync(`${file}.log`, { recursive: true });
    await database.flush();
    expect(changes.map((health) => health.state)).toEqual(['failing', 'ok']);
    expect(database.health()).toEqual({ state: 'ok', file, unwritten_changes: false });
    await database.close();
    expect(await reopen(file)).toEqual({ a: 1, b: 2, c: 3 });
  });

  it('does not replay a log on a base it does not extend (a base put back by hand), and starts both afresh', async () => {
    const file = tempFile();
    const { database, state } = await started({ file });
    const oldBase = readFileSync(file, 'utf8');
    await database.close();
    // Another run on another base leaves its log; then the first base is put back.
    rmSync(file);
    const other = await started({ file });
    other.state.set('other', 1);
    await other.database.close();
    writeFileSync(file, oldBase);
    expect(await reopen(file)).toEqual({});
    const again = await started({ file });
    again.state.set('mine', 2);
    await again.database.close();
    expect(await reopen(file)).toEqual({ mine: 2 });
    expect(state.values.size).toBe(0);
  });

  it('rejects close when the last write failed', async () => {
    const file = tempFile();
    const { database, state } = await started({ file });
    rmSync(`${file}.log`);
    mkdirSync(`${file}.log`);
    state.set('lost', 1);
    await expect(database.close()).rejects.toThrow(PersistenceFailed);
    await expect(database.close()).rejects.toThrow(/changes could not be written to .*EISDIR/);
  });
});
