// Issue 5 target: advancing a year of a store with 1,000 monthly subscriptions finishes in seconds
// (12,000 charges paid with their orders, 12,000 upcoming notices, every event); issue 16: in 1.5 s;
// issue 37: in 1 s, and a 30-day advance of the large-shop scenario (10,000 customers) in 1 s.
// Run: npm run build && node bench/clock.bench.js. With BENCH_BASELINE=<an older build's
// dist/cli/main.js> that build runs the same advances, alternating with this one, and the two stores
// after each advance are compared record for record (snapshot documents and the advance answers).
// BENCH_ROUNDS=<n> (1 by default) repeats each pair; BENCH_SUBSCRIPTIONS=<n> sizes the year;
// BENCH_CLOCK=year or BENCH_CLOCK=large-shop runs only one of the two.
import { performance } from 'node:perf_hooks';
import { CLI, cpuSeconds, report, startServer, verdict } from './lib.js';

const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const BASELINE = process.env.BENCH_BASELINE;
const ONLY = process.env.BENCH_CLOCK;
const TARGET_S = 1;

/** Text of `GET url` with `headers`; throws on anything but a success. */
async function getText(url, headers) {
  const res = await fetch(url, { headers });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`GET ${url}: ${res.status} ${text.slice(0, 200)}`);
  return text;
}

/**
 * Times `POST /_emulator/clock/advance body` on a store: wall seconds seen by the client, the
 * server's CPU seconds over the same span, the answer's text and the store's snapshot after it.
 */
async function timedAdvance(emulator, headers, body) {
  const cpuBefore = cpuSeconds(emulator.pid);
  const started = performance.now();
  const res = await fetch(`${emulator.url}/_emulator/clock/advance`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  const answer = await res.text();
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(emulator.pid);
  if (res.status >= 300) throw new Error(`clock/advance: ${res.status} ${answer.slice(0, 300)}`);
  const snapshot = await getText(`${emulator.url}/_emulator/snapshot?version=1`, headers);
  return { seconds, cpu: cpu === null || cpuBefore === null ? null : cpu - cpuBefore, answer, snapshot };
}

/**
 * Creates a store from `body` (POST /_emulator/stores); `post(path, body)` sends to it and throws
 * on any answer but a success. The advance's wall-time bound is raised to its most: on a busy
 * machine a year can take longer than the default 10 s, and a 422 would measure nothing.
 */
async function createStore(url, body) {
  const res = await fetch(`${url}/_emulator/stores`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...body, settings: { max_advance_ms: 600_000 } }),
  });
  if (res.status >= 300) throw new Error(`POST /_emulator/stores: ${res.status} ${await res.text()}`);
  const { token } = await res.json();
  const headers = { 'X-Service-Access-Token': token, 'Content-Type': 'application/json' };
  const post = async (path, payload) => {
    const reply = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(payload) });
    if (reply.status >= 300) throw new Error(`${path}: ${reply.status} ${await reply.text()}`);
    return reply.json();
  };
  return { headers, post };
}

/**
 * Seeds the subscriptions on the emulator `cli` runs, one request after another (ids then follow
 * the same order on every build, so two stores compare record for record), then advances a year.
 */
async function advanceYear(cli) {
  const emulator = await startServer([cli, 'start', '--port', '0', '--seed', '1']);
  try {
    const { post, headers } = await createStore(emulator.url, {
      name: 'clock-bench',
      clock: { now: '2025-01-01T12:00:00Z' },
    });
    for (let i = 0; i < SUBSCRIPTIONS; i++) {
      const { customer } = await post('/customers', {
        email: `c${i}@example.com`,
        first_name: 'Bench',
        last_name: `C${i}`,
      });
      await post('/payment_methods', {
        customer_id: customer.id,
        processor_name: 'stripe',
        processor_customer_token: `cus_${i}`,
        processor_payment_method_token: 'tok_ok',
      });
      const { address } = await post('/addresses', {
        customer_id: customer.id,
        address1: `${i} Main St`,
        city: 'New York',
        province: 'NY',
        zip: '10118',
        country_code: 'US',
        first_name: 'Bench',
        last_name: `C${i}`,
        phone: '',
      });
      await post('/subscriptions', {
        address_id: address.id,
        next_charge_scheduled_at: `2025-01-${String(2 + (i % 27)).padStart(2, '0')}`,
        charge_interval_frequency: 1,
        order_interval_frequency: 1,
        order_interval_unit: 'month',
        quantity: 1,
        external_variant_id: { ecommerce: 'v1' },
        product_title: 'Coffee',
        price: '20.00',
      });
    }
    return await timedAdvance(emulator, headers, { days: 365 });
  } finally {
    await emulator.stop();
  }
}

