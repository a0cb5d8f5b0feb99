import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commitLine, CorruptLog, dropUncommitted, readChangeLog } from './change-log.js';

const tempLog = (text: string) => {
  const file = join(mkdtempSync(join(tmpdir(), 'billing-emulator-log-')), 'db.json.log');
  writeFileSync(file, text);
  return file;
};

describe('readChangeLog', () => {
  it('reads committed batches, in order', async () => {
    const file = tempLog(`{"a":1}\n{"a":2}\n${commitLine(1, 'L')}{"a":3}\n${commitLine(2, 'L')}`);
    const log = await readChangeLog(file);
    expect(log.batches).toEqual([
      { seq: 1, log: 'L', records: [{ a: 1 }, { a: 2 }] },
      { seq: 2, log: 'L', records: [{ a: 3 }] },
    ]);
    expect(log.committedBytes).toBe(log.totalBytes);
  });

  it('drops a batch cut short by a crash: a torn last line, or lines with no commit after them', async () => {
    const committed = `{"a":1}\n${commitLine(1, 'L')}`;
    for (const tail of [
      '{"a":2}\n{"a":',
      '{"a":2}\n',
      '{"a":2}\n{"op":"commit","seq":2}',
      '{"a":2}\n{"op":"com\n',
    ]) {
      const file = tempLog(committed + tail);
      const log = await readChangeLog(file);
      expect(log.batches).toEqual([{ seq: 1, log: 'L', records: [{ a: 1 }] }]);
      expect(log.committedBytes).toBe(Buffer.byteLength(committed));
      await dropUncommitted(file, log);
      expect(readFileSync(file, 'utf8')).toBe(committed);
    }
  });

  it('refuses a log with an unreadable line before its end', async () => {
    const file = tempLog(`{"a":1}\nnot json\n${commitLine(1, 'L')}`);
    await expect(readChangeLog(file)).rejects.toThrow(CorruptLog);
    await expect(readChangeLog(file)).rejects.toThrow('line 2');
  });

  it('reads no batches when there is no log yet', async () => {
    const log = await readChangeLog(join(tmpdir(), 'billing-emulator-no-such-dir', 'db.json.log'));
    expect(log).toEqual({ batches: [], committedBytes: 0, totalBytes: 0 });
  });
});
