/**
 * What users do to queued charges: skip and unskip (all or some items), move the date, apply and
 * remove discounts. Each action changes the items' own dates or the discount's owner and lets
 * the command's knock-on step rebuild the charges, so the merge and split rules hold everywhere.
 */
import { runCommand } from '../command.js';
import { fail } from '../failures.js';
import { recordEvent } from '../events/event-log.js';
import type { Charge } from '../../model/charge.js';
import type { Discount } from '../../model/discount.js';
import type { ServiceContext } from '../service-context.js';
import type { Store } from '../../store/store.js';
import { buildChargeContent } from './charge-builder.js';
import { isDate } from '../dates.js';
import { redemptionRefusal } from '../discounts/discount-rules.js';
import { onetimeItem, subscriptionItem, type PurchaseItem } from './purchase-items.js';
import { settleKnockOns } from '../command.js';
import { moveRefusal, nextChargeDate } from '../subscriptions/schedule.js';

export function findCharge(store: Store, id: number): Charge {
  const charge = store.collections.charges.get(id);
  if (!charge) throw fail.notFound();
  return charge;
}

/** The purchase items behind a charge's line items, as of the charge's date. */
function itemsOf(store: Store, charge: Charge, only?: ReadonlySet<number>): PurchaseItem[] {
  const items: PurchaseItem[] = [];
  for (const line of charge.line_items) {
    if (only && !only.has(line.purchase_item_id)) continue;
    const subscription = store.collections.subscriptions.get(line.purchase_item_id);
    if (subscription) items.push(subscriptionItem(store, subscription, charge.scheduled_at));
    const onetime = store.collections.onetimes.get(line.purchase_item_id);
    if (onetime) items.push({ ...onetimeItem(store, onetime), date: charge.scheduled_at });
  }
  return items;
}

/** The purchase item ids a request names (all of the charge's when none), each in the charge. */
function selectedItems(charge: Charge, ids: readonly number[] | undefined, field: string): Set<number> {
  const inCharge = new Set(charge.line_items.map((line) => line.purchase_item_id));
  if (!ids || ids.length === 0) return inCharge;
  for (const id of ids) {
    if (!inCharge.has(id)) throw fail.field(field, `Item ${id} is not in charge ${charge.id}.`);
  }
  return new Set(ids);
}

function event(ctx: ServiceContext, type: string, verb: string, id: number, customerId: number): void {
  recordEvent(ctx.store, ctx.actor, { object_type: type, verb, object_id: id, customer_id: customerId });
}

/** Skips a queued charge, or some of its items; skipped subscriptions move to their next date. */
export function skipCharge(
  ctx: ServiceContext,
  chargeId: number,
  ids?: readonly number[],
  field = 'purchase_item_ids',
): Charge {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const charge = findCharge(store, chargeId);
    if (charge.status !== 'queued')
      throw fail.field('status', `Only a queued charge can be skipped; this one is ${charge.status}.`);
    const chosen = selectedItems(charge, ids, field);
    const whole = chosen.size === charge.line_items.length;
    const address = store.collections.addresses.get(charge.address_id);
    if (!address) throw fail.notFound();
    const now = store.now();
    const skipped = whole
      ? store.collections.charges.update(charge.id, { status: 'skipped', updated_at: now })
      : store.collections.charges.insert({
          ...charge,
          ...buildChargeContent(store, address, itemsOf(store, charge, chosen), null),
          id: store.nextId('charges'),
          status: 'skipped',
          created_at: now,
          updated_at: now,
        });
    for (const id of chosen) {
      const subscription = store.collections.subscriptions.get(id);
      if (subscription) {
        store.collections.subscriptions.update(id, {
          next_charge_scheduled_at: nextChargeDate(store, subscription, charge.scheduled_at),
          updated_at: now,
        });
        event(ctx, 'subscription', 'skipped', id, subscription.customer_id);
      }
      const onetime = store.collections.onetimes.get(id);
      if (onetime) store.collections.onetimes.update(id, { is_cancelled: true, updated_at: now });
    }
    event(ctx, 'charge', whole ? 'updated' : 'created', skipped.id, skipped.customer_id);
    settleKnockOns(ctx);
    return store.collections.charges.get(skipped.id) ?? skipped;
  });
}

