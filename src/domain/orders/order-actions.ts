/**
 * The 2021-01 order actions published clients call beside the spec's list (api-facts: "Live
 * evidence, wave 3"): move a queued order's date, clone an order of a successful charge, swap a
 * line's variant. Each is a rule over the order use cases of orders.service.ts.
 */
import { runCommand } from '../command.js';
import { changedFields } from '../changed-fields.js';
import { recordEvent } from '../events/event-log.js';
import { fail } from '../failures.js';
import { findVariant, ownVariantTitle } from '../products/products.service.js';
import type { ServiceContext } from '../service-context.js';
import type { Order } from '../../model/order.js';
import { cloneOrder, findOrder, updateOrder } from './orders.service.js';

/**
 * Moves a queued order to `date` (2021-01 `change_date` names it `field`, `shipping_date`).
 *
 * @example changeOrderDate(ctx, 7, '2025-03-01', 'shipping_date').scheduled_at // '2025-03-01'
 */
export function changeOrderDate(ctx: ServiceContext, id: number, date: string, field: string): Order {
  return runCommand(ctx, () => {
    const order = findOrder(ctx.store, id);
    if (order.status !== 'queued') throw fail.field(field, 'Only a queued order can be rescheduled.');
    if (date <= ctx.store.today()) throw fail.field(field, 'Must be a date in the future.');
    return updateOrder(ctx, id, { scheduled_at: date });
  });
}

/**
 * Clones an order of a successful charge into a new queued order on `date`: the order must
 * belong to the charge, and the charge must have succeeded.
 *
 * @example cloneOrderOfPaidCharge(ctx, 7, 3, '2025-03-01').status // 'queued'
 */
export function cloneOrderOfPaidCharge(
  ctx: ServiceContext,
  orderId: number,
  chargeId: number,
  date: string,
): Order {
  return runCommand(ctx, () => {
    const order = findOrder(ctx.store, orderId);
    const charge = ctx.store.collections.charges.get(chargeId);
    if (!charge) throw fail.notFound();
    if (order.charge_id !== charge.id) throw fail.field('charge_id', 'The order is not of this charge.');
    if (charge.status !== 'success') throw fail.field('charge_id', 'The charge is not successful.');
    return cloneOrder(ctx, orderId, date);
  });
}

/**
 * Swaps the variant of a queued order's lines from `oldVariant` to `newVariant`; the catalog's
 * product, titles, SKU and weight follow when it knows the new variant, the price stays.
 *
 * @example swapOrderVariant(ctx, 7, '111', '222', 'new_platform_variant_id').line_items[0].external_variant_id // '222'
 */
export function swapOrderVariant(
  ctx: ServiceContext,
  id: number,
  oldVariant: string,
  newVariant: string,
  field: string,
): Order {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const before = findOrder(store, id);
    if (before.status !== 'queued') throw fail.field('status', 'Only a queued order can change its items.');
    if (!before.line_items.some((line) => line.external_variant_id === oldVariant))
      throw fail.field('variant_id', `The order has no line of variant ${oldVariant}.`);
    if (newVariant === oldVariant) throw fail.field(field, 'The new variant is the one the order has.');
    const found = findVariant(store, newVariant);
    const line_items = before.line_items.map((line) =>
      line.external_variant_id !== oldVariant
        ? line
        : {
            ...line,
            external_variant_id: newVariant,
            ...(found
              ? {
                  external_product_id: found.product.external_product_id,
                  title: found.product.title,
                  variant_title: ownVariantTitle(found.variant),
                  sku: found.variant.sku,
                  grams: found.variant.grams,
                }
              : {}),
          },
    );
    const after = store.collections.orders.update(id, { line_items, updated_at: store.now() });
    recordEvent(store, ctx.actor, {
      object_type: 'order',
      verb: 'updated',
      object_id: after.id,
      customer_id: after.customer_id,
      updated_attributes: changedFields(before, after),
    });
    return after;
  });
}
