/**
 * Business rules of subscriptions: validation of schedules and prices, catalog defaults, and the
 * knock-on effects of every change (queued charges rebuilt, customer activated or deactivated,
 * events).
 */
import { runCommand } from '../command.js';
import { fail } from '../failures.js';
import { itemLine, planPrice, withCatalogDefaults } from '../products/catalog.js';
import { findVariant } from '../products/products.service.js';
import { addInterval, firstPinnedDate, isDate } from '../dates.js';
import { deferRebuild, settleKnockOns } from '../command.js';
import { recordEvent } from '../events/event-log.js';
import type { Store } from '../../store/store.js';
import { findAddress } from '../addresses/addresses.service.js';
import { addressCurrency } from '../charges/charge-builder.js';
import { removePurchaseItem } from './remove-purchase-items.js';
import { firstFreeDate, moveRefusal } from './schedule.js';
import { changedFields } from '../changed-fields.js';
import type { ServiceContext } from '../service-context.js';
import type { Subscription } from '../../model/subscription.js';

/** The fields a create or update may set (canonical names). */
export type SubscriptionChange = Partial<
  Pick<
    Subscription,
    | 'quantity'
    | 'price'
    | 'product_title'
    | 'variant_title'
    | 'sku'
    | 'sku_override'
    | 'properties'
    | 'charge_interval_frequency'
    | 'order_interval_frequency'
    | 'order_interval_unit'
    | 'order_day_of_month'
    | 'order_day_of_week'
    | 'expire_after_specific_number_of_charges'
    | 'plan_id'
    | 'analytics_data'
    | 'external_product_id'
    | 'external_variant_id'
  >
>;

export function findSubscription(store: Store, id: number): Subscription {
  const subscription = store.collections.subscriptions.get(id);
  if (!subscription) throw fail.notFound();
  return subscription;
}

// Real-service wording: a bare string (api-facts).
const pastDate = () => fail.bare('next_charge_scheduled_at', 'Cannot be in the past');

/** Checks the schedule fields together (prepaid multiples, pinned days matching the unit). */
function checkSchedule(
  s: Pick<
    Subscription,
    | 'charge_interval_frequency'
    | 'order_interval_frequency'
    | 'order_interval_unit'
    | 'order_day_of_month'
    | 'order_day_of_week'
  >,
): void {
  if (s.charge_interval_frequency % s.order_interval_frequency !== 0) {
    throw fail.field(
      'charge_interval_frequency',
      'Must equal order_interval_frequency (pay as you go) or be a multiple of it (prepaid).',
    );
  }
  if (s.order_day_of_month !== null && s.order_interval_unit !== 'month') {
    throw fail.field('order_day_of_month', 'Only allowed with order_interval_unit month.');
  }
  if (s.order_day_of_week !== null && s.order_interval_unit !== 'week') {
    throw fail.field('order_day_of_week', 'Only allowed with order_interval_unit week.');
  }
}

/**
 * Fills product fields from the catalog when a subscription is created or swapped to another
 * variant; a variant outside the catalog needs its title and price in the request.
 */
function withCatalog(store: Store, change: SubscriptionChange, current?: Subscription): SubscriptionChange {
  if (current && change.external_variant_id === undefined) return change;
  if (!change.external_variant_id)
    throw fail.field('external_variant_id', 'Missing data for required field.');
  const found = findVariant(store, change.external_variant_id);
  const plan = change.plan_id ? store.collections.plans.get(change.plan_id) : undefined;
  if (
    change.plan_id &&
    (!plan || (found && plan.external_product_id !== found.product.external_product_id))
  ) {
    throw fail.field('plan_id', `No plan ${change.plan_id} for this product.`);
  }
  return withCatalogDefaults(store, change, (unitPrice) => planPrice(unitPrice, plan));
}

