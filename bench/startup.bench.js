// Time from process start to the first answered request of `billing-emulator start` (the package's
// bin, as `npx billing-emulator start` runs it), beside a bare node:http server answering the same
// way, alternated run by run; medians of RUNS each. Target: <= 2.5x bare. The CLI's compile cache
// lives in a directory of this run, made by one start before the rounds; a first start (no cache)
// is measured too. Run alone: npm run build && node bench/startup.bench.js (docs/performance.md).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BARE, CLI, cpuSeconds, report, verdict } from './lib.js';

const RUNS = Number(process.env.STARTUP_RUNS ?? 11);

async function timeToFirstAnswer(args, path, headers = {}, env = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'ignore'],
    env: { ...process.env, ...env },
  });
  let out = '';
  const url = await new Promise((resolve) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /(http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
  });
  const res = await fetch(`${url}${path}`, { headers });
  if (!res.ok) throw new Error(`${url}${path} answered ${res.status}`);
  await res.arrayBuffer();
  const elapsed = performance.now() - started;
  // CPU the process used to get there: steadier than wall time when other jobs share the cores.
  cpu.set(elapsed, cpuSeconds(child.pid));
  child.kill('SIGTERM');
  await once(child, 'exit');
  return elapsed;
}

const cpu = new Map();
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const cacheDir = mkdtempSync(join(tmpdir(), 'startup-bench-'));
const start = (cli, env = { NODE_COMPILE_CACHE: cacheDir }) =>
  timeToFirstAnswer(
    [cli, 'start', '--port', '0', '--token', 'startup'],
    '/customers',
    { 'X-Service-Access-Token': 'startup' },
    env,
  );
await start(CLI);
// BENCH_BASELINE=<another build>/dist/cli/main.js measures that build too, in the same runs, with a
// cache directory of its own: a build drops the caches of other bundles from the directory it writes.
const baselineCli = process.env.BENCH_BASELINE;
const baselineCacheDir = baselineCli && mkdtempSync(join(tmpdir(), 'startup-bench-baseline-'));
if (baselineCli) await start(baselineCli, { NODE_COMPILE_CACHE: baselineCacheDir });
const bare = [];
const emulator = [];
const firstStart = [];
const baseline = [];
for (let i = 0; i < RUNS; i++) {
  bare.push(await timeToFirstAnswer([BARE, '{}'], '/'));
  emulator.push(await start(CLI));
  firstStart.push(await start(CLI, { NODE_DISABLE_COMPILE_CACHE: '1' }));
  if (baselineCli) baseline.push(await start(baselineCli, { NODE_COMPILE_CACHE: baselineCacheDir }));
}
rmSync(cacheDir, { recursive: true, force: true });
if (baselineCacheDir) rmSync(baselineCacheDir, { recursive: true, force: true });
const ratio = median(emulator) / median(bare);
const cpuMs = (values) => {
  const seconds = values
    .map((value) => cpu.get(value))
    .filter((value) => value !== null && value !== undefined);
  return seconds.length ? `${(median(seconds) * 1000).toFixed(0)} ms CPU` : 'CPU not known';
};
report(`Time from process start to first answered request (median of ${RUNS})`, [
  ['bare node:http', `${median(bare).toFixed(0)} ms (${cpuMs(bare)})`],
  [
    'billing-emulator start',
    `${median(emulator).toFixed(0)} ms = ${ratio.toFixed(2)}x bare (${cpuMs(emulator)})`,
    `${verdict(ratio <= 2.5)} (target <= 2.5x)`,
  ],
  [
    'first start (no compile cache)',
    `${median(firstStart).toFixed(0)} ms = ${(median(firstStart) / median(bare)).toFixed(2)}x bare (${cpuMs(firstStart)})`,
  ],
  ...(baselineCli
    ? [
        [
          'baseline start',
          `${median(baseline).toFixed(0)} ms = ${(median(baseline) / median(bare)).toFixed(2)}x bare (${cpuMs(baseline)})`,
        ],
      ]
    : []),
]);
