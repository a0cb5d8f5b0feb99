/**
 * Customer status (spec: Customer status): a customer is active while it has an active
 * subscription, and stays active after its last subscription ends while it still has queued
 * charges or queued orders (a one-time item still to charge, prepaid orders still to ship). One
 * rule, `isActiveCustomer`, gives both the status the records show and the events: the command's
 * knock-on step records `customer/activated` or `customer/deactivated` when the rule's answer
 * changes (decision 0045).
 */
import { recordEvent } from '../events/event-log.js';
import type { Charge } from '../../model/charge.js';
import type { Order } from '../../model/order.js';
import type { Subscription } from '../../model/subscription.js';
import type { ServiceContext } from '../service-context.js';
import type { Store } from '../../store/store.js';

/** What the customer's status is made of. */
export interface CustomerStanding {
  /** Active subscriptions. */
  active: number;
  /** Subscriptions of any status (the records that still exist). */
  total: number;
  /** Queued charges and queued (prepaid) orders. */
  pending: number;
}

export function activeSubscriptionCount(store: Store, customerId: number): number {
  let count = 0;
  for (const id of store.collections.subscriptions.idsBy('customer_id', customerId)) {
    if (store.collections.subscriptions.get(id)?.status === 'active') count += 1;
  }
  return count;
}

function pendingCount(store: Store, customerId: number, enough = Infinity): number {
  let count = 0;
  for (const id of store.collections.charges.idsBy('customer_id', customerId)) {
    if (store.collections.charges.get(id)?.status === 'queued' && ++count >= enough) return count;
  }
  for (const id of store.collections.orders.idsBy('customer_id', customerId)) {
    if (store.collections.orders.get(id)?.status === 'queued' && ++count >= enough) return count;
  }
  return count;
}

export function customerStanding(store: Store, customerId: number): CustomerStanding {
  return {
    active: activeSubscriptionCount(store, customerId),
    total: store.collections.subscriptions.countBy('customer_id', customerId),
    pending: pendingCount(store, customerId),
  };
}

/**
 * The rule: an active subscription, or a subscription that ended with queued charges or orders
 * left. A customer who never subscribed (one-time items only) is not active: the spec activates a
 * customer when a subscription is added.
 */
export function isActiveCustomer(standing: CustomerStanding): boolean {
  return standing.active > 0 || (standing.total > 0 && standing.pending > 0);
}

/** One write of a record a customer's standing counts, as a write listener sees it. */
export type StandingWrite =
  | { readonly kind: 'subscription'; readonly before?: Subscription; readonly after?: Subscription }
  | { readonly kind: 'charge'; readonly before?: Charge; readonly after?: Charge }
  | { readonly kind: 'order'; readonly before?: Order; readonly after?: Order };

const one = (yes: boolean) => (yes ? 1 : 0);

/** What `write` added to customer `customerId`'s standing (subtract it to get the standing before). */
export function standingDelta(write: StandingWrite, customerId: number): CustomerStanding {
  const mine = <T extends { customer_id: number }>(r: T | undefined): r is T => r?.customer_id === customerId;
  if (write.kind === 'subscription') {
    const { before, after } = write;
    return {
      active: one(mine(after) && after.status === 'active') - one(mine(before) && before.status === 'active'),
      total: one(mine(after)) - one(mine(before)),
      pending: 0,
    };
  }
  const queued = (r: Charge | Order | undefined) => mine(r) && r.status === 'queued';
  return { active: 0, total: 0, pending: one(queued(write.after)) - one(queued(write.before)) };
}

/** Whether the customer was active before `write`, seen from the store after it. */
export function wasActiveBefore(store: Store, customerId: number, write: StandingWrite): boolean {
  return isActiveNow(store, customerId, standingDelta(write, customerId));
}

const NO_CHANGE: CustomerStanding = { active: 0, total: 0, pending: 0 };

/**
 * `isActiveCustomer` of the customer's standing less `delta`, counting only as far as the answer
 * needs: the rule runs at every write of a customer's subscriptions, charges and orders (twice per
 * charge paid by the clock), and its queued charges and orders are counted over the customer's
 * whole history, which an active subscription makes unnecessary (decision 0050).
 *
 * @example
 * isActiveNow(store, customer.id); // the status the customer's record shows is ACTIVE
 */
export function isActiveNow(store: Store, customerId: number, delta: CustomerStanding = NO_CHANGE): boolean {
  if (activeSubscriptionCount(store, customerId) - delta.active > 0) return true;
  if (store.collections.subscriptions.countBy('customer_id', customerId) - delta.total <= 0) return false;
  // pending - delta.pending > 0 needs one queued record more than delta.pending (-1, 0 or 1).
  const needed = Math.max(0, delta.pending) + 1;
  return pendingCount(store, customerId, needed) - delta.pending > 0;
}

/**
 * Records the customer's activation or deactivation, given whether it was active before the
 * command (called by the command's knock-on step, `src/domain/command.ts`).
 */
export function recordCustomerStatus(ctx: ServiceContext, customerId: number, wasActive: boolean): void {
  if (!ctx.store.collections.customers.has(customerId)) return;
  const active = isActiveNow(ctx.store, customerId);
  if (active === wasActive) return;
  recordEvent(ctx.store, ctx.actor, {
    object_type: 'customer',
    verb: active ? 'activated' : 'deactivated',
    object_id: customerId,
    customer_id: customerId,
  });
}