export function createSubscription(
  ctx: ServiceContext,
  addressId: number,
  nextChargeDate: string,
  change: SubscriptionChange,
): Subscription {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const address = store.collections.addresses.get(addressId);
    if (!address) throw fail.field('address_id', `No address with id ${addressId}.`);
    if (!isDate(nextChargeDate)) throw fail.field('next_charge_scheduled_at', 'Not a valid date.');
    if (nextChargeDate < store.today()) throw pastDate();
    const plan = change.plan_id ? store.collections.plans.get(change.plan_id) : undefined;
    const prefs = plan?.subscription_preferences;
    const fields = withCatalog(store, {
      charge_interval_frequency: prefs?.charge_interval_frequency,
      order_interval_frequency: prefs?.order_interval_frequency,
      order_interval_unit: prefs?.interval_unit,
      ...change,
    });
    const schedule = {
      charge_interval_frequency: fields.charge_interval_frequency ?? 1,
      order_interval_frequency: fields.order_interval_frequency ?? 1,
      order_interval_unit: fields.order_interval_unit ?? 'month',
      order_day_of_month: fields.order_day_of_month ?? prefs?.order_day_of_month ?? null,
      order_day_of_week: fields.order_day_of_week ?? prefs?.order_day_of_week ?? null,
    };
    checkSchedule(schedule);
    const now = store.now();
    const subscription = store.collections.subscriptions.insert({
      id: store.nextId('purchase_items'),
      address_id: address.id,
      customer_id: address.customer_id,
      status: 'active',
      plan_id: fields.plan_id ?? null,
      external_product_id: fields.external_product_id ?? fields.external_variant_id ?? '',
      ...itemLine(fields),
      presentment_currency: addressCurrency(store, address),
      ...schedule,
      expire_after_specific_number_of_charges:
        fields.expire_after_specific_number_of_charges ??
        prefs?.expire_after_specific_number_of_charges ??
        null,
      next_charge_scheduled_at: nextChargeDate,
      cancellation_reason: null,
      cancellation_reason_comments: null,
      cancelled_at: null,
      is_skippable: true,
      is_swappable: true,
      max_retries_reached: false,
      charges_count: 0,
      analytics_data: fields.analytics_data ?? { utm_params: [] },
      created_at: now,
      updated_at: now,
    });
    recordEvent(store, ctx.actor, {
      object_type: 'subscription',
      verb: 'created',
      object_id: subscription.id,
      customer_id: subscription.customer_id,
    });
    return subscription;
  });
}

export function updateSubscription(
  ctx: ServiceContext,
  id: number,
  change: SubscriptionChange,
  commit = true,
): Subscription {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const before = findSubscription(store, id);
    const fields = withCatalog(store, change, before);
    const merged = { ...before, ...fields };
    checkSchedule(merged);
    const after = store.collections.subscriptions.update(id, { ...fields, updated_at: store.now() });
    const updated = changedFields(before, after);
    recordEvent(store, ctx.actor, {
      object_type: 'subscription',
      verb: 'updated',
      object_id: id,
      customer_id: after.customer_id,
      updated_attributes: updated,
    });
    if (before.external_variant_id !== after.external_variant_id) {
      recordEvent(store, ctx.actor, {
        object_type: 'subscription',
        verb: 'swapped',
        object_id: id,
        customer_id: after.customer_id,
        updated_attributes: updated,
      });
    }
    // Not committed: the address's queued charges are rebuilt in 5 s (the update rebuilds them now otherwise).
    if (after.status === 'active' && !commit) deferRebuild(ctx, after.address_id);
    return after;
  });
}

export function setNextChargeDate(ctx: ServiceContext, id: number, date: string): Subscription {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const before = findSubscription(store, id);
    // Real-service wording (api-facts).
    if (!isDate(date) || date < store.today())
      throw fail.fields({ date: ['date is not far enough in the future'] });
    if (before.status !== 'active')
      throw fail.field('status', 'Only an active subscription has a next charge date.');
    const refusal = moveRefusal(store, before, date);
    if (refusal) throw fail.field('date', refusal);
    const after = store.collections.subscriptions.update(id, {
      next_charge_scheduled_at: date,
      updated_at: store.now(),
    });
    recordEvent(store, ctx.actor, {
      object_type: 'subscription',
      verb: 'updated',
      object_id: id,
      customer_id: after.customer_id,
      updated_attributes: changedFields(before, after),
    });
    return after;
  });
}

