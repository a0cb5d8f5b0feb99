/** A subscription's next charge dates: one charge interval apart, past dates already skipped. */
import type { Subscription } from '../../model/subscription.js';
import type { Store } from '../../store/store.js';
import { addInterval } from '../dates.js';

/** Whether a skipped charge already covers `subscription` on `date` (a skip done in advance). */
export function skippedOn(store: Store, subscription: Subscription, date: string): boolean {
  for (const id of store.collections.charges.idsBy('purchase_item_id', subscription.id)) {
    const charge = store.collections.charges.get(id);
    if (charge?.status === 'skipped' && charge.scheduled_at === date) return true;
  }
  return false;
}

/** The charge date after `date`, passing over dates skipped in advance. */
export function nextChargeDate(store: Store, subscription: Subscription, date: string): string {
  let next = addInterval(
    date,
    subscription.order_interval_unit,
    subscription.charge_interval_frequency,
    subscription.order_day_of_month,
  );
  for (let guard = 0; guard < 1000 && skippedOn(store, subscription, next); guard++) {
    next = addInterval(
      next,
      subscription.order_interval_unit,
      subscription.charge_interval_frequency,
      subscription.order_day_of_month,
    );
  }
  return next;
}

/** The next `count` charge dates of an active subscription, from its next charge date on. */
export function upcomingChargeDates(subscription: Subscription, until: string): string[] {
  const dates: string[] = [];
  let date = subscription.next_charge_scheduled_at;
  while (date && date <= until && dates.length < 1000) {
    dates.push(date);
    date = addInterval(
      date,
      subscription.order_interval_unit,
      subscription.charge_interval_frequency,
      subscription.order_day_of_month,
    );
  }
  return dates;
}
