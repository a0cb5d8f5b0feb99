// What a hostile request costs at each bound (docs/performance.md, "What a hostile request costs";
// decision 0041): each measured on a fresh `billing-emulator start`, with the process's peak RSS
// (VmHWM) beside its RSS when idle, and beside a baseline in the same run (the backtracking RegExp,
// the journal without its byte budget). Run: npm run build && node bench/hostile.bench.js
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { CLI, report, startServer } from './lib.js';

const MB = 1024 * 1024;

function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

const mb = (bytes) => `${(bytes / MB).toFixed(0)} MB`;

/** Runs `work(url, token)` on a fresh emulator; answers its result with the memory around it. */
async function onFreshEmulator(args, work) {
  const emulator = await startServer([CLI, 'start', '--port', '0', '--token', 'bench', ...args]);
  try {
    const idle = memoryOf(emulator.pid);
    const started = performance.now();
    const result = await work(emulator.url);
    const seconds = (performance.now() - started) / 1000;
    return { ...result, seconds, idle: idle.rss, peak: memoryOf(emulator.pid).peak };
  } finally {
    await emulator.stop();
  }
}

async function call(url, method, path, body, token = 'bench') {
  const reply = await fetch(`${url}${path}`, {
    method,
    headers: { 'X-Service-Access-Token': token, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: reply.status, body: await reply.json() };
}

const rows = [];

// 1. A pattern that backtracks: RegExp in this process (22 characters) beside the emulator's $matches (40).
{
  const text = 'a'.repeat(22) + '!';
  const started = performance.now();
  /^(a+)+$/.test(text);
  const regexpMs = performance.now() - started;
  const scenario = [
    'description: a pattern that backtracks',
    'timeline:',
    '  - api: POST /customers',
    `    body: {email: x@example.com, first_name: "${'a'.repeat(40)}!", last_name: Doe}`,
    '    expect: {body: {customer.first_name: {$matches: "^(a+)+$"}}}',
  ].join('\n');
  const run = await onFreshEmulator([], async (url) => {
    const started = performance.now();
    const answer = await call(url, 'POST', '/_emulator/scenarios/run', { text: scenario });
    return { status: answer.status, ms: performance.now() - started };
  });
  rows.push([
    '$matches ^(a+)+$, 40 characters (whole scenario run)',
    `${run.ms.toFixed(0)} ms, answered ${run.status}; RegExp on 22 characters here: ${regexpMs.toFixed(0)} ms (doubles per character)`,
  ]);
}

// 2. An advance of 1,000 years on small-shop, at the default bounds.
{
  const run = await onFreshEmulator(['--scenario', 'small-shop'], async (url) => {
    const answer = await call(url, 'POST', '/_emulator/clock/advance', { days: 365_000 });
    return { status: answer.status, stopped: answer.body.stopped_short };
  });
  rows.push([
    'clock/advance 365,000 days on small-shop',
    `${run.seconds.toFixed(1)} s, ${run.status} ${run.stopped?.reason} after ${run.stopped?.jobs_run} jobs; RSS ${mb(run.idle)} idle, peak ${mb(run.peak)}`,
  ]);
}

// 3. Generation at the cap (50,000 records: 12,490 customers) and past it.
{
  const generating = (customers) =>
    `description: generated\nfixture: {generate: {seed: 1, customers: ${customers}}}\ntimeline: []\n`;
  const atCap = await onFreshEmulator([], async (url) => {
    const answer = await call(url, 'POST', '/_emulator/scenarios/run', { text: generating(12_490) });
    return { status: answer.status };
  });
  const past = await onFreshEmulator([], async (url) => {
    const started = performance.now();
    const answer = await call(url, 'POST', '/_emulator/scenarios/run', { text: generating(1_000_000) });
    return { status: answer.status, ms: performance.now() - started };
  });
  rows.push([
    'scenario run generating 49,996 records (the cap)',
    `${atCap.seconds.toFixed(1)} s, ${atCap.status}; RSS ${mb(atCap.idle)} idle, peak ${mb(atCap.peak)}`,
  ]);
  rows.push([
    'scenario run generating 1,000,000 customers',
    `${past.ms.toFixed(0)} ms to ${past.status}; peak ${mb(past.peak)}`,
  ]);
}

// 4. Stores up to the cap.
{
  const run = await onFreshEmulator([], async (url) => {
    let refused = null;
    for (let i = 0; i < 1_001 && !refused; i++) {
      const answer = await call(url, 'POST', '/_emulator/stores', {});
      if (answer.status !== 201) refused = answer;
    }
    return { refused };
  });
  rows.push([
    'POST /_emulator/stores until refused',
    `${run.refused?.status} at the 1,000th store after ${run.seconds.toFixed(1)} s; RSS ${mb(run.idle)} idle, peak ${mb(run.peak)}`,
  ]);
}

// 5. A store's journal under 2,000 requests with 60 KB bodies, with its byte budget and without.
{
  const body = { email: 'j@example.com', first_name: 'J', last_name: 'x'.repeat(60_000) };
  const flood = (args) =>
    onFreshEmulator(args, async (url) => {
      for (let i = 0; i < 2_000; i++) await call(url, 'POST', '/customers', body);
      return {};
    });
  const budget = await flood([]);
  const unbounded = await flood(['--journal-bytes', String(1e12)]);
  rows.push([
    'journal after 2,000 requests of 60 KB',
    `peak RSS ${mb(budget.peak)} (--journal-bytes default); without a byte budget ${mb(unbounded.peak)}`,
  ]);
}

report('What a hostile request costs', rows);
