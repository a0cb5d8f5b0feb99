/** Removing a subscription or one-time item removes what hangs off it (bundle selections, metafields). */
import { runCommand } from '../command.js';
import { recordEvent } from '../events/event-log.js';
import type { ServiceContext } from '../service-context.js';

/** Deletes a subscription or one-time item record with its dependents; queued charges are the caller's. */
export function removePurchaseItem(ctx: ServiceContext, id: number): void {
  return runCommand(ctx, () => {
    const { store } = ctx;
    for (const selection of store.collections.bundle_selections.findBy('purchase_item_id', id)) {
      store.collections.bundle_selections.delete(selection.id);
    }
    const subscription = store.collections.subscriptions.delete(id);
    if (subscription) {
      for (const metafield of store.collections.metafields.findBy('owner', `subscription:${id}`)) {
        store.collections.metafields.delete(metafield.id);
      }
      recordEvent(store, ctx.actor, {
        object_type: 'subscription',
        verb: 'deleted',
        object_id: id,
        customer_id: subscription.customer_id,
      });
    }
    const onetime = store.collections.onetimes.delete(id);
    if (onetime) {
      recordEvent(store, ctx.actor, {
        object_type: 'onetime',
        verb: 'deleted',
        object_id: id,
        customer_id: onetime.customer_id,
      });
    }
  });
}
