/** Business rules of one-time items: a date not in the past, catalog defaults, charge rebuilds. */
import { runCommand } from '../command.js';
import { fail } from '../failures.js';
import { itemLine, withCatalogDefaults, type ItemLine } from '../products/catalog.js';
import { addressCurrency } from '../charges/charge-builder.js';
import { isDate } from '../dates.js';
import { removePurchaseItem } from '../subscriptions/remove-purchase-items.js';
import { recordEvent } from '../events/event-log.js';
import type { Store } from '../../store/store.js';
import { changedFields } from '../changed-fields.js';
import type { ServiceContext } from '../service-context.js';
import type { Onetime } from '../../model/onetime.js';

export type OnetimeChange = Partial<
  ItemLine & Pick<Onetime, 'external_product_id' | 'next_charge_scheduled_at'>
>;

export function findOnetime(store: Store, id: number): Onetime {
  const onetime = store.collections.onetimes.get(id);
  if (!onetime) throw fail.notFound();
  return onetime;
}

function checkDate(store: Store, date: string | undefined): void {
  if (date === undefined) return;
  if (!isDate(date)) throw fail.field('next_charge_scheduled_at', 'Not a valid date.');
  if (date < store.today()) throw fail.bare('next_charge_scheduled_at', 'Cannot be in the past');
}

export function createOnetime(ctx: ServiceContext, addressId: number, change: OnetimeChange): Onetime {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const address = store.collections.addresses.get(addressId);
    if (!address) throw fail.field('address_id', `No address with id ${addressId}.`);
    if (!change.next_charge_scheduled_at)
      throw fail.field('next_charge_scheduled_at', 'Missing data for required field.');
    checkDate(store, change.next_charge_scheduled_at);
    if (!change.external_variant_id)
      throw fail.field('external_variant_id', 'Missing data for required field.');
    const fields = withCatalogDefaults(store, change);
    const now = store.now();
    const onetime = store.collections.onetimes.insert({
      id: store.nextId('purchase_items'),
      address_id: address.id,
      customer_id: address.customer_id,
      external_product_id: fields.external_product_id ?? '',
      ...itemLine(fields),
      presentment_currency: addressCurrency(store, address),
      next_charge_scheduled_at: change.next_charge_scheduled_at,
      is_cancelled: false,
      created_at: now,
      updated_at: now,
    });
    recordEvent(store, ctx.actor, {
      object_type: 'onetime',
      verb: 'created',
      object_id: onetime.id,
      customer_id: onetime.customer_id,
    });
    return onetime;
  });
}

export function updateOnetime(ctx: ServiceContext, id: number, change: OnetimeChange): Onetime {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const before = findOnetime(store, id);
    if (before.is_cancelled)
      throw fail.field('is_cancelled', 'This one-time item was already charged or removed.');
    checkDate(store, change.next_charge_scheduled_at);
    const after = store.collections.onetimes.update(id, {
      ...withCatalogDefaults(store, change),
      updated_at: store.now(),
    });
    recordEvent(store, ctx.actor, {
      object_type: 'onetime',
      verb: 'updated',
      object_id: id,
      customer_id: after.customer_id,
      updated_attributes: changedFields(before, after),
    });
    return after;
  });
}

export function deleteOnetime(ctx: ServiceContext, id: number): void {
  return runCommand(ctx, () => {
    const { store } = ctx;
    findOnetime(store, id);
    removePurchaseItem(ctx, id);
  });
}
