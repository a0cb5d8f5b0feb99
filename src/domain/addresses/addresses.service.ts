/** Business rules of addresses: validation per country, ownership, events, cascade on removal. */
import { runCommand } from '../command.js';
import { fail } from '../failures.js';
import { REQUIRED_FIELD } from '../messages.js';
import { recordEvent } from '../events/event-log.js';
import type { Store } from '../../store/store.js';
import { settleKnockOns } from '../command.js';
import { removePurchaseItem } from '../subscriptions/remove-purchase-items.js';
import { removeMetafieldsOf } from '../metafields/metafields.service.js';
import { changedFields } from '../changed-fields.js';
import type { ServiceContext } from '../service-context.js';
import type { Address } from '../../model/address.js';
import { placeErrors } from './address-rules.js';

export type AddressFields = Omit<
  Address,
  'id' | 'customer_id' | 'created_at' | 'updated_at' | 'discount_id' | 'shipping_lines_conserved'
>;

export function findAddress(store: Store, id: number): Address {
  const address = store.collections.addresses.get(id);
  if (!address) throw fail.notFound();
  return address;
}

function checkReferences(store: Store, customerId: number, fields: Partial<AddressFields>): void {
  if (fields.payment_method_id !== undefined && fields.payment_method_id !== null) {
    const method = store.collections.payment_methods.get(fields.payment_method_id);
    if (!method || method.customer_id !== customerId) {
      throw fail.field('payment_method_id', 'Payment method not found for this customer.');
    }
  }
  const currency = fields.presentment_currency;
  if (currency && !store.settings.enabled_presentment_currencies.includes(currency)) {
    throw fail.field('presentment_currency', `Currency ${currency} is not enabled on the store.`);
  }
}

function checkPlace(store: Store, address: AddressFields, countryField: 'country' | 'country_code'): void {
  const problems = placeErrors(store, address, countryField);
  if (Object.keys(problems).length) throw fail.fields(problems);
}

/** Creates an address; `discountId` applies a discount from the start (a checkout's code). */
export function createAddress(
  ctx: ServiceContext,
  customerId: number,
  fields: AddressFields,
  countryField: 'country' | 'country_code',
  discountId: number | null = null,
): Address {
  return runCommand(ctx, () => {
    const { store } = ctx;
    checkReferences(store, customerId, fields);
    checkPlace(store, fields, countryField);
    const now = store.now();
    const address = store.collections.addresses.insert({
      ...fields,
      id: store.nextId('addresses'),
      customer_id: customerId,
      discount_id: discountId,
      shipping_lines_conserved: [],
      created_at: now,
      updated_at: now,
    });
    recordEvent(store, ctx.actor, {
      object_type: 'address',
      verb: 'created',
      object_id: address.id,
      customer_id: customerId,
    });
    return address;
  });
}

export function updateAddress(
  ctx: ServiceContext,
  id: number,
  fields: Partial<AddressFields>,
  countryField: 'country' | 'country_code',
): Address {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const before = findAddress(store, id);
    // Spec: changing the country needs the zip in the same request.
    if (
      fields.country_code !== undefined &&
      fields.country_code !== before.country_code &&
      fields.zip === undefined
    ) {
      throw fail.field('zip', REQUIRED_FIELD);
    }
    checkReferences(store, before.customer_id, fields);
    const merged = { ...before, ...fields };
    if (fields.country_code !== undefined || fields.province !== undefined || fields.zip !== undefined) {
      checkPlace(store, merged, countryField);
    }
    const after = store.collections.addresses.update(id, { ...fields, updated_at: store.now() });
    recordEvent(store, ctx.actor, {
      object_type: 'address',
      verb: 'updated',
      object_id: id,
      customer_id: after.customer_id,
      updated_attributes: changedFields(before, after),
    });
    return after;
  });
}

/** Whether the address has subscriptions that are still active (those block deletion). */
export function hasActiveSubscriptions(store: Store, addressId: number): boolean {
  for (const id of store.collections.subscriptions.idsBy('address_id', addressId)) {
    if (store.collections.subscriptions.get(id)?.status === 'active') return true;
  }
  return false;
}

/** Deletes an address that has no active subscriptions (spec: Address state). */
export function deleteAddress(ctx: ServiceContext, id: number): void {
  return runCommand(ctx, () => {
    findAddress(ctx.store, id);
    if (hasActiveSubscriptions(ctx.store, id)) {
      throw fail.fields({ subscriptions: ['Address has active subscriptions'] });
    }
    removeAddress(ctx, id);
  });
}

/**
 * Removes an address and what hangs off it: subscriptions (cancelled and deleted), one-time items,
 * queued charges and metafields. No active-subscription check: the customer delete cascades here.
 */
export function removeAddress(ctx: ServiceContext, id: number): void {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const address = store.collections.addresses.get(id);
    if (!address) return;
    for (const subscription of store.collections.subscriptions.findBy('address_id', id)) {
      if (subscription.status === 'active') {
        recordEvent(store, ctx.actor, {
          object_type: 'subscription',
          verb: 'cancelled',
          object_id: subscription.id,
          customer_id: address.customer_id,
        });
      }
      removePurchaseItem(ctx, subscription.id);
    }
    for (const onetime of store.collections.onetimes.findBy('address_id', id))
      removePurchaseItem(ctx, onetime.id);
    store.collections.addresses.delete(id);
    // Its queued charges go, and the customer may end inactive, before the address's own event.
    settleKnockOns(ctx);
    removeMetafieldsOf(store, 'address', id);
    recordEvent(store, ctx.actor, {
      object_type: 'address',
      verb: 'deleted',
      object_id: id,
      customer_id: address.customer_id,
    });
  });
}
