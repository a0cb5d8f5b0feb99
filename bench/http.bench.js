// Issue 37 targets: GET /customers/{id} at >= 0.9x a bare Koa app with @koa/router answering the
// same JSON (about 0.5x bare node:http), and a filtered list of 50 out of 10,000 customers at
// >= 0.4x a bare node:http server answering the same list JSON, with the journal on (the default).
// Run: npm run build && node bench/http.bench.js
//
// Throughput on a shared 2-core VM drifts by tens of percent from one run to the next, so in each
// of ROUNDS rounds the bare node:http server, the bare Koa app, the emulator (and BENCH_BASELINE,
// an older build's dist/cli/main.js, seeded the same way) are measured one after the other, and
// each ratio is taken within its round before the medians are compared. The server's CPU time per
// request is printed beside (steadier: the load generator and neighbours take cores from the
// server, not CPU time). BENCH_ARGS adds emulator options, e.g. BENCH_ARGS='--journal-size 0'.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BARE, BARE_KOA, CLI, measure, pool, report, startServer, verdict } from './lib.js';

const TOKEN = 'bench-token';
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const headers = { 'X-Service-Access-Token': TOKEN, 'Content-Type': 'application/json' };
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const LIST_QUERY = '?limit=50&created_at_min=2000-01-01T00:00:00Z&updated_at_max=2100-01-01&sort_by=id-desc';

const BASELINE = process.env.BENCH_BASELINE;

/** A target's figures, one entry a round: requests/s and server CPU µs/request for each URL. */
const figures = () => ({ byId: [], byIdCpu: [], list: [], listCpu: [] });

/**
 * Starts the emulator `cli` runs, seeds CUSTOMERS customers through POST /customers (timed: the
 * write path), and answers the URLs measured with the bodies they answer.
 */
async function prepare(cli) {
  const emulator = await startServer([
    cli,
    'start',
    '--port',
    '0',
    '--token',
    TOKEN,
    '--seed',
    '1',
    ...(process.env.BENCH_ARGS ?? '').split(' ').filter(Boolean),
  ]);
  console.log(`seeding ${CUSTOMERS} customers on ${cli}...`);
  const ids = [];
  const started = performance.now();
  await pool(CUSTOMERS, 20, async (i) => {
    const res = await fetch(`${emulator.url}/customers`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        email: `bench.${i}@example.com`,
        first_name: 'Bench',
        last_name: `Customer ${i}`,
      }),
    });
    ids.push((await res.json()).customer.id);
  });
  const creates = CUSTOMERS / ((performance.now() - started) / 1000);
  const id = ids[Math.floor(ids.length / 2)];
  const byIdUrl = `${emulator.url}/customers/${id}`;
  const byIdBody = await (await fetch(byIdUrl, { headers })).text();
  const listUrl = `${emulator.url}/customers${LIST_QUERY}`;
  const listBody = await (await fetch(listUrl, { headers })).text();
  const listed = JSON.parse(listBody).customers.length;
  if (listed !== 50) throw new Error(`the filtered list returned ${listed} customers, not 50`);
  return { server: emulator, byIdUrl, byIdBody, listUrl, listBody, creates, ...figures() };
}

/** A bare server (`script`) answering `current`'s bodies, measured on the same paths. */
async function bareTarget(script, bodiesDir) {
  const server = await startServer([
    script,
    `@${join(bodiesDir, 'by-id.json')}`,
    `@${join(bodiesDir, 'list.json')}`,
  ]);
  return {
    server,
    byIdUrl: `${server.url}/customers/1`,
    listUrl: `${server.url}/customers${LIST_QUERY}`,
    ...figures(),
  };
}

/** One round of GET by id and filtered list on a target. */
async function round(target) {
  const byId = await measure(target.byIdUrl, { headers, pid: target.server.pid });
  target.byId.push(byId.rps);
  target.byIdCpu.push(byId.usPerRequest);
  const list = await measure(target.listUrl, { headers, pid: target.server.pid });
  target.list.push(list.rps);
  target.listCpu.push(list.usPerRequest);
}

