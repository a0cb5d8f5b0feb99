/**
 * Files that hold secrets or personal data are readable by their owner only: the `--data` base
 * and log (every store's tokens and client secrets), also when an older version made them 0644,
 * and a snapshot exported to a file. (Recordings, clone documents, verify reports and the compile
 * cache are checked where their commands are: test/parity/cli.test.ts, test/clone/clone-cli.test.ts,
 * test/core/compile-cache.test.ts.)
 */
import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/index.js';
import { Api } from '../helpers/api.js';
import { createCustomer } from '../helpers/factories.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'file-modes-'));
  dirs.push(dir);
  return dir;
}

const modeOf = (file: string) => statSync(file).mode & 0o777;

describe('files that hold secrets are 0600', () => {
  it('--data: the base and the log, made by a start and its writes', async () => {
    const file = join(scratch(), 'store.json');
    const emulator = await createEmulator({ port: 0, logger: 'silent', data: file });
    await createCustomer(new Api(emulator.url, emulator.token));
    await emulator.close();
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(`${file}.log`)).toBe(0o600);
  });

  it('--data: files an older version left readable by others are tightened at start', async () => {
    const file = join(scratch(), 'store.json');
    await (await createEmulator({ port: 0, logger: 'silent', data: file })).close();
    chmodSync(file, 0o644);
    chmodSync(`${file}.log`, 0o644);
    const again = await createEmulator({ port: 0, logger: 'silent', data: file });
    try {
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}.log`)).toBe(0o600);
    } finally {
      await again.close();
    }
  });

  it('a snapshot exported to a file, new or replacing a readable one', async () => {
    const dir = scratch();
    const emulator = await createEmulator({ port: 0, logger: 'silent' });
    try {
      const control = emulator.control.forStore(emulator.token);
      await control.exportSnapshot(join(dir, 'new.json'));
      expect(modeOf(join(dir, 'new.json'))).toBe(0o600);
      writeFileSync(join(dir, 'old.json'), 'an older export');
      chmodSync(join(dir, 'old.json'), 0o644);
      await control.exportSnapshot(join(dir, 'old.json'));
      expect(modeOf(join(dir, 'old.json'))).toBe(0o600);
    } finally {
      await emulator.close();
    }
  });
});
