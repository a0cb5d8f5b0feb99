/**
 * Dunning (api-facts: Dunning): a failed try sets the charge to `error` with its reason and the date
 * of the next try, from the store's policy (`settings.dunning.retry_days`: the day after the first
 * failure, then every 6 days, by default); after the last try the charge is closed with
 * `CLOSED_MAX_RETRIES_REACHED` and, as the policy says, its subscriptions (or all the customer's)
 * are cancelled. The `charge_attempt` job (charge-jobs.ts) tries again on the retry date.
 */
import { recordEvent } from '../events/event-log.js';
import type { Charge } from '../../model/charge.js';
import type { ServiceContext } from '../service-context.js';
import { runCommand } from '../command.js';
import { endSubscription } from '../subscriptions/subscriptions.service.js';
import { addDays } from '../dates.js';
import { nextChargeDate } from '../subscriptions/schedule.js';

const MAX_RETRIES_REACHED = 'CLOSED_MAX_RETRIES_REACHED';

function event(ctx: ServiceContext, verb: string, charge: Charge): void {
  recordEvent(ctx.store, ctx.actor, {
    object_type: 'charge',
    verb,
    object_id: charge.id,
    customer_id: charge.customer_id,
  });
}

/** Whether a failed charge will still be retried (dunning not closed). */
export function inDunning(charge: Charge): boolean {
  return charge.status === 'error' && charge.error_type !== MAX_RETRIES_REACHED;
}

/** A failed try: dunning schedules the next one, or closes after the last (api-facts, Dunning). */
export function markFailed(
  ctx: ServiceContext,
  charge: Charge,
  errorType: string,
  error: string,
  extra: Partial<Charge>,
): Charge {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const { retry_days, on_max_retries } = store.settings.dunning;
    const attempt = extra.charge_attempts ?? charge.charge_attempts + 1;
    const retried = attempt <= retry_days.length;
    // Object.assign, not a spread followed by new fields, which V8 builds at ~1.5 µs a field (decision 0050).
    const closed = store.collections.charges.update(
      charge.id,
      Object.assign({}, extra, {
        status: 'error' as const,
        error,
        error_type: retried ? errorType : MAX_RETRIES_REACHED,
        retry_date: retried ? addDays(store.today(), retry_days[attempt - 1] ?? 1) : null,
      }),
    );
    event(ctx, 'failed', closed);
    if (retried) return closed;
    event(ctx, 'max_retries_reached', closed);
    closeOnetimes(ctx, closed);
    if (on_max_retries !== 'none')
      cancelAfterMaxRetries(ctx, closed, on_max_retries === 'cancel_subscriptions_and_charges');
    else moveOnAfterMaxRetries(ctx, closed);
    return store.collections.charges.get(closed.id) ?? closed;
  });
}

/**
 * Cancels the charge's subscriptions (or every active one of the customer, with its one-time
 * items) with `max_retries_reached`. Spec: only `charge/max_retries_reached` fires for this.
 */
function cancelAfterMaxRetries(ctx: ServiceContext, charge: Charge, wholeCustomer: boolean): void {
  const { store } = ctx;
  const ids = wholeCustomer
    ? store.collections.subscriptions.findBy('customer_id', charge.customer_id).map((s) => s.id)
    : charge.line_items.map((line) => line.purchase_item_id);
  for (const id of ids) {
    if (store.collections.subscriptions.get(id)?.status === 'active') {
      endSubscription(
        ctx,
        id,
        { status: 'cancelled', reason: 'max retries reached', comments: null, maxRetries: true },
        false,
      );
    }
  }
  if (wholeCustomer) {
    for (const onetime of store.collections.onetimes.findBy('customer_id', charge.customer_id)) {
      if (!onetime.is_cancelled)
        store.collections.onetimes.update(onetime.id, { is_cancelled: true, updated_at: store.now() });
    }
  }
}

/**
 * Dunning ended and the store keeps the subscriptions (`on_max_retries: none`): the closed charge
 * no longer holds them, so each moves to the next date of its schedule after today (decision 0045);
 * left on the closed charge's date, it would never be charged again.
 */
function moveOnAfterMaxRetries(ctx: ServiceContext, charge: Charge): void {
  const { store } = ctx;
  for (const line of charge.line_items) {
    const subscription = store.collections.subscriptions.get(line.purchase_item_id);
    if (subscription?.status !== 'active' || subscription.next_charge_scheduled_at !== charge.scheduled_at)
      continue;
    store.collections.subscriptions.update(subscription.id, {
      next_charge_scheduled_at: nextChargeDate(store, subscription, charge.scheduled_at),
      updated_at: store.now(),
    });
  }
}

/**
 * The one-time items of a charge whose retries ended are done with it (decision 0045): they were
 * added to that order, which is no longer retried; left open, they would wait on it forever.
 */
function closeOnetimes(ctx: ServiceContext, charge: Charge): void {
  const { store } = ctx;
  for (const line of charge.line_items) {
    const onetime = store.collections.onetimes.get(line.purchase_item_id);
    if (onetime && !onetime.is_cancelled)
      store.collections.onetimes.update(onetime.id, { is_cancelled: true, updated_at: store.now() });
  }
}
