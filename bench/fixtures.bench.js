// Issue 8 and 16 targets: generating 10,000 customers takes seconds; seeding the large-shop scenario
// (10,000 customers, ~135,000 records) takes about a second; saving and restoring a named snapshot
// of it takes milliseconds; exporting and importing it as streams is 5x faster than the whole
// document was (each transfer measured BENCH_TRANSFER_ROUNDS times, default 3: the median). Run:
// npm run bench (or node bench/fixtures.bench.js after a build). With BENCH_BASELINE=<an older
// build's dist/cli/main.js> the same figures of that build are printed beside (see README,
// Performance).
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ControlClient } from '../dist/index.js';
import { CLI, report, startServer, verdict } from './lib.js';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 10_000);
const BASELINE = process.env.BENCH_BASELINE;
const TRANSFER_ROUNDS = Number(process.env.BENCH_TRANSFER_ROUNDS ?? 3);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const dir = mkdtempSync(join(tmpdir(), 'billing-emulator-bench-'));

// Generation, as users run it: the CLI process writing the file.
const file = join(dir, 'shop.json');
let started = performance.now();
execFileSync(
  process.execPath,
  [
    CLI,
    'fixtures',
    'generate',
    '--seed',
    '42',
    '--customers',
    String(CUSTOMERS),
    '--products',
    '20',
    '--out',
    file,
  ],
  { stdio: 'ignore' },
);
const generateSeconds = (performance.now() - started) / 1000;
const megabytes = statSync(file).size / 1e6;