export function changeAddress(
  ctx: ServiceContext,
  id: number,
  addressId: number,
  date?: string,
): Subscription {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const before = findSubscription(store, id);
    const target = store.collections.addresses.get(addressId);
    if (!target || target.customer_id !== before.customer_id) {
      throw fail.field('address_id', 'The address must belong to the subscription’s customer.');
    }
    if (addressCurrency(store, target) !== before.presentment_currency) {
      throw fail.field('address_id', 'The address has another presentment currency.');
    }
    if (date !== undefined && (!isDate(date) || date < store.today())) throw pastDate();
    const refusal =
      date !== undefined && before.status === 'active' ? moveRefusal(store, before, date) : null;
    if (refusal) throw fail.field('next_charge_scheduled_at', refusal);
    const after = store.collections.subscriptions.update(id, {
      address_id: addressId,
      ...(date !== undefined && before.status === 'active' ? { next_charge_scheduled_at: date } : {}),
      updated_at: store.now(),
    });
    recordEvent(store, ctx.actor, {
      object_type: 'subscription',
      verb: 'updated',
      object_id: id,
      customer_id: after.customer_id,
      updated_attributes: changedFields(before, after),
    });
    return after;
  });
}

/** Ends a subscription: cancelled by request, or expired after its last charge. */
export function endSubscription(
  ctx: ServiceContext,
  id: number,
  end:
    | { status: 'cancelled'; reason: string; comments: string | null; maxRetries?: boolean }
    | { status: 'expired' },
  events = true,
): Subscription {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const before = findSubscription(store, id);
    if (before.status !== 'active')
      throw fail.field('status', `The subscription is already ${before.status}.`);
    const after = store.collections.subscriptions.update(id, {
      status: end.status,
      next_charge_scheduled_at: null,
      ...(end.status === 'cancelled'
        ? {
            cancellation_reason: end.reason,
            cancellation_reason_comments: end.comments,
            cancelled_at: store.now(),
            max_retries_reached: end.maxRetries ?? false,
          }
        : {}),
      updated_at: store.now(),
    });
    if (events && end.status === 'cancelled') recordStatusChange(ctx, 'cancelled', after);
    // Its queued charges go, and the customer may end inactive, before the caller goes on.
    settleKnockOns(ctx);
    return after;
  });
}

export function activateSubscription(ctx: ServiceContext, id: number): Subscription {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const before = findSubscription(store, id);
    if (before.status === 'active') throw fail.field('status', 'The subscription is already active.');
    findAddress(store, before.address_id);
    const first =
      before.order_day_of_month !== null || before.order_day_of_week !== null
        ? firstPinnedDate(store.today(), before.order_interval_unit, before.charge_interval_frequency, {
            dayOfMonth: before.order_day_of_month,
            dayOfWeek: before.order_day_of_week,
          })
        : addInterval(store.today(), before.order_interval_unit, before.charge_interval_frequency);
    // A date it was already charged or skipped on (a charge paid early) is passed over (decision 0045).
    const next = firstFreeDate(store, before, first);
    const after = store.collections.subscriptions.update(id, {
      status: 'active',
      next_charge_scheduled_at: next,
      cancellation_reason: null,
      cancellation_reason_comments: null,
      cancelled_at: null,
      max_retries_reached: false,
      updated_at: store.now(),
    });
    recordStatusChange(ctx, 'activated', after);
    return after;
  });
}

/** `subscription/<verb>`, and the address/updated the spec also fires for it. */
function recordStatusChange(ctx: ServiceContext, verb: 'activated' | 'cancelled', after: Subscription): void {
  const customer_id = after.customer_id;
  recordEvent(ctx.store, ctx.actor, { object_type: 'subscription', verb, object_id: after.id, customer_id });
  // Spec: address/updated also fires when a subscription is activated or cancelled.
  recordEvent(ctx.store, ctx.actor, {
    object_type: 'address',
    verb: 'updated',
    object_id: after.address_id,
    customer_id,
  });
}

export function deleteSubscription(ctx: ServiceContext, id: number): void {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const subscription = findSubscription(store, id);
    removePurchaseItem(ctx, subscription.id);
  });
}
