/**
 * A subscription's charge dates, and which dates it may take (decision 0045):
 * - a date on which it already has a charge that is not queued (skipped, paid, refunded, failing)
 *   is taken: the schedule passes over it, and a move onto it is refused, so no item is billed
 *   twice for one date and none waits on a date that will never be charged;
 * - while a charge holding it is being retried (dunning) or awaits capture, it keeps that
 *   charge's date: a move is refused, so it is not billed on that charge and on another;
 * - a paid charge moves it to the first date of its schedule after today: dates that passed
 *   while its charge was failing are not billed afterwards (no catch-up charges).
 */
import type { Charge } from '../../model/charge.js';
import type { Subscription } from '../../model/subscription.js';
import type { Store } from '../../store/store.js';
import { inDunning } from '../charges/dunning.js';
import { addDays, addInterval } from '../dates.js';

/** The charge other than a queued one that has purchase item `itemId` on `date`, if any. */
export function chargeTaking(store: Store, itemId: number, date: string): Charge | undefined {
  const charges = store.collections.charges;
  // Only the item's charges dated `date` can take it: crossing the two index entries leaves the
  // item's other charges unread (each charge paid by the clock asks twice, over a growing history).
  const onDate = charges.idsBy('scheduled_at', date);
  for (const id of charges.idsBy('purchase_item_id', itemId)) {
    if (!onDate.has(id)) continue;
    const charge = charges.get(id);
    if (charge && charge.status !== 'queued' && charge.scheduled_at === date) return charge;
  }
  return undefined;
}

/** Whether the items of `charge` wait on it: it is being retried, or its payment awaits capture. */
export function itemsWaitOn(charge: Charge): boolean {
  return inDunning(charge) || charge.status === 'pending' || charge.status === 'pending_manual_payment';
}

/** Whether a skipped charge already covers `subscription` on `date` (a skip done in advance). */
export function skippedOn(store: Store, subscription: Subscription, date: string): boolean {
  return chargeTaking(store, subscription.id, date)?.status === 'skipped';
}

function step(subscription: Subscription, date: string): string {
  return addInterval(
    date,
    subscription.order_interval_unit,
    subscription.charge_interval_frequency,
    subscription.order_day_of_month,
  );
}

/** `date`, or the first date of the schedule after it that is neither taken nor before `from`. */
export function firstFreeDate(store: Store, subscription: Subscription, date: string, from = date): string {
  let next = date;
  for (let guard = 0; guard < 1000; guard++) {
    if (next >= from && !chargeTaking(store, subscription.id, next)) return next;
    next = step(subscription, next);
  }
  return next;
}

/**
 * The charge date after a charge on `date`: one charge interval on, passing over dates already
 * taken (skipped in advance, paid early) and dates up to today (a late payment after dunning).
 */
export function nextChargeDate(store: Store, subscription: Subscription, date: string): string {
  return firstFreeDate(store, subscription, step(subscription, date), addDays(store.today(), 1));
}

/**
 * Why purchase item `item` (a subscription or one-time item) cannot be moved to `date`, or null:
 * it waits on a charge that is being retried or awaits capture, or it already has a charge there.
 */
export function moveRefusal(
  store: Store,
  item: { readonly id: number; readonly next_charge_scheduled_at: string | null },
  date: string,
  what = 'The subscription',
): string | null {
  const current = item.next_charge_scheduled_at;
  const holding = current === null ? undefined : chargeTaking(store, item.id, current);
  if (holding && itemsWaitOn(holding)) {
    return holding.status === 'error'
      ? `${what} is in charge ${holding.id}, which failed and is being retried; it keeps its date until that charge is paid or its retries end.`
      : `${what} is in charge ${holding.id}, whose payment awaits capture; it keeps its date until then.`;
  }
  const taken = chargeTaking(store, item.id, date);
  if (!taken) return null;
  return taken.status === 'skipped'
    ? `${what} was skipped on ${date} (charge ${taken.id}); unskip that charge to charge it then.`
    : `${what} already has charge ${taken.id} on ${date} (${taken.status}).`;
}

/** The next `count` charge dates of an active subscription, from its next charge date on. */
export function upcomingChargeDates(subscription: Subscription, until: string): string[] {
  const dates: string[] = [];
  let date = subscription.next_charge_scheduled_at;
  while (date && date <= until && dates.length < 1000) {
    dates.push(date);
    date = step(subscription, date);
  }
  return dates;
}