/** Sends one request on a new connection; answers the body's text. */
function request(method, url, token, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent: false,
        headers: { 'Content-Type': 'application/json', 'X-Service-Access-Token': token },
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode >= 300)
            reject(new Error(`${method} ${url}: ${res.statusCode} ${text.slice(0, 200)}`));
          else resolve(text);
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Seeds large-shop on the emulator `cli` runs and measures snapshots, export and import there. */
async function measure(cli) {
  const emulator = await startServer([cli, 'start', '--port', '0', '--seed', '1']);
  try {
    const control = async (method, path, body, token) => {
      const res = await fetch(`${emulator.url}/_emulator${path}`, {
        method,
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { 'X-Service-Access-Token': token } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.status === 204 ? undefined : res.json();
    };
    const timed = async (work) => {
      const start = performance.now();
      await work();
      return performance.now() - start;
    };
    // Seeding: every record with the API's validation and derived state.
    let seeded;
    const seedMs = await timed(
      async () => (seeded = await control('POST', '/stores', { scenario: 'large-shop' })),
    );
    const { token } = seeded;
    const client = new ControlClient({ baseUrl: emulator.url, token });
    const customer = (n) =>
      fetch(`${emulator.url}/customers`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Service-Access-Token': token },
        body: JSON.stringify({ email: `bench.${n}@example.com`, first_name: 'B', last_name: 'C' }),
      }).then((res) => res.text());

    const saves = [];
    const restores = [];
    const firstWrites = [];
    const nextWrites = [];
    for (let round = 0; round < 5; round++) {
      saves.push(await timed(() => control('POST', '/snapshots', { name: 'seeded' }, token)));
      // The store moves on (a month of billing: charges paid, orders, events), then is reset.
      await control('POST', '/clock/advance', { days: 31 }, token);
      restores.push(await timed(() => control('POST', '/snapshots/seeded/restore', {}, token)));
      // After a restore, writes go above the snapshot's layers: the first one costs what it changes.
      firstWrites.push(await timed(() => customer(`${round}a`)));
      nextWrites.push(await timed(() => customer(`${round}b`)));
      await control('POST', '/snapshots/seeded/restore', {}, token);
    }
    // The whole document in the client's memory, as ControlClient.snapshot/restoreSnapshot do (on a
    // connection of its own: idle for seconds while the client parses, a kept-alive one is closed);
    // then streamed to and from a file (the columnar version 2 where the build has it). Each
    // TRANSFER_ROUNDS times, in turn, median kept: a single run swings by a third on a busy VM.
    const documentExports = [];
    const documentImports = [];
    const streamExports = [];
    const streamImports = [];
    let exported;
    const path = join(dir, 'store.json');
    for (let round = 0; round < TRANSFER_ROUNDS; round++) {
      documentExports.push(
        await timed(
          async () =>
            (exported = JSON.parse(await request('GET', `${emulator.url}/_emulator/snapshot`, token))),
        ),
      );
      documentImports.push(
        await timed(() =>
          request('PUT', `${emulator.url}/_emulator/snapshot`, token, JSON.stringify(exported)),
        ),
      );
      streamExports.push(await timed(() => client.exportSnapshot(path)));
      streamImports.push(await timed(() => client.importSnapshot(path)));
    }
    const records = Object.values(exported.store.collections).reduce((sum, rows) => sum + rows.length, 0);
    return {
      seedMs,
      save: median(saves),
      restore: median(restores),
      firstWrite: median(firstWrites),
      nextWrite: median(nextWrites),
      documentExportMs: median(documentExports),
      documentImportMs: median(documentImports),
      streamExportMs: median(streamExports),
      streamImportMs: median(streamImports),
      spread: { documentExports, documentImports, streamExports, streamImports },
      records,
      exportMb: statSync(path).size / 1e6,
    };
  } finally {
    await emulator.stop();
  }
}

try {
  const now = await measure(CLI);
  const before = BASELINE ? await measure(BASELINE) : undefined;
  const ms = (value) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
  const beside = (key, format = ms) =>
    before
      ? `${format(now[key])} (baseline ${format(before[key])}, ${(before[key] / now[key]).toFixed(1)}x)`
      : format(now[key]);
  const seconds = (value) => `${(value / 1000).toFixed(2)} s`;
  report(
    `Fixtures and snapshots of ${CUSTOMERS.toLocaleString('en-US')} customers (${now.records.toLocaleString('en-US')} records)`,
    [
      [
        'fixtures generate (CLI process)',
        `${generateSeconds.toFixed(2)} s, ${megabytes.toFixed(1)} MB`,
        `${verdict(generateSeconds < 10)} (target: seconds)`,
      ],
      [
        'seed a store (large-shop)',
        beside('seedMs', seconds),
        `${verdict(now.seedMs <= 1500)} (target: <= 1.5 s)`,
      ],
      ['save a named snapshot (median of 5)', beside('save'), `${verdict(now.save < 10)} (target: < 10 ms)`],
      [
        'restore it after a month of billing (median of 5)',
        beside('restore'),
        `${verdict(now.restore < 10)} (target: < 10 ms)`,
      ],
      ['first write after the restore (POST /customers)', beside('firstWrite')],
      ['next write', beside('nextWrite')],
      [
        `export: whole document (ControlClient.snapshot, median of ${TRANSFER_ROUNDS})`,
        beside('documentExportMs'),
      ],
      [
        `export: stream to a file (exportSnapshot, ${now.exportMb.toFixed(1)} MB, median)`,
        beside('streamExportMs'),
        before
          ? `${verdict(before.documentExportMs / now.streamExportMs >= 5)} (target: 5x the baseline's whole document)`
          : '',
      ],
      ['import: whole document (restoreSnapshot, median)', beside('documentImportMs')],
      [
        'import: stream from the file (importSnapshot, median)',
        beside('streamImportMs'),
        before
          ? `${verdict(before.documentImportMs / now.streamImportMs >= 5)} (target: 5x the baseline's whole document)`
          : '',
      ],
    ],
  );
  const rounds = (figures) =>
    Object.entries(figures.spread)
      .map(([name, values]) => `${name} ${values.map(Math.round).join('/')}`)
      .join(', ');
  console.log(`  each round (ms): ${rounds(now)}`);
  if (before) console.log(`  baseline's rounds (ms): ${rounds(before)}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
