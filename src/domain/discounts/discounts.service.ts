/**
 * Business rules of discounts: unique codes, the status lifecycle (`fully_disabled` strips the
 * discount from addresses and queued charges for good; delete only when fully disabled).
 */
import { runCommand } from '../command.js';
import { fail } from '../failures.js';
import { touchAddress } from '../command.js';
import { recordEvent } from '../events/event-log.js';
import type { Store } from '../../store/store.js';
import { changedFields } from '../changed-fields.js';
import type { ServiceContext } from '../service-context.js';
import type { Channel, Discount, DiscountStatus } from '../../model/discount.js';
import type { Timestamp } from '../../model/shared.js';

/** Channels a discount may be redeemed through, as a request sets them (the others stay as they are). */
type ChannelChange = Partial<Record<Channel, { readonly can_apply: boolean }>>;

/** What a discount's update may change (spec: PUT /discounts/{id}). */
export interface DiscountChange {
  readonly channel_settings?: ChannelChange;
  readonly ends_at?: Timestamp | null;
  readonly starts_at?: Timestamp | null;
  readonly status?: DiscountStatus;
  readonly usage_limit?: number | null;
}

/** A new discount (spec: POST /discounts): code, type, duration and value at least. */
export interface DiscountInput extends DiscountChange {
  readonly code: string;
  readonly discount_type: Discount['discount_type'];
  readonly duration: Discount['duration'];
  readonly value: string;
  readonly duration_usage_limit?: number | null;
  readonly applies_to_id?: number | string | null;
  readonly applies_to_product_type?: Discount['applies_to_product_type'];
  readonly applies_to_resource?: Discount['applies_to_resource'];
  readonly first_time_customer_restriction?: string | null;
  readonly once_per_customer?: boolean;
  readonly prerequisite_subtotal_min?: number | null;
  readonly external_discount_id?: string | null;
}

export function findDiscount(store: Store, id: number): Discount {
  const discount = store.collections.discounts.get(id);
  if (!discount) throw fail.notFound();
  return discount;
}

/** Status as clients see it: an enabled discount past its `ends_at` is disabled (spec). */
export function effectiveStatus(store: Store, discount: Discount): DiscountStatus {
  if (discount.status === 'enabled' && discount.ends_at !== null && discount.ends_at <= store.now())
    return 'disabled';
  return discount.status;
}

/** The discount an apply request names: `discount_id` wins over `discount_code` (spec). */
export function discountNamed(
  store: Store,
  body: { discount_id?: number; discount_code?: string },
): { discount: Discount; field: string } {
  if (body.discount_id !== undefined) {
    const discount = store.collections.discounts.get(body.discount_id);
    if (!discount) throw fail.field('discount_id', `No discount with id ${body.discount_id}.`);
    return { discount, field: 'discount_id' };
  }
  const discount = store.collections.discounts.findOne('code', (body.discount_code ?? '').toLowerCase());
  if (!discount) throw fail.field('discount_code', `No discount with code ${body.discount_code}.`);
  return { discount, field: 'discount_code' };
}

export function createDiscount(ctx: ServiceContext, input: DiscountInput): Discount {
  return runCommand(ctx, () => {
    const { store } = ctx;
    if (store.collections.discounts.findOne('code', input.code.toLowerCase())) {
      throw fail.field('code', 'A discount with this code already exists.');
    }
    const now = store.now();
    const can = (channel: keyof Discount['channel_settings']) => ({
      can_apply: input.channel_settings?.[channel]?.can_apply ?? true,
    });
    const discount = store.collections.discounts.insert({
      id: store.nextId('discounts'),
      code: input.code,
      discount_type: input.discount_type,
      value: input.value,
      duration: input.duration,
      duration_usage_limit: input.duration_usage_limit ?? null,
      usage_limit: input.usage_limit ?? null,
      times_used: 0,
      applies_to_id: input.applies_to_id ?? null,
      applies_to_resource: input.applies_to_resource ?? null,
      applies_to_product_type: input.applies_to_product_type ?? 'ALL',
      channel_settings: {
        api: can('api'),
        checkout_page: can('checkout_page'),
        customer_portal: can('customer_portal'),
        merchant_portal: can('merchant_portal'),
      },
      first_time_customer_restriction: input.first_time_customer_restriction ?? null,
      once_per_customer: input.once_per_customer ?? false,
      prerequisite_subtotal_min: input.prerequisite_subtotal_min ?? null,
      starts_at: input.starts_at ?? null,
      ends_at: input.ends_at ?? null,
      status: input.status ?? 'enabled',
      external_discount_id: input.external_discount_id ?? null,
      created_at: now,
      updated_at: now,
    });
    recordEvent(store, ctx.actor, { object_type: 'discount', verb: 'created', object_id: discount.id });
    return discount;
  });
}

/** Removes a fully disabled discount from every address and queued charge (cannot be undone). */
function strip(ctx: ServiceContext, discount: Discount): void {
  const { store } = ctx;
  for (const id of store.collections.addresses.idsBy('discount_id', discount.id))
    store.collections.addresses.update(id, { discount_id: null, updated_at: store.now() });
  // The queued charges that carry it are rebuilt without it (an address written is rebuilt anyway).
  for (const charge of store.collections.charges.findBy('discount_id', discount.id)) {
    if (charge.status === 'queued') touchAddress(ctx, charge.address_id);
  }
}

export function updateDiscount(ctx: ServiceContext, id: number, change: DiscountChange): Discount {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const before = findDiscount(store, id);
    const channels = change.channel_settings
      ? Object.fromEntries(
          Object.entries(before.channel_settings).map(([channel, setting]) => [
            channel,
            { can_apply: change.channel_settings?.[channel as Channel]?.can_apply ?? setting.can_apply },
          ]),
        )
      : undefined;
    const after = store.collections.discounts.update(id, {
      ...(change.status !== undefined ? { status: change.status } : {}),
      ...(change.starts_at !== undefined ? { starts_at: change.starts_at } : {}),
      ...(change.ends_at !== undefined ? { ends_at: change.ends_at } : {}),
      ...(change.usage_limit !== undefined ? { usage_limit: change.usage_limit } : {}),
      ...(channels ? { channel_settings: channels as Discount['channel_settings'] } : {}),
      updated_at: store.now(),
    });
    recordEvent(store, ctx.actor, {
      object_type: 'discount',
      verb: 'updated',
      object_id: id,
      updated_attributes: changedFields(before, after),
    });
    if (after.status === 'fully_disabled' && before.status !== 'fully_disabled') strip(ctx, after);
    return after;
  });
}

export function deleteDiscount(ctx: ServiceContext, id: number): void {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const discount = findDiscount(store, id);
    if (discount.status !== 'fully_disabled') {
      throw fail.field('status', 'Only a fully_disabled discount can be deleted.');
    }
    store.collections.discounts.delete(id);
    recordEvent(store, ctx.actor, { object_type: 'discount', verb: 'deleted', object_id: id });
  });
}
