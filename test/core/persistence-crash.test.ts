/**
 * The data files survive the process being killed (SIGKILL) at the moments that matter: while a
 * compaction writes the new base, right after it renames it over the data file, between that
 * rename and the trim of the log, and during plain appends (crash points of the persistence, see
 * src/platform/persistence/crash-points.ts, and kills from outside at random moments), round after
 * round under concurrent creates, updates and deletes over HTTP. After each kill: both files are
 * readable, the base's id counters cover its records (it is one instant), the process starts, no
 * write answers a 500, every change acknowledged before the window is there and nothing answered
 * with an error is. Then SIGTERM loses nothing. Child processes of the built package, seeded
 * randomness (the figures on a large store are in bench/persistence.bench.js).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { CrashPoint } from '../../src/platform/persistence/crash-points.js';
import { Random } from '../../src/platform/random.js';
import type { RegistryDoc } from '../../src/store/registry.js';
import { coveringSequences } from '../../src/store/sequences.js';
import { ID_BLOCK } from '../../src/store/store.js';
import { startCli } from '../helpers/cli.js';
import { CrashClient, storedCustomers } from '../helpers/crash-client.js';

const CHILD = fileURLToPath(new URL('../helpers/emulator-process.mjs', import.meta.url));
const TOKEN = 'crash-test-token';
const FLUSH_INTERVAL_MS = 20;
/**
 * What a kill may lose: the flush interval and the time the append takes, plus what a loaded
 * machine (the test runs beside others) adds to both and to this process seeing the kill.
 */
const WINDOW_MS = 500;
/** A round whose crash point was not reached after this many acknowledged writes fails. */
const MOST_WRITES = 5_000;

interface Child {
  readonly process: ChildProcess;
  readonly url: string;
  /** When this process saw the child die (or its crash point announced), in `performance.now()`. */
  readonly died: Promise<number>;
}

async function startChild(options: object, crashAt?: string): Promise<Child> {
  const child = spawn(process.execPath, [CHILD, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, BILLING_EMULATOR_CRASH_AT: crashAt ?? '' },
  });
  let out = '';
  const died = new Promise<number>((resolve) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('crash point')) resolve(performance.now());
    });
    child.once('exit', () => resolve(performance.now()));
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) =>
      reject(new Error(`the emulator exited with ${code} before listening:\n${out}`)),
    );
  });
  return { process: child, url, died };
}

/**
 * The files as a kill left them: the base is JSON whose counters cover its records, every whole
 * line of the log is JSON (a last line cut short is what the next start drops). Returns the base.
 */
function expectReadableFiles(file: string): RegistryDoc | null {
  if (!existsSync(file)) return null;
  const base = JSON.parse(readFileSync(file, 'utf8')) as RegistryDoc;
  for (const store of base.stores)
    expect(coveringSequences(store, store.id * ID_BLOCK), `the base's counters of store ${store.id}`).toEqual(
      store.sequences,
    );
  const log = existsSync(`${file}.log`) ? readFileSync(`${file}.log`, 'utf8') : '';
  const lines = log.split('\n').slice(0, -1);
  for (const [i, line] of lines.entries())
    expect(() => JSON.parse(line), `line ${i + 1} of the log`).not.toThrow();
  return base;
}

/** Where each round is killed: a crash point (`point:n`, its n-th time), or from outside after n writes. */
type Kill = { readonly point: CrashPoint; readonly nth: number } | { readonly afterWrites: number };

function kills(random: Random): Kill[] {
  const atRename = (): Kill[] => [
    { point: 'base-chunk', nth: random.int(1, 3) },
    { point: 'base-renamed', nth: random.int(1, 2) },
    { point: 'log-trim', nth: random.int(1, 2) },
  ];
  return [
    ...atRename(),
    { point: 'log-trim-written', nth: 1 },
    { point: 'compaction-cut', nth: random.int(1, 2) },
    { point: 'appended', nth: random.int(5, 30) },
    { afterWrites: random.int(40, 200) },
    // Again, on a larger store.
    ...atRename(),
    { afterWrites: random.int(40, 200) },
  ];
}

describe('the data files when the process is killed', () => {
  it('SIGKILL during the base write, right after its rename, before the log is trimmed and during appends: readable files, no 500, nothing acknowledged before the window lost, nothing refused stored; SIGTERM loses nothing', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'billing-emulator-crash-')), 'shop.json');
    const random = new Random(20_261_125);
    const client = new CrashClient(TOKEN, random);
    // A small compaction threshold: the log is folded into the base every few dozen writes.
    const options = {
      data: file,
      token: TOKEN,
      flushIntervalMs: FLUSH_INTERVAL_MS,
      storage: { compactMinBytes: 16_000, compactRatio: 0.1 },
    };
    let killedAt = 0;
    let checked = 0;
    for (const kill of kills(random)) {
      const crashAt = 'point' in kill ? `${kill.point}:${kill.nth}` : undefined;
      const child = await startChild(options, crashAt);
      const exited = once(child.process, 'exit');
      try {
        checked += client.check(await storedCustomers(child.url, TOKEN), killedAt, WINDOW_MS);
        let writes = 0;
        let sentKill = Infinity;
        await client.writeUntil(child.url, (count) => {
          writes = count;
          if ('point' in kill) return count >= MOST_WRITES;
          if (count < kill.afterWrites) return false;
          child.process.kill('SIGKILL');
          sentKill = performance.now();
          return true;
        });
        expect(writes, `${crashAt ?? 'the kill'} came before ${MOST_WRITES} writes`).toBeLessThan(
          MOST_WRITES,
        );
        killedAt = Math.min(sentKill, await child.died);
        const [, signal] = (await exited) as [number | null, NodeJS.Signals | null];
        expect(signal, `killed at ${crashAt ?? 'a random moment'}`).toBe('SIGKILL');
        expect(client.unexpected, 'answers no write should get').toEqual([]);
        const base = expectReadableFiles(file);
        // Killed in a compaction's last steps: the new base, which holds batches of the log, is in place.
        if (crashAt?.startsWith('base-renamed') || crashAt?.startsWith('log-trim'))
          expect(base?.log_seq).toBeGreaterThan(0);
      } finally {
        // A failed check leaves no process behind.
        if (child.process.exitCode === null && child.process.signalCode === null)
          child.process.kill('SIGKILL');
        await exited;
      }
    }
    expect(checked).toBeGreaterThan(200);

    // SIGTERM (the CLI, as users run it): everything acknowledged is written, the exit code is 0.
    const cli = await startCli(['--data', file]);
    try {
      checked = client.check(await storedCustomers(cli.url, TOKEN), killedAt, WINDOW_MS);
      await client.writeUntil(cli.url, (count) => count >= 100);
      expect(client.unexpected).toEqual([]);
    } finally {
      expect(await cli.stop('SIGTERM')).toBe(0);
    }
    const again = await startCli(['--data', file]);
    try {
      expect(client.check(await storedCustomers(again.url, TOKEN), performance.now(), 0)).toBeGreaterThan(0);
    } finally {
      expect(await again.stop('SIGTERM')).toBe(0);
    }
  }, 180_000);
});
