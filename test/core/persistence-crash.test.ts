/**
 * The data files survive the process being killed: kill -9 at random moments while writes go on
 * and the log is folded into the base, then SIGTERM. Child processes, seeded randomness, a few
 * rounds (the figures on a large store are in bench/persistence.bench.js).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Random } from '../../src/platform/random.js';
import { startCli } from '../helpers/cli.js';

const CHILD = fileURLToPath(new URL('../helpers/emulator-process.mjs', import.meta.url));
const TOKEN = 'crash-test-token';
const FLUSH_INTERVAL_MS = 20;
/**
 * What a kill -9 may lose: the flush interval, plus the time a loaded machine (the test runs
 * beside others) may take to run the timer and the append. Changes acknowledged before are kept.
 */
const WINDOW_MS = 500;

interface Child {
  readonly process: ChildProcess;
  readonly url: string;
}

async function startChild(options: object): Promise<Child> {
  const child = spawn(process.execPath, [CHILD, JSON.stringify(options)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (\S+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr?.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) =>
      reject(new Error(`the emulator exited with ${code} before listening:\n${out}`)),
    );
  });
  return { process: child, url };
}

/** What the client knows: each customer it created, when the creation and any delete were acknowledged. */
interface Known {
  readonly email: string;
  readonly createdAt: number;
  /** A delete was sent (it may or may not have been done when the process died). */
  deleting?: boolean;
  deletedAt?: number;
}

async function storedCustomers(url: string): Promise<Map<number, string>> {
  const res = await fetch(`${url}/_emulator/snapshot`, { headers: { 'X-Service-Access-Token': TOKEN } });
  expect(res.status).toBe(200);
  const snapshot = (await res.json()) as {
    store: { collections: { customers?: { id: number; email: string }[] } };
  };
  return new Map((snapshot.store.collections.customers ?? []).map((c) => [c.id, c.email]));
}

/**
 * Every change acknowledged before `before` is in the store (and nothing deleted before comes
 * back). Then what the client knows becomes what the store holds: a change made in the window
 * before a kill may be there or not, and either way it is on disk from now on.
 */
function expectKept(stored: Map<number, string>, known: Map<number, Known>, before: number): number {
  let checked = 0;
  for (const [id, customer] of known) {
    if (customer.deletedAt !== undefined && customer.deletedAt <= before) {
      expect(stored.has(id), `customer ${id} deleted before the window is gone`).toBe(false);
      checked += 1;
    } else if (customer.createdAt <= before && !customer.deleting) {
      expect(stored.get(id), `customer ${id} is kept`).toBe(customer.email);
      checked += 1;
    }
  }
  for (const [id, customer] of known) {
    if (stored.get(id) === customer.email) known.set(id, { email: customer.email, createdAt: -Infinity });
    else known.delete(id);
  }
  return checked;
}

/**
 * Creates and deletes customers over four connections until `acknowledged(count)`, told after
 * every acknowledged write, returns true (or the process dies under a request).
 */
async function writeUntil(
  url: string,
  random: Random,
  known: Map<number, Known>,
  acknowledged: (count: number) => boolean,
) {
  const headers = { 'X-Service-Access-Token': TOKEN, 'Content-Type': 'application/json' };
  let counter = 0;
  let acks = 0;
  let stop = false;
  const ack = () => {
    stop ||= acknowledged(++acks);
  };
  const loop = async (connection: number) => {
    while (!stop) {
      const live = [...known].filter(([, c]) => !c.deleting);
      try {
        if (live.length > 10 && random.next() < 0.2) {
          const [id, customer] = live[random.int(0, live.length - 1)] as [number, Known];
          customer.deleting = true;
          const res = await fetch(`${url}/customers/${id}`, { method: 'DELETE', headers });
          if (res.status === 204) {
            customer.deletedAt = performance.now();
            ack();
          }
        } else {
          const email = `crash.${connection}.${++counter}.${random.hex(6)}@example.com`;
          const res = await fetch(`${url}/customers`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ email, first_name: 'Crash', last_name: 'Test' }),
          });
          if (res.status === 201) {
            const { customer } = (await res.json()) as { customer: { id: number } };
            known.set(customer.id, { email, createdAt: performance.now() });
            ack();
          }
        }
      } catch {
        return; // the process was killed under this request
      }
    }
  };
  await Promise.all([0, 1, 2, 3].map(loop));
}

describe('the data files when the process is killed', () => {
  it('kill -9 at random moments during writes and compaction never leaves an unreadable store and loses nothing acknowledged before the window; SIGTERM loses nothing', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'billing-emulator-crash-')), 'shop.json');
    const random = new Random(20_261_125);
    const known = new Map<number, Known>();
    // A small compaction threshold: the log is folded into the base every few dozen writes.
    const options = {
      data: file,
      token: TOKEN,
      flushIntervalMs: FLUSH_INTERVAL_MS,
      storage: { compactMinBytes: 24_000, compactRatio: 0.5 },
    };
    // The base being rewritten shows as its temporary file.
    const compacting = () => existsSync(join(dirname(file), `.${basename(file)}.tmp`));
    let killedAt = 0;
    let checked = 0;
    let killedCompacting = 0;
    for (let round = 0; round < 6; round++) {
      const child = await startChild(options);
      const exited = once(child.process, 'exit');
      try {
        checked += expectKept(await storedCustomers(child.url), known, killedAt - WINDOW_MS);
        // Killed after a random number of acknowledged writes, with other requests in flight;
        // every other round as soon as a compaction is seen under way.
        const writes = random.int(40, 250);
        const duringCompaction = round % 2 === 1;
        await writeUntil(child.url, random, known, (count) => {
          if (duringCompaction ? !compacting() && count < 400 : count < writes) return false;
          child.process.kill('SIGKILL');
          killedAt = performance.now();
          if (compacting()) killedCompacting += 1;
          return true;
        });
      } finally {
        // A failed check leaves no process behind.
        if (child.process.exitCode === null && child.process.signalCode === null)
          child.process.kill('SIGKILL');
        await exited;
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(killedCompacting).toBeGreaterThan(0);
    // The log was folded into the base on the way (the base names the last batch it holds).
    expect((JSON.parse(readFileSync(file, 'utf8')) as { log_seq: number }).log_seq).toBeGreaterThan(0);

    // SIGTERM (the CLI, as users run it): everything acknowledged is written, the exit code is 0.
    const cli = await startCli(['--data', file]);
    try {
      checked = expectKept(await storedCustomers(cli.url), known, killedAt - WINDOW_MS);
      await writeUntil(cli.url, random, known, (count) => count >= 100);
    } finally {
      expect(await cli.stop('SIGTERM')).toBe(0);
    }
    const again = await startCli(['--data', file]);
    try {
      expectKept(await storedCustomers(again.url), known, performance.now());
    } finally {
      expect(await again.stop('SIGTERM')).toBe(0);
    }
  }, 60_000);
});