/** Seeds the large-shop scenario (deterministic from `--seed 1`), then advances 30 days. */
async function advanceLargeShop(cli) {
  const emulator = await startServer([cli, 'start', '--port', '0', '--seed', '1']);
  try {
    const { headers } = await createStore(emulator.url, { scenario: 'large-shop' });
    return await timedAdvance(emulator, headers, { days: 30 });
  } finally {
    await emulator.stop();
  }
}

/** The first lines where two documents differ (snapshots are a record a line), or 'identical'. */
function compare(label, ours, theirs) {
  if (ours === theirs) return `${label}: identical`;
  const a = ours.split('\n');
  const b = theirs.split('\n');
  const lines = [`${label}: DIFFERENT (${a.length} lines here, ${b.length} in the baseline)`];
  for (let i = 0; i < Math.max(a.length, b.length) && lines.length < 6; i++) {
    if (a[i] === b[i]) continue;
    lines.push(`    line ${i + 1}: here     ${String(a[i]).slice(0, 200)}`);
    lines.push(`    line ${i + 1}: baseline ${String(b[i]).slice(0, 200)}`);
  }
  return lines.join('\n');
}

/** The advance answer's text split a job or an event a line, so differences show where they are. */
const answerLines = (answer) => {
  const { now, jobs, events } = JSON.parse(answer);
  return [
    JSON.stringify(now),
    ...jobs.map((j) => JSON.stringify(j)),
    ...events.map((e) => JSON.stringify(e)),
  ].join('\n');
};

const range = (values, digits = 2) => {
  const sorted = [...values].sort((x, y) => x - y);
  const [low, high] = [sorted[0], sorted[sorted.length - 1]];
  return low === high ? low.toFixed(digits) : `${low.toFixed(digits)}-${high.toFixed(digits)}`;
};

/** Runs `measureOne` on this build and the baseline, alternating, and reports both side by side. */
async function sideBySide(title, measureOne) {
  const ours = [];
  const theirs = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Alternate who goes first, so a neighbour's burst does not always land on the same build.
    const order = BASELINE && round % 2 === 1 ? ['baseline', 'subject'] : ['subject', 'baseline'];
    for (const who of order) {
      if (who === 'subject') ours.push(await measureOne(CLI));
      else if (BASELINE) theirs.push(await measureOne(BASELINE));
    }
  }
  const first = JSON.parse(ours[0].answer);
  const paid = first.jobs.filter((job) => job.outcome === 'paid').length;
  const seconds = ours.map((run) => run.seconds);
  const best = Math.min(...seconds);
  const cpu = ours.map((run) => run.cpu).filter((value) => value !== null);
  const rows = [
    ['jobs run', `${first.jobs.length} (${paid} charges paid)`],
    ['events recorded', `${first.events.length}`],
    [
      'time',
      `${range(seconds)} s${theirs.length ? ` (baseline ${range(theirs.map((run) => run.seconds))} s)` : ''}`,
      `${verdict(best <= TARGET_S)} (target: <= ${TARGET_S} s)`,
    ],
  ];
  if (cpu.length) {
    const baseCpu = theirs.map((run) => run.cpu).filter((value) => value !== null);
    rows.push(['server CPU', `${range(cpu)} s${baseCpu.length ? ` (baseline ${range(baseCpu)} s)` : ''}`]);
  }
  report(title, rows);
  if (theirs.length) {
    for (const [i, run] of ours.entries()) {
      const base = theirs[i % theirs.length];
      console.log(`  round ${i + 1}, ${compare('store after the advance', run.snapshot, base.snapshot)}`);
      console.log(
        `  round ${i + 1}, ${compare('advance answer', answerLines(run.answer), answerLines(base.answer))}`,
      );
    }
  }
}

if (ONLY !== 'large-shop') {
  console.log(`seeding ${SUBSCRIPTIONS} monthly subscriptions (one request at a time), then a year...`);
  await sideBySide(`Advancing one year with ${SUBSCRIPTIONS} monthly subscriptions`, advanceYear);
}
if (ONLY !== 'year') {
  console.log('\nseeding large-shop (10,000 customers), then 30 days...');
  await sideBySide('Advancing large-shop (10,000 customers) by 30 days', advanceLargeShop);
}
