// Issue 4: listing 10,000 charges filtered by scheduled_at range and status stays fast (the store
// keeps indexes instead of scanning everything). Prints req/s of filtered lists. Run: npm run bench
import { CLI, createBenchStore, measure, pool, report, startServer } from './lib.js';

const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? 2_500);
const PER_ADDRESS = 4;

const emulator = await startServer([CLI, 'start', '--port', '0', '--seed', '1']);
try {
  const { created, headers, post } = await createBenchStore(
    emulator.url,
    'charges-bench',
    '2025-01-15T12:00:00Z',
  );
  console.log(`seeding ${ADDRESSES * PER_ADDRESS} charges...`);
  await pool(ADDRESSES, 20, async (i) => {
    const { customer } = await post('/customers', {
      email: `c${i}@example.com`,
      first_name: 'Bench',
      last_name: `C${i}`,
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
    for (let k = 0; k < PER_ADDRESS; k++) {
      const month = String(2 + ((i + k * 3) % 11)).padStart(2, '0');
      const day = String(1 + (i % 28)).padStart(2, '0');
      await post('/subscriptions', {
        address_id: address.id,
        next_charge_scheduled_at: `2025-${month}-${day}`,
        charge_interval_frequency: 12,
        order_interval_frequency: 12,
        order_interval_unit: 'month',
        quantity: 1,
        external_variant_id: { ecommerce: `v${k}` },
        product_title: `Product ${k}`,
        price: '10.00',
      });
    }
  });
  const base = `${emulator.url}/charges`;
  const lists = [
    [
      'status=queued, scheduled_at in March (50 per page)',
      `${base}?status=queued&scheduled_at_min=2025-03-01&scheduled_at_max=2025-03-31&limit=50`,
    ],
    [
      'status=queued,error, one week, sorted by date',
      `${base}?status=queued,error&scheduled_at_min=2025-06-01&scheduled_at_max=2025-06-07&sort_by=scheduled_at-asc&limit=50`,
    ],
    ['one customer (index)', `${base}?customer_id=${created.store.id * 10_000_000 + 1}`],
  ];
  const total = (await (await fetch(`${base}?limit=1`, { headers })).json()).charges.length;
  if (total !== 1) throw new Error('no charges were created');
  const rows = [];
  for (const [name, url] of lists) rows.push([name, `${Math.round(await measure(url, { headers }))} req/s`]);
  report(`GET /charges over ${ADDRESSES * PER_ADDRESS} charges (10 connections, 5 s each)`, rows);
} finally {
  await emulator.stop();
}
