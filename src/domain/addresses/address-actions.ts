/**
 * What users do to an address's billing: apply or remove its discount (which every queued charge
 * of the address then carries, surviving regeneration), merge addresses, skip a future charge.
 */
import { runCommand } from '../command.js';
import { fail } from '../failures.js';
import { recordEvent } from '../events/event-log.js';
import type { Address } from '../../model/address.js';
import type { Charge } from '../../model/charge.js';
import type { Discount } from '../../model/discount.js';
import type { ServiceContext } from '../service-context.js';
import { addressCurrency, buildChargeContent } from '../charges/charge-builder.js';
import { isDate } from '../dates.js';
import { redemptionRefusal } from '../discounts/discount-rules.js';
import { subscriptionItem } from '../charges/purchase-items.js';
import { newChargeFields } from '../charges/queued-charges.js';
import { settleKnockOns } from '../command.js';
import { moveRefusal, upcomingChargeDates } from '../subscriptions/schedule.js';
import { skipCharge } from '../charges/charge-actions.js';

function addressOf(ctx: ServiceContext, id: number): Address {
  const address = ctx.store.collections.addresses.get(id);
  if (!address) throw fail.notFound();
  return address;
}

function addressUpdated(ctx: ServiceContext, address: Address): void {
  recordEvent(ctx.store, ctx.actor, {
    object_type: 'address',
    verb: 'updated',
    object_id: address.id,
    customer_id: address.customer_id,
  });
}

/** Applies a discount to an address: refused if it or one of its queued charges already has one. */
export function applyAddressDiscount(
  ctx: ServiceContext,
  addressId: number,
  discount: Discount,
  field: string,
): Address {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const address = addressOf(ctx, addressId);
    if (address.discount_id === discount.id) return address;
    if (address.discount_id !== null) throw fail.field(field, 'The address already has a discount.');
    const charged = store.collections.charges
      .findBy('address_id', addressId)
      .some((charge) => charge.status === 'queued' && charge.discount !== null);
    if (charged) throw fail.field(field, 'A queued charge of the address already has a discount.');
    const refusal = redemptionRefusal(store, discount, address.customer_id, 'api');
    if (refusal) throw fail.field(field, refusal);
    const updated = store.collections.addresses.update(addressId, {
      discount_id: discount.id,
      updated_at: store.now(),
    });
    addressUpdated(ctx, updated);
    return updated;
  });
}

export function removeAddressDiscount(ctx: ServiceContext, addressId: number): Address {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const address = addressOf(ctx, addressId);
    if (address.discount_id === null) return address;
    const updated = store.collections.addresses.update(addressId, {
      discount_id: null,
      updated_at: store.now(),
    });
    addressUpdated(ctx, updated);
    return updated;
  });
}

export interface MergeRequest {
  readonly target: number;
  readonly sources: readonly number[];
  readonly deleteSources: boolean;
  readonly nextChargeDate?: string;
}

/**
 * Moves the subscriptions and one-time items of up to 10 source addresses to the target. All or
 * nothing: a source with another presentment currency fails the whole merge (spec, Errors 3).
 */
export function mergeAddresses(
  ctx: ServiceContext,
  request: MergeRequest,
  remove: (id: number) => void,
): Address {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const target = addressOf(ctx, request.target);
    if (request.sources.length === 0 || request.sources.length > 10) {
      throw fail.field('source_addresses', 'Send between 1 and 10 source addresses.');
    }
    if (
      request.nextChargeDate !== undefined &&
      (!isDate(request.nextChargeDate) || request.nextChargeDate < store.today())
    ) {
      throw fail.field('next_charge_date', 'Must be a date that is not in the past.');
    }
    const sources = request.sources.map((id) => {
      if (id === target.id) throw fail.field('source_addresses', 'The target cannot be one of the sources.');
      const source = addressOf(ctx, id);
      if (source.customer_id !== target.customer_id) {
        throw fail.field('source_addresses', `Address ${id} belongs to another customer.`);
      }
      if (addressCurrency(store, source) !== addressCurrency(store, target)) {
        throw fail.field(
          'source_addresses',
          `Address ${id} has another presentment currency; nothing was merged.`,
        );
      }
      return source;
    });
    if (request.nextChargeDate !== undefined) {
      const date = request.nextChargeDate;
      for (const source of sources) {
        for (const subscription of store.collections.subscriptions.findBy('address_id', source.id)) {
          const refusal =
            subscription.status === 'active'
              ? moveRefusal(store, subscription, date, `Subscription ${subscription.id}`)
              : null;
          if (refusal) throw fail.field('next_charge_date', refusal);
        }
      }
    }
    const now = store.now();
    for (const source of sources) {
      for (const subscription of store.collections.subscriptions.findBy('address_id', source.id)) {
        store.collections.subscriptions.update(subscription.id, {
          address_id: target.id,
          ...(request.nextChargeDate && subscription.status === 'active'
            ? { next_charge_scheduled_at: request.nextChargeDate }
            : {}),
          updated_at: now,
        });
      }
      for (const onetime of store.collections.onetimes.findBy('address_id', source.id)) {
        store.collections.onetimes.update(onetime.id, {
          address_id: target.id,
          ...(request.nextChargeDate ? { next_charge_scheduled_at: request.nextChargeDate } : {}),
          updated_at: now,
        });
      }
    }
    // The moved items' charges are rebuilt (sources, then the target) before the target's event.
    settleKnockOns(ctx);
    addressUpdated(ctx, target);
    if (request.deleteSources) for (const source of sources) remove(source.id);
    return addressOf(ctx, target.id);
  });
}

/**
 * Skips subscriptions of an address on a future date (spec: POST /addresses/{id}/charges/skip):
 * the queued charge there is skipped for them, or a skipped charge is created when none exists.
 */
export function skipFutureCharge(
  ctx: ServiceContext,
  addressId: number,
  date: string,
  subscriptionIds: readonly number[],
): Charge {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const address = addressOf(ctx, addressId);
    if (!isDate(date) || date <= store.today()) throw fail.field('date', 'Must be a date in the future.');
    const subscriptions = subscriptionIds.map((id) => {
      const subscription = store.collections.subscriptions.get(id);
      if (!subscription || subscription.address_id !== addressId || subscription.status !== 'active') {
        throw fail.field('subscription_ids', `No active subscription ${id} on address ${addressId}.`);
      }
      if (!upcomingChargeDates(subscription, date).includes(date)) {
        throw fail.field('date', `${date} is not in the delivery schedule of subscription ${id}.`);
      }
      return subscription;
    });
    const queued = store.collections.charges
      .findBy('address_id', addressId)
      .find((charge) => charge.status === 'queued' && charge.scheduled_at === date);
    if (queued) return skipCharge(ctx, queued.id, subscriptionIds, 'subscription_ids');
    const items = subscriptions.map((subscription) => subscriptionItem(store, subscription, date));
    const charge = store.collections.charges.insert({
      ...newChargeFields(store, address, date),
      ...buildChargeContent(store, address, items, null),
      status: 'skipped',
    });
    recordEvent(store, ctx.actor, {
      object_type: 'charge',
      verb: 'created',
      object_id: charge.id,
      customer_id: charge.customer_id,
    });
    for (const subscription of subscriptions) {
      recordEvent(store, ctx.actor, {
        object_type: 'subscription',
        verb: 'skipped',
        object_id: subscription.id,
        customer_id: subscription.customer_id,
      });
    }
    return charge;
  });
}