/** Unskips a skipped charge, or some of its items: they go back to the charge's date. */
export function unskipCharge(
  ctx: ServiceContext,
  chargeId: number,
  ids?: readonly number[],
  field = 'purchase_item_ids',
): Charge {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const charge = findCharge(store, chargeId);
    if (charge.status !== 'skipped')
      throw fail.field('status', `Only a skipped charge can be unskipped; this one is ${charge.status}.`);
    if (charge.scheduled_at < store.today()) throw fail.field('scheduled_at', 'The charge date has passed.');
    const chosen = selectedItems(charge, ids, field);
    const now = store.now();
    for (const id of chosen) {
      const subscription = store.collections.subscriptions.get(id);
      if (subscription && subscription.status !== 'active') {
        throw fail.field(field, `Subscription ${id} is ${subscription.status}; activate it first.`);
      }
    }
    const whole = chosen.size === charge.line_items.length;
    if (whole) {
      store.collections.charges.update(charge.id, { status: 'queued', updated_at: now });
    } else {
      const address = store.collections.addresses.get(charge.address_id);
      const rest = new Set(charge.line_items.map((l) => l.purchase_item_id).filter((id) => !chosen.has(id)));
      if (address)
        store.collections.charges.update(charge.id, {
          ...buildChargeContent(store, address, itemsOf(store, charge, rest), null),
          updated_at: now,
        });
    }
    for (const id of chosen) {
      const subscription = store.collections.subscriptions.get(id);
      if (subscription) {
        store.collections.subscriptions.update(id, {
          next_charge_scheduled_at: charge.scheduled_at,
          updated_at: now,
        });
        event(ctx, 'subscription', 'unskipped', id, subscription.customer_id);
      }
      const onetime = store.collections.onetimes.get(id);
      if (onetime)
        store.collections.onetimes.update(id, {
          is_cancelled: false,
          next_charge_scheduled_at: charge.scheduled_at,
          updated_at: now,
        });
    }
    settleKnockOns(ctx);
    return queuedOn(store, charge.address_id, charge.scheduled_at) ?? findCharge(store, charge.id);
  });
}

function queuedOn(store: Store, addressId: number, date: string): Charge | undefined {
  return store.collections.charges
    .findBy('address_id', addressId)
    .find((c) => c.status === 'queued' && c.scheduled_at === date);
}

/** Moves a queued charge to another date; it merges with a queued charge already there (rule 2). */
export function changeChargeDate(ctx: ServiceContext, chargeId: number, date: string): Charge {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const charge = findCharge(store, chargeId);
    if (charge.status !== 'queued')
      throw fail.field('status', `Only a queued charge can be moved; this one is ${charge.status}.`);
    // Real-service wording (api-facts).
    if (!isDate(date) || date < store.today())
      throw fail.fields({ date: ['date is not far enough in the future'] });
    for (const line of charge.line_items) {
      const item =
        store.collections.subscriptions.get(line.purchase_item_id) ??
        store.collections.onetimes.get(line.purchase_item_id);
      const refusal = item ? moveRefusal(store, item, date, `Item ${item.id}`) : null;
      if (refusal) throw fail.field('date', refusal);
    }
    const now = store.now();
    for (const line of charge.line_items) {
      if (store.collections.subscriptions.has(line.purchase_item_id)) {
        store.collections.subscriptions.update(line.purchase_item_id, {
          next_charge_scheduled_at: date,
          updated_at: now,
        });
      } else if (store.collections.onetimes.has(line.purchase_item_id)) {
        store.collections.onetimes.update(line.purchase_item_id, {
          next_charge_scheduled_at: date,
          updated_at: now,
        });
      }
    }
    settleKnockOns(ctx);
    return queuedOn(store, charge.address_id, date) ?? findCharge(store, chargeId);
  });
}

/** Applies a discount to one queued charge (lost when the charge is regenerated). */
export function applyChargeDiscount(
  ctx: ServiceContext,
  chargeId: number,
  discount: Discount,
  field: string,
): Charge {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const charge = findCharge(store, chargeId);
    if (charge.status !== 'queued')
      throw fail.field('status', 'A discount can only be applied to a queued charge.');
    if (charge.discount) throw fail.field(field, 'The charge already has a discount.');
    const address = store.collections.addresses.get(charge.address_id);
    if (!address) throw fail.notFound();
    if (address.discount_id !== null)
      throw fail.field(field, 'The address of the charge already has a discount.');
    const refusal = redemptionRefusal(store, discount, charge.customer_id, 'api');
    if (refusal) throw fail.field(field, refusal);
    const updated = store.collections.charges.update(charge.id, {
      ...buildChargeContent(store, address, itemsOf(store, charge), { discount, source: 'charge' }),
      updated_at: store.now(),
    });
    event(ctx, 'charge', 'updated', charge.id, charge.customer_id);
    return updated;
  });
}

/** Removes a charge's own discount; an address discount must be removed from the address. */
export function removeChargeDiscount(ctx: ServiceContext, chargeId: number): Charge {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const charge = findCharge(store, chargeId);
    if (!charge.discount) throw fail.field('charge_id', 'The charge has no discount.');
    if (charge.discount.source === 'address') {
      throw fail.field('charge_id', 'The discount comes from the address; remove it with address_id.');
    }
    const address = store.collections.addresses.get(charge.address_id);
    if (!address) throw fail.notFound();
    const updated = store.collections.charges.update(charge.id, {
      ...buildChargeContent(store, address, itemsOf(store, charge), null),
      updated_at: store.now(),
    });
    event(ctx, 'charge', 'updated', charge.id, charge.customer_id);
    return updated;
  });
}
