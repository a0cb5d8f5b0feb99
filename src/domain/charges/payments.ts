/**
 * After an attempt: capturing an authorized charge (within 7 days), refunds, a card updated during
 * dunning, and the 90-day horizon of processed charges (spec, Errors 5).
 */
import { runCommand } from '../command.js';
import { fail } from '../failures.js';
import { recordEvent } from '../events/event-log.js';
import type { Charge } from '../../model/charge.js';
import type { ServiceContext } from '../service-context.js';
import type { Store } from '../../store/store.js';
import { markPaid } from './charge-processing.js';
import { inDunning } from './dunning.js';
import { addDays } from '../dates.js';
import { fromMinor, toMinor } from '../money.js';

const DAY_MS = 86_400_000;
/** Spec, Limits: capture window. */
export const CAPTURE_WINDOW_DAYS = 7;
/** Spec, Limits: an uncaptured authorization is announced after 6 days. */
export const UNCAPTURED_NOTICE_DAYS = 6;
/** Spec, Errors 5: processed charges older than this many days are hidden. */
export const CHARGE_HISTORY_DAYS = 90;

const PROCESSED = new Set<Charge['status']>(['success', 'refunded', 'partially_refunded']);

/** Whether the API still shows a charge: processed ones vanish 90 days after processing. */
export function chargeVisible(store: Store, charge: Charge): boolean {
  if (!PROCESSED.has(charge.status) || charge.processed_at === null) return true;
  return Date.parse(charge.processed_at) > store.clock.now() - CHARGE_HISTORY_DAYS * DAY_MS;
}

/** Captures an authorized (`pending`) charge; refused once the 7-day window has passed. */
export function captureCharge(ctx: ServiceContext, charge: Charge): Charge {
  return runCommand(ctx, () => {
    const { store } = ctx;
    if (charge.status !== 'pending' || charge.authorized_at === null) {
      throw fail.field('status', 'Only an authorized charge (status pending) can be captured.');
    }
    if (store.clock.now() > Date.parse(charge.authorized_at) + CAPTURE_WINDOW_DAYS * DAY_MS) {
      throw fail.field(
        'authorized_at',
        `The authorization is older than ${CAPTURE_WINDOW_DAYS} days and cannot be captured.`,
      );
    }
    const paid = markPaid(ctx, charge, null);
    for (const order of store.collections.orders.findBy('charge_id', paid.id)) {
      if (order.status === 'success') {
        recordEvent(store, ctx.actor, {
          object_type: 'order',
          verb: 'payment_captured',
          object_id: order.id,
          customer_id: order.customer_id,
        });
      }
    }
    return paid;
  });
}

/** Refunds part or all of a paid charge; never more than what was paid. */
export function refundCharge(
  ctx: ServiceContext,
  charge: Charge,
  amount: string | undefined,
  full: boolean,
): Charge {
  return runCommand(ctx, () => {
    const { store } = ctx;
    if (charge.status !== 'success' && charge.status !== 'partially_refunded') {
      throw fail.field('status', `Only a paid charge can be refunded; this one is ${charge.status}.`);
    }
    const currency = charge.currency;
    const paid = toMinor(charge.total_price, currency);
    const refunded = toMinor(charge.total_refunds, currency);
    const wanted = full ? paid - refunded : toMinor(amount ?? '0', currency);
    if (wanted <= 0) throw fail.field('amount', 'Must be greater than 0.');
    if (refunded + wanted > paid) {
      throw fail.field('amount', `At most ${fromMinor(paid - refunded, currency)} can still be refunded.`);
    }
    const total = refunded + wanted;
    const updated = store.collections.charges.update(charge.id, {
      status: total === paid ? 'refunded' : 'partially_refunded',
      total_refunds: fromMinor(total, currency),
      updated_at: store.now(),
    });
    if (total === paid) {
      // A full refund refunds the submitted orders and cancels the shipments still queued.
      for (const order of store.collections.orders.findBy('charge_id', charge.id)) {
        const status = order.status === 'queued' ? 'cancelled' : 'refunded';
        store.collections.orders.update(order.id, { status, updated_at: store.now() });
        if (status === 'cancelled') {
          recordEvent(store, ctx.actor, {
            object_type: 'order',
            verb: 'cancelled',
            object_id: order.id,
            customer_id: order.customer_id,
          });
        }
      }
    }
    recordEvent(store, ctx.actor, {
      object_type: 'charge',
      verb: 'refunded',
      object_id: charge.id,
      customer_id: charge.customer_id,
    });
    return updated;
  });
}

/**
 * A customer in dunning updated their payment method: the failing charges are retried tomorrow
 * with the attempt count reset to 1 (api-facts, Dunning).
 */
export function cardUpdated(ctx: ServiceContext, customerId: number): void {
  return runCommand(ctx, () => {
    const { store } = ctx;
    for (const charge of store.collections.charges.findBy('customer_id', customerId)) {
      if (!inDunning(charge)) continue;
      store.collections.charges.update(charge.id, {
        error_type: 'CARD_UPDATED_NOW_PENDING_NEXT_ATTEMPT',
        retry_date: addDays(store.today(), 1),
        charge_attempts: 1,
        updated_at: store.now(),
      });
    }
  });
}
