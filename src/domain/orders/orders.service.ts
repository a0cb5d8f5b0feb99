/** What users do to orders: change a queued one, move (delay) it, clone one, delete a queued one. */
import { runCommand } from '../command.js';
import { fail } from '../failures.js';
import { addInterval, isDate } from '../dates.js';
import { recordEvent } from '../events/event-log.js';
import type { Store } from '../../store/store.js';
import { changedFields } from '../changed-fields.js';
import type { ServiceContext } from '../service-context.js';
import type { PostalAddress } from '../../model/shared.js';
import type { Order } from '../../model/order.js';

export function findOrder(store: Store, id: number): Order {
  const order = store.collections.orders.get(id);
  if (!order) throw fail.notFound();
  return order;
}

function event(
  ctx: ServiceContext,
  verb: string,
  order: Order,
  updated?: Record<string, unknown> | null,
): void {
  recordEvent(ctx.store, ctx.actor, {
    object_type: 'order',
    verb,
    object_id: order.id,
    customer_id: order.customer_id,
    updated_attributes: updated ?? null,
  });
}

function futureDate(store: Store, date: string, field: string): string {
  if (!isDate(date) || date <= store.today()) throw fail.field(field, 'Must be a date in the future.');
  return date;
}

export interface OrderChange {
  readonly shipping_address?: Partial<PostalAddress>;
  readonly note?: string | null;
  readonly order_attributes?: Order['order_attributes'];
  readonly scheduled_at?: string;
}

export function updateOrder(ctx: ServiceContext, id: number, change: OrderChange): Order {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const before = findOrder(store, id);
    if (change.scheduled_at !== undefined && before.status !== 'queued') {
      throw fail.field('scheduled_at', 'Only a queued order can be rescheduled.');
    }
    const after = store.collections.orders.update(id, {
      ...(change.shipping_address
        ? { shipping_address: { ...before.shipping_address, ...change.shipping_address } }
        : {}),
      ...(change.note !== undefined ? { note: change.note } : {}),
      ...(change.order_attributes ? { order_attributes: change.order_attributes } : {}),
      ...(change.scheduled_at !== undefined
        ? { scheduled_at: futureDate(store, change.scheduled_at, 'scheduled_at') }
        : {}),
      updated_at: store.now(),
    });
    event(ctx, 'updated', after, changedFields(before, after));
    return after;
  });
}

/** Moves a queued prepaid order later: to `date`, or one order interval on. */
export function delayOrder(ctx: ServiceContext, id: number, date?: string): Order {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const order = findOrder(store, id);
    if (order.status !== 'queued' || !order.is_prepaid)
      throw fail.field('status', 'Only a queued prepaid order can be delayed.');
    const subscription = store.collections.subscriptions.get(order.line_items[0]?.purchase_item_id ?? -1);
    const next =
      date ??
      (subscription
        ? addInterval(
            order.scheduled_at,
            subscription.order_interval_unit,
            subscription.order_interval_frequency,
            subscription.order_day_of_month,
          )
        : addInterval(order.scheduled_at, 'month', 1));
    if (next <= order.scheduled_at) throw fail.field('scheduled_at', 'A delay moves the order later.');
    return updateOrder(ctx, id, { scheduled_at: next });
  });
}

/** Copies an order into a new queued order on `date` (submitted when the clock gets there). */
export function cloneOrder(ctx: ServiceContext, id: number, date: string): Order {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const source = findOrder(store, id);
    const now = store.now();
    return store.collections.orders.insert({
      ...source,
      id: store.nextId('orders'),
      status: 'queued',
      external_order_id: null,
      external_order_number: null,
      processed_at: null,
      scheduled_at: futureDate(store, date, 'scheduled_at'),
      created_at: now,
      updated_at: now,
    });
  });
}

/** Deletes a queued order (a submitted one is history and stays). */
export function deleteOrder(ctx: ServiceContext, id: number): void {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const order = findOrder(store, id);
    if (order.status !== 'queued')
      throw fail.field('status', `Only a queued order can be deleted; this one is ${order.status}.`);
    store.collections.orders.delete(id);
    for (const metafield of store.collections.metafields.findBy('owner', `order:${id}`))
      store.collections.metafields.delete(metafield.id);
    event(ctx, 'deleted', order);
  });
}
