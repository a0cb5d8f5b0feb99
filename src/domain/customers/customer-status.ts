/**
 * Customer activation follows subscriptions (spec: Customer status): the first active subscription
 * fires `customer/activated`; the last one ending, with no queued charge left, `customer/deactivated`.
 */
import { recordEvent } from '../events/event-log.js';
import type { ServiceContext } from '../service-context.js';
import type { Store } from '../../store/store.js';

export function activeSubscriptionCount(store: Store, customerId: number): number {
  let count = 0;
  for (const id of store.collections.subscriptions.idsBy('customer_id', customerId)) {
    if (store.collections.subscriptions.get(id)?.status === 'active') count += 1;
  }
  return count;
}

function hasQueuedCharges(store: Store, customerId: number): boolean {
  return store.collections.charges
    .findBy('customer_id', customerId)
    .some((charge) => charge.status === 'queued');
}

/**
 * Records the customer's activation or deactivation, given how many active subscriptions it had
 * before the command (called by the command's knock-on step, `src/domain/command.ts`).
 */
export function recordCustomerStatus(ctx: ServiceContext, customerId: number, activeBefore: number): void {
  if (!ctx.store.collections.customers.has(customerId)) return;
  const after = activeSubscriptionCount(ctx.store, customerId);
  if (activeBefore === 0 && after > 0) {
    recordEvent(ctx.store, ctx.actor, {
      object_type: 'customer',
      verb: 'activated',
      object_id: customerId,
      customer_id: customerId,
    });
  } else if (activeBefore > 0 && after === 0 && !hasQueuedCharges(ctx.store, customerId)) {
    recordEvent(ctx.store, ctx.actor, {
      object_type: 'customer',
      verb: 'deactivated',
      object_id: customerId,
      customer_id: customerId,
    });
  }
}
