/**
 * `chargeTaking` crosses two index entries instead of reading an item's whole charge history
 * (decision 0054): it must answer what reading every charge of the item in index order answers,
 * the first one when several match.
 */
import { describe, expect, it } from 'vitest';
import type { Charge } from '../../model/charge.js';
import { StoreRegistry } from '../../store/registry.js';
import type { Store } from '../../store/store.js';
import { chargeTaking } from './schedule.js';

/** The rule as it was written before: every charge of the item, in the index entry's order. */
function byReadingHistory(store: Store, itemId: number, date: string): Charge | undefined {
  for (const id of store.collections.charges.idsBy('purchase_item_id', itemId)) {
    const charge = store.collections.charges.get(id);
    if (charge && charge.status !== 'queued' && charge.scheduled_at === date) return charge;
  }
  return undefined;
}

const STATUSES = ['queued', 'success', 'skipped', 'error', 'refunded'] as const;
const DATES = ['2025-01-05', '2025-02-05', '2025-03-05', '2025-03-06'];

describe('chargeTaking', () => {
  it('finds the same charge as reading the item history, over random stores', () => {
    let seed = 20250115;
    const next = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    for (let round = 0; round < 20; round++) {
      const registry = new StoreRegistry({ seed: 1, jobKinds: new Map(), onChange: () => undefined });
      const { store } = registry.create({});
      const charges = store.collections.charges;
      for (let id = 1; id <= 60; id++) {
        const items = Array.from({ length: 1 + next(3) }, () => ({ purchase_item_id: 1 + next(6) }));
        const charge = {
          id,
          address_id: 1,
          customer_id: 1,
          status: STATUSES[next(STATUSES.length)],
          scheduled_at: DATES[next(DATES.length)],
          line_items: items,
          discount: null,
          external_order_id: null,
        };
        charges.insert(charge as unknown as Charge);
      }
      // Moves and deletions change both index entries after the records were made.
      for (let k = 0; k < 20; k++) {
        const id = 1 + next(60);
        if (!charges.has(id)) continue;
        if (next(4) === 0) charges.delete(id);
        else charges.update(id, { scheduled_at: DATES[next(DATES.length)], status: STATUSES[next(5)] });
      }
      for (let item = 1; item <= 7; item++)
        for (const date of [...DATES, '2025-04-05'])
          expect(chargeTaking(store, item, date)).toBe(byReadingHistory(store, item, date));
    }
  });
});
