/**
 * Orders made when a charge succeeds: one for pay-as-you-go items; for prepaid items one per order
 * interval of the cycle. The first order is submitted at once; the others wait `queued` on their
 * dates and are released as real orders (order/created, order/processed) when the clock gets there.
 */
import { runCommand } from '../command.js';
import { recordEvent } from '../events/event-log.js';
import type { Charge, ChargeLineItem } from '../../model/charge.js';
import type { Order, OrderLineItem } from '../../model/order.js';
import type { ServiceContext } from '../service-context.js';
import type { Store } from '../../store/store.js';
import { fromMinor, toMinor } from '../money.js';
import { deliveryDates } from '../charges/purchase-items.js';
import { selectionForCharge } from '../bundle-selections/bundle-selections.service.js';

/** The dates a charge line is delivered on: the charge date, then each order interval for prepaid. */
function lineDates(store: Store, charge: Charge, line: ChargeLineItem): string[] {
  const subscription = store.collections.subscriptions.get(line.purchase_item_id);
  return subscription ? deliveryDates(subscription, charge.scheduled_at) : [charge.scheduled_at];
}

function bundleItems(
  store: Store,
  purchaseItemId: number,
  chargeId: number | null,
): OrderLineItem['bundle_items'] {
  const selection = selectionForCharge(store, purchaseItemId, chargeId);
  return (selection?.items ?? []).map((item) => ({
    collection_id: item.collection_id,
    external_product_id: item.external_product_id,
    external_variant_id: item.external_variant_id,
    quantity: item.quantity,
  }));
}

function orderLine(store: Store, charge: Charge, line: ChargeLineItem): OrderLineItem {
  return {
    purchase_item_id: line.purchase_item_id,
    purchase_item_type: line.purchase_item_type,
    external_product_id: line.external_product_id,
    external_variant_id: line.external_variant_id,
    title: line.title,
    variant_title: line.variant_title,
    sku: line.sku,
    quantity: line.quantity,
    unit_price: line.unit_price,
    total_price: fromMinor(toMinor(line.unit_price, charge.currency) * line.quantity, charge.currency),
    properties: line.properties,
    grams: line.grams,
    bundle_items: bundleItems(store, line.purchase_item_id, charge.id),
  };
}

/** External ids the platform gives an order when it is submitted. */
function externalIds(store: Store): Pick<Order, 'external_order_id' | 'external_order_number'> {
  const n = store.nextId('external_orders') % 10_000_000;
  return { external_order_id: String(5_000_000_000 + n), external_order_number: `#${1000 + n}` };
}

const NOT_SUBMITTED: Pick<Order, 'external_order_id' | 'external_order_number'> = {
  external_order_id: null,
  external_order_number: null,
};

/** A submitted order: order/created, order/processed (not at checkout: spec), order/success. */
function announce(ctx: ServiceContext, order: Order): void {
  const verbs = order.type === 'recurring' ? ['created', 'processed', 'success'] : ['created', 'success'];
  for (const verb of verbs) {
    recordEvent(ctx.store, ctx.actor, {
      object_type: 'order',
      verb,
      object_id: order.id,
      customer_id: order.customer_id,
    });
  }
}

/** Creates the orders of a charge that just succeeded; returns them, the submitted one first. */
export function createOrdersForCharge(ctx: ServiceContext, charge: Charge): Order[] {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const byDate = new Map<string, OrderLineItem[]>();
    for (const line of charge.line_items) {
      // One order line per charge line, whatever the number of its dates: it does not depend on the
      // date, and records are never changed in place, so a prepaid cycle's orders can share it.
      const orderItem = orderLine(store, charge, line);
      for (const date of lineDates(store, charge, line)) {
        const lines = byDate.get(date);
        if (lines) lines.push(orderItem);
        else byDate.set(date, [orderItem]);
      }
    }
    const now = store.now();
    const dates = [...byDate.keys()].sort();
    const prepaid = dates.length > 1;
    return dates.map((date, index) => {
      const lines = byDate.get(date) ?? [];
      const first = index === 0;
      const subtotal = lines.reduce((sum, line) => sum + toMinor(line.total_price, charge.currency), 0);
      const id = store.nextId('orders');
      const ids = first ? externalIds(store) : NOT_SUBMITTED;
      // Discounts, taxes and shipping were paid with the charge; the first order carries them.
      // The ids are named, not spread in: fields after a spread cost ~1.5 µs each in V8 (decision 0050).
      const order = store.collections.orders.insert({
        id,
        charge_id: charge.id,
        address_id: charge.address_id,
        customer_id: charge.customer_id,
        type: charge.type,
        status: first ? 'success' : 'queued',
        is_prepaid: prepaid,
        external_order_id: ids.external_order_id,
        external_order_number: ids.external_order_number,
        line_items: lines,
        scheduled_at: date,
        processed_at: first ? now : null,
        shipping_address: charge.shipping_address,
        billing_address: charge.billing_address,
        currency: charge.currency,
        subtotal_price: fromMinor(subtotal, charge.currency),
        total_discounts: first ? charge.total_discounts : fromMinor(0, charge.currency),
        total_tax: first ? charge.total_tax : fromMinor(0, charge.currency),
        total_shipping: first
          ? fromMinor(
              charge.shipping_lines.reduce((sum, s) => sum + toMinor(s.price, charge.currency), 0),
              charge.currency,
            )
          : fromMinor(0, charge.currency),
        total_price: first ? charge.total_price : fromMinor(subtotal, charge.currency),
        note: charge.note,
        order_attributes: charge.order_attributes,
        created_at: now,
        updated_at: now,
      });
      if (first) announce(ctx, order);
      return order;
    });
  });
}

/** Releases a queued prepaid order on its date: it becomes a real, submitted order. */
export function releaseOrder(ctx: ServiceContext, orderId: number): string {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const order = store.collections.orders.get(orderId);
    if (!order || order.status !== 'queued') return 'nothing to release';
    const ids = externalIds(store);
    // The ids are named, not spread in: fields after a spread cost ~1.5 µs each in V8 (decision 0050).
    const released = store.collections.orders.update(orderId, {
      status: 'success',
      processed_at: store.now(),
      external_order_id: ids.external_order_id,
      external_order_number: ids.external_order_number,
      line_items: order.line_items.map((line) => ({
        ...line,
        bundle_items: bundleItems(store, line.purchase_item_id, order.charge_id),
      })),
      updated_at: store.now(),
    });
    announce(ctx, released);
    return 'released';
  });
}
