// Issue 8 targets: generating 10,000 customers with subscriptions takes seconds; a store seeded
// with them (the large-shop scenario) is reset from a named snapshot in milliseconds, so a suite can
// restore it between tests. Run: npm run bench (or node bench/fixtures.bench.js after a build)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CLI, report, startServer, verdict } from './lib.js';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 10_000);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

// Generation, as users run it: the CLI process writing the file.
const dir = mkdtempSync(join(tmpdir(), 'billing-emulator-bench-'));
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
  {
    stdio: 'ignore',
  },
);
const generateSeconds = (performance.now() - started) / 1000;
const megabytes = statSync(file).size / 1e6;
rmSync(dir, { recursive: true, force: true });

const emulator = await startServer([CLI, 'start', '--port', '0', '--seed', '1']);
try {
  const control = async (method, path, body, token) => {
    const res = await fetch(`${emulator.url}/_emulator${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { 'X-Service-Access-Token': token } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? undefined : res.json();
  };
  // Seeding: every record through the API's endpoints (in-process), with its derived state.
  started = performance.now();
  const seeded = await control('POST', '/stores', { scenario: 'large-shop' });
  const seedSeconds = (performance.now() - started) / 1000;
  const { token } = seeded;

  await control('POST', '/snapshots', { name: 'seeded' }, token);
  const restores = [];
  for (let round = 0; round < 5; round++) {
    // The store moves on (a month of billing: charges paid, orders, events), then is reset.
    await control('POST', '/clock/advance', { days: 31 }, token);
    started = performance.now();
    await control('POST', '/snapshots/seeded/restore', {}, token);
    restores.push(performance.now() - started);
  }
  started = performance.now();
  const exported = await control('GET', '/snapshot', undefined, token);
  const exportMs = performance.now() - started;
  started = performance.now();
  await control('PUT', '/snapshot', exported, token);
  const importMs = performance.now() - started;
  const records = Object.values(exported.store.collections).reduce((sum, rows) => sum + rows.length, 0);

  report(`Fixtures and snapshots of ${CUSTOMERS.toLocaleString('en-US')} customers`, [
    [
      'fixtures generate (CLI process)',
      `${generateSeconds.toFixed(2)} s, ${megabytes.toFixed(1)} MB`,
      `${verdict(generateSeconds < 10)} (target: seconds)`,
    ],
    [
      'seed a store (large-shop, through the API)',
      `${seedSeconds.toFixed(2)} s`,
      `${verdict(seedSeconds < 30)} (target: seconds)`,
    ],
    [
      'restore a named snapshot',
      `${median(restores).toFixed(0)} ms median of ${restores.length} (${records.toLocaleString('en-US')} records)`,
      `${verdict(median(restores) < 1000)} (target: milliseconds)`,
    ],
    ['export the store (GET /snapshot)', `${exportMs.toFixed(0)} ms`],
    ['import it (PUT /snapshot)', `${importMs.toFixed(0)} ms`],
  ]);
} finally {
  await emulator.stop();
}