/** Medians of the per-round ratios `a[i] / b[i]`, with the rounds; null when a figure is missing. */
function ratioOf(a, b) {
  if (![...a, ...b].every((value) => typeof value === 'number' && value > 0)) return null;
  const rounds = a.map((value, i) => value / b[i]);
  return { median: median(rounds), rounds: rounds.map((r) => r.toFixed(2)).join(', ') };
}

const us = (values) =>
  values.every((value) => value !== null) ? `${Math.round(median(values))} us` : 'CPU not measured';
const rps = (values) => `${Math.round(median(values))} req/s`;

const current = await prepare(CLI);
const baseline = BASELINE ? await prepare(BASELINE) : null;
const bodiesDir = mkdtempSync(join(tmpdir(), 'http-bench-'));
writeFileSync(join(bodiesDir, 'by-id.json'), current.byIdBody);
writeFileSync(join(bodiesDir, 'list.json'), current.listBody);
let bare;
let koa;
try {
  bare = await bareTarget(BARE, bodiesDir);
  koa = await bareTarget(BARE_KOA, bodiesDir);
  for (let i = 0; i < ROUNDS; i++) {
    await round(bare);
    await round(koa);
    await round(current);
    if (baseline) await round(baseline);
  }
} finally {
  await bare?.server.stop();
  await koa?.server.stop();
  await current.server.stop();
  await baseline?.server.stop();
  rmSync(bodiesDir, { recursive: true, force: true });
}

/** A target's figure for one URL beside the yardsticks: req/s, ratios, CPU per request. */
function row(target, key) {
  const toKoa = ratioOf(target[key], koa[key]);
  const toBare = ratioOf(target[key], bare[key]);
  const cpuToKoa = ratioOf(koa[`${key}Cpu`], target[`${key}Cpu`]);
  return (
    `${rps(target[key])} = ${toKoa.median.toFixed(2)}x bare Koa (rounds ${toKoa.rounds}), ` +
    `${toBare.median.toFixed(2)}x bare node:http (rounds ${toBare.rounds}); CPU ${us(target[`${key}Cpu`])} a request` +
    (cpuToKoa ? ` (bare Koa's over it: ${cpuToKoa.median.toFixed(2)}x)` : '')
  );
}

const byIdToKoa = ratioOf(current.byId, koa.byId).median;
const listToBare = ratioOf(current.list, bare.list).median;
report(
  `HTTP throughput (${CUSTOMERS} customers, 10 connections, 5 s runs, median of ${ROUNDS} alternating rounds)`,
  [
    ['bare node:http, same JSON: by id', `${rps(bare.byId)}; CPU ${us(bare.byIdCpu)} a request`],
    ['  list page', `${rps(bare.list)}; CPU ${us(bare.listCpu)} a request`],
    ['bare Koa + @koa/router: by id', `${rps(koa.byId)}; CPU ${us(koa.byIdCpu)} a request`],
    ['  list page', `${rps(koa.list)}; CPU ${us(koa.listCpu)} a request`],
    [
      'POST /customers while seeding (20 at a time)',
      `${Math.round(current.creates)} req/s` +
        (baseline ? ` (baseline ${Math.round(baseline.creates)} req/s)` : ''),
    ],
    ['GET /customers/{id}', row(current, 'byId'), `${verdict(byIdToKoa >= 0.9)} (target >= 0.9x bare Koa)`],
    ...(baseline ? [['  baseline', row(baseline, 'byId')]] : []),
    [
      'GET /customers filtered, 50 of 10,000',
      row(current, 'list'),
      `${verdict(listToBare >= 0.4)} (target >= 0.4x bare node:http)`,
    ],
    ...(baseline ? [['  baseline', row(baseline, 'list')]] : []),
  ],
);
