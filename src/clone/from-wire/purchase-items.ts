/**
 * Subscriptions and one-time items of the real API as store records. 2021-01 writes statuses in
 * capitals, frequencies as strings, prices as numbers, dates as midnight datetimes and the product
 * as `platform_product_id`; 2021-11 the product as `external_product_id{ecommerce}`.
 */
import type { IntervalUnit } from '../../model/shared.js';
import type { Onetime } from '../../model/onetime.js';
import type { ItemLine } from '../../domain/products/catalog.js';
import { SUBSCRIPTION_STATUSES, type Subscription } from '../../model/subscription.js';
import { analyticsData, type WireContext } from './context.js';
import { WireProblem, type Reader } from './reader.js';

const UNITS: readonly IntervalUnit[] = ['day', 'week', 'month'];

type ItemFields = ItemLine &
  Pick<Onetime, 'id' | 'address_id' | 'customer_id' | 'external_product_id' | 'presentment_currency'>;

/** What subscriptions and one-time items share: where they go, the product, its price and quantity. */
function itemFields(r: Reader, ctx: WireContext): ItemFields {
  const legacy = ctx.version === '2021-01';
  const product = legacy ? r.strOrNull('platform_product_id') : r.external('external_product_id');
  const variant = legacy ? r.strOrNull('platform_variant_id') : r.external('external_variant_id');
  if (product === null)
    throw new WireProblem(legacy ? 'platform_product_id' : 'external_product_id', 'missing');
  return {
    id: r.id('id'),
    address_id: r.id('address_id'),
    customer_id: r.id('customer_id'),
    external_product_id: product,
    external_variant_id: variant ?? '',
    product_title: r.str('product_title', ''),
    variant_title: r.strOrNull('variant_title'),
    sku: r.strOrNull('sku'),
    sku_override: r.bool('sku_override'),
    price: r.money('price', ctx.currency),
    quantity: r.int('quantity', 1),
    properties: r.nameValues('properties'),
    presentment_currency: r.str('presentment_currency', ctx.currency),
  };
}

/** The unit, also in the plural some records use (`months`). */
function unitOf(r: Reader, key: string): IntervalUnit {
  const raw = r.lower(key, 'month').replace(/s$/, '');
  const unit = UNITS.find((candidate) => candidate === raw);
  if (!unit) throw new WireProblem(key, `${JSON.stringify(r.raw(key))} is not one of ${UNITS.join(', ')}`);
  return unit;
}

/**
 * A subscription record. `charges_count` (successful charges, for expiring subscriptions) is not
 * on the wire: the clone counts it from the charges it read (`rebuildDerived`).
 *
 * @example subscriptionFromWire(Reader.of(body.subscription), { version: '2021-11', currency: 'USD' })
 */
export function subscriptionFromWire(r: Reader, ctx: WireContext): Subscription {
  return {
    ...itemFields(r, ctx),
    status: r.oneOf('status', SUBSCRIPTION_STATUSES, undefined, true),
    // Recorded real subscriptions carry no plan_id (api-facts); the emulator's do.
    plan_id: r.idOrNull('plan_id'),
    charge_interval_frequency: r.int('charge_interval_frequency'),
    order_interval_frequency: r.int('order_interval_frequency'),
    order_interval_unit: unitOf(r, 'order_interval_unit'),
    order_day_of_month: r.intOrNull('order_day_of_month'),
    order_day_of_week: r.intOrNull('order_day_of_week'),
    expire_after_specific_number_of_charges: r.intOrNull('expire_after_specific_number_of_charges'),
    next_charge_scheduled_at: r.dateOrNull('next_charge_scheduled_at'),
    cancellation_reason: r.strOrNull('cancellation_reason'),
    cancellation_reason_comments: r.strOrNull('cancellation_reason_comments'),
    cancelled_at: r.timestampOrNull('cancelled_at'),
    is_skippable: r.bool('is_skippable', true),
    is_swappable: r.bool('is_swappable', true),
    max_retries_reached: r.bool('max_retries_reached'),
    charges_count: 0,
    analytics_data: analyticsData(r),
    ...r.times(),
  };
}

/** A one-time item record; 2021-01 says `status: ONETIME|CANCELLED` where 2021-11 says `is_cancelled`. */
export function onetimeFromWire(r: Reader, ctx: WireContext): Onetime {
  const cancelled = r.has('is_cancelled')
    ? r.bool('is_cancelled')
    : r.lower('status', 'onetime') === 'cancelled';
  return {
    ...itemFields(r, ctx),
    next_charge_scheduled_at: r.date('next_charge_scheduled_at'),
    is_cancelled: cancelled,
    ...r.times(),
  };
}
