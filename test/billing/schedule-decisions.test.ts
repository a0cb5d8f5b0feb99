/**
 * What decision 0045 settled where the spec is silent and random timelines found behaviour that
 * looked wrong: orders of a charge that merges prepaid subscriptions with different shipping
 * schedules, and month ends without a pinned day. (Catch-up charges after dunning:
 * test/billing/billing-rules.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '../helpers/api.js';
import { useEmulator } from '../helpers/emulator.js';
import {
  addCard,
  createCustomerWithAddress,
  createSubscription,
  queuedCharges,
} from '../helpers/factories.js';

const { store } = useEmulator();

async function shop() {
  const s = await store();
  const { customerId, addressId } = await createCustomerWithAddress(s.api);
  await addCard(s.api, customerId);
  return { ...s, addressId };
}

describe('a charge merging two prepaid subscriptions with different shipping schedules', () => {
  it('makes one order per shipping date and counts them in orders_count (was: the larger cycle, 3 for 4 orders)', async () => {
    const s = await shop();
    const fortnightly = await createSubscription(s.api, s.addressId, {
      next_charge_scheduled_at: '2025-01-16',
      order_interval_unit: 'week',
      order_interval_frequency: 2,
      charge_interval_frequency: 4,
    });
    const monthly = await createSubscription(s.api, s.addressId, {
      next_charge_scheduled_at: '2025-01-16',
      order_interval_frequency: 1,
      charge_interval_frequency: 3,
      external_variant_id: { ecommerce: 'var-tea' },
    });
    const [charge] = await queuedCharges(s.api, s.addressId);
    expect(charge.line_items).toHaveLength(2);
    expect(charge.orders_count).toBe(4);
    await s.control.advanceClock({ days: 2 });
    const orders = (await s.api.get('/orders', { query: { sort_by: 'scheduled_at-asc', limit: 250 } })).body
      .orders as Json[];
    expect(
      orders.map((o) => [
        o.scheduled_at.slice(0, 10),
        o.status,
        o.line_items.map((l: Json) => l.purchase_item_id).sort(),
      ]),
    ).toEqual([
      ['2025-01-16', 'success', [fortnightly.id, monthly.id].sort()],
      ['2025-01-30', 'queued', [fortnightly.id]],
      ['2025-02-16', 'queued', [monthly.id]],
      ['2025-03-16', 'queued', [monthly.id]],
    ]);
    const paid = (await s.api.get(`/charges/${charge.id}`)).body.charge;
    expect(paid.orders_count).toBe(orders.length);
  });
});

describe('month ends', () => {
  async function datesOf(s: Awaited<ReturnType<typeof shop>>, id: number): Promise<string[]> {
    const dates: string[] = [];
    for (const to of ['2025-02-01', '2025-03-01', '2025-04-01']) {
      await s.control.advanceClock({ to: `${to}T12:00:00Z` });
      dates.push((await s.api.get(`/subscriptions/${id}`)).body.subscription.next_charge_scheduled_at);
    }
    return dates;
  }

  it('without a pinned day, follow the last charge date: 31 January, 28 February, then the 28th', async () => {
    const s = await shop();
    const subscription = await createSubscription(s.api, s.addressId, {
      next_charge_scheduled_at: '2025-01-31',
    });
    expect(await datesOf(s, subscription.id)).toEqual(['2025-02-28', '2025-03-28', '2025-04-28']);
  });

  it('with order_day_of_month 31, come back to the last day of each month', async () => {
    const s = await shop();
    const subscription = await createSubscription(s.api, s.addressId, {
      next_charge_scheduled_at: '2025-01-31',
      order_day_of_month: 31,
    });
    expect(await datesOf(s, subscription.id)).toEqual(['2025-02-28', '2025-03-31', '2025-04-30']);
  });
});
