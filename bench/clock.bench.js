// Issue 5 target: advancing a year of a store with 1,000 monthly subscriptions finishes in seconds
// (12,000 charges paid with their orders, 12,000 upcoming notices, every event); issue 16: in 1.5 s.
// Run: npm run bench. With BENCH_BASELINE=<an older build's dist/cli/main.js> that build's figure
// is printed beside (see README, Performance).
import { performance } from 'node:perf_hooks';
import { CLI, createBenchStore, pool, report, startServer, verdict } from './lib.js';

const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 1_000);
const BASELINE = process.env.BENCH_BASELINE;

/** Seeds the subscriptions on the emulator `cli` runs, then advances a year there. */
async function advanceYear(cli) {
  const emulator = await startServer([cli, 'start', '--port', '0', '--seed', '1']);
  try {
    const { post } = await createBenchStore(emulator.url, 'clock-bench', '2025-01-01T12:00:00Z');
    console.log(`seeding ${SUBSCRIPTIONS} monthly subscriptions...`);
    await pool(SUBSCRIPTIONS, 20, async (i) => {
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
    });
    const started = performance.now();
    const result = await post('/_emulator/clock/advance', { days: 365 });
    return { seconds: (performance.now() - started) / 1000, result };
  } finally {
    await emulator.stop();
  }
}

const { seconds, result } = await advanceYear(CLI);
const baseline = BASELINE ? (await advanceYear(BASELINE)).seconds : undefined;
const paid = result.jobs.filter((job) => job.outcome === 'paid').length;
report(`Advancing one year with ${SUBSCRIPTIONS} monthly subscriptions`, [
  ['jobs run', `${result.jobs.length} (${paid} charges paid)`],
  ['events recorded', `${result.events.length}`],
  [
    'time',
    `${seconds.toFixed(2)} s${baseline === undefined ? '' : ` (baseline ${baseline.toFixed(2)} s, ${(baseline / seconds).toFixed(1)}x)`}`,
    `${verdict(seconds <= 1.5)} (target: <= 1.5 s)`,
  ],
]);
