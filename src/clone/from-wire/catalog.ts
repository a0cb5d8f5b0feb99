/**
 * The catalog of the real API as store records: products (the 2021-11 catalog record; the 2021-01
 * product settings record carries no variants, only the product's id), plans, collections and
 * their products, and discounts (2021-11's nested `applies_to`/`usage_limits` form or the flat one).
 */
import {
  CHANNELS,
  DISCOUNT_DURATIONS,
  DISCOUNT_STATUSES,
  DISCOUNT_TYPES,
  FIRST_TIME_ONLY,
  PRODUCT_TYPES,
  type Channel,
  type Discount,
} from '../../model/discount.js';
import {
  COLLECTION_SORT_ORDERS,
  COLLECTION_TYPES,
  type CollectionProduct,
  type ProductCollection,
} from '../../model/collection.js';
import { PLAN_TYPES, type Plan, type PlanChannels } from '../../model/plan.js';
import type { Product, ProductVariant } from '../../model/product.js';
import { handleOf } from '../../domain/products/products.service.js';
import type { WireContext } from './context.js';
import { WireProblem, type Reader } from './reader.js';

function variantFromWire(v: Reader, ctx: WireContext): ProductVariant {
  const prices = v.obj('prices');
  const bundle = v.obj('bundle');
  return {
    // Only a bundle variant shows its id (bundle selections name it); `rebuildDerived` numbers the others.
    id: bundle?.idOrNull('bundle_variant_id') ?? 0,
    external_variant_id: v.str('external_variant_id'),
    title: v.str('title', ''),
    sku: v.strOrNull('sku'),
    prices: {
      unit_price: prices?.money('unit_price', ctx.currency, '0.00') ?? '0.00',
      compare_at_price: prices?.moneyOrNull('compare_at_price', ctx.currency) ?? null,
    },
    requires_shipping: v.bool('requires_shipping', true),
    taxable: v.bool('taxable', true),
    grams: v.int('grams', 0),
    option_values: v
      .list('option_values')
      .map((o) => ({ label: o.str('label', ''), value: o.str('value', '') })),
    bundle: bundle && {
      collection_ids: bundle.array('collection_ids').map(Number).filter(Number.isSafeInteger),
      items_count: bundle.int('items_count', 1),
    },
  };
}

/**
 * A product of the 2021-11 catalog. Its integer id is not in that record: 0 until `rebuildDerived`
 * takes it from the 2021-01 product record or numbers it.
 *
 * @example productFromWire(Reader.of(body.product), { version: '2021-11', currency: 'USD' }).variants
 */
export function productFromWire(r: Reader, ctx: WireContext): Product {
  if (ctx.version === '2021-01')
    throw new WireProblem('variants', '2021-01 product records carry no variants: read products in 2021-11');
  const title = r.str('title', '');
  return {
    id: r.idOrNull('id') ?? 0,
    external_product_id: r.external('external_product_id') ?? r.str('external_product_id'),
    title,
    brand: r.strOrNull('brand'),
    vendor: r.strOrNull('vendor'),
    handle: r.str('handle', handleOf(title)),
    description: r.strOrNull('description'),
    images: r.list('images').map((image, index) => ({
      src: image.strOrNull('src') ?? image.str('original'),
      alt: image.strOrNull('alt'),
      sort_order: image.int('sort_order', index),
    })),
    options: r.list('options').map((option, index) => ({
      name: option.str('name', ''),
      position: option.int('position', index + 1),
      values: option.array('values').map(String),
    })),
    variants: r.list('variants').map((variant) => variantFromWire(variant, ctx)),
    published_at: r.timestampOrNull('published_at'),
    ...r.times(),
  };
}

function display(r: Reader | null, channel: Channel, key: 'display' | 'can_apply'): boolean {
  return r?.obj(channel)?.bool(key, true) ?? true;
}

/** A plan (2021-11 records only). */
export function planFromWire(r: Reader): Plan {
  const prefs = r.obj('subscription_preferences');
  const channels = r.obj('channel_settings');
  const discountType = r.strOrNull('discount_type');
  return {
    id: r.id('id'),
    type: r.oneOf('type', PLAN_TYPES, undefined, true),
    title: r.str('title', ''),
    external_product_id: r.external('external_product_id') ?? r.str('external_product_id'),
    discount_amount: r.moneyOrNull('discount_amount', 'USD'),
    discount_type: discountType === null ? null : r.oneOf('discount_type', ['percentage', 'fixed_amount']),
    sort_order: r.int('sort_order', 0),
    subscription_preferences: prefs && {
      charge_interval_frequency: prefs.int('charge_interval_frequency'),
      order_interval_frequency: prefs.int('order_interval_frequency'),
      interval_unit: prefs.oneOf('interval_unit', ['day', 'week', 'month'], 'month', true),
      order_day_of_month: prefs.intOrNull('order_day_of_month'),
      order_day_of_week: prefs.intOrNull('order_day_of_week'),
      expire_after_specific_number_of_charges: prefs.intOrNull('expire_after_specific_number_of_charges'),
    },
    channel_settings: Object.fromEntries(
      CHANNELS.map((channel) => [channel, { display: display(channels, channel, 'display') }]),
    ) as unknown as PlanChannels,
    ...r.times(),
  };
}

/** A collection of products (2021-11 records only). */
export function productCollectionFromWire(r: Reader): ProductCollection {
  return {
    id: r.id('id'),
    title: r.str('title', ''),
    description: r.strOrNull('description'),
    type: r.oneOf('type', COLLECTION_TYPES, 'manual', true),
    sort_order: r.oneOf('sort_order', COLLECTION_SORT_ORDERS, 'id-asc', true),
    ...r.times(),
  };
}

/** A product's membership of a collection (`GET /collection_products`). */
export function collectionProductFromWire(r: Reader): CollectionProduct {
  return {
    id: r.id('id'),
    collection_id: r.id('collection_id'),
    external_product_id: r.external('external_product_id') ?? r.str('external_product_id'),
    ...r.times(),
  };
}

const RESOURCES = ['platform_product', 'platform_collection_id'] as const;

type AppliesTo = Pick<Discount, 'applies_to_id' | 'applies_to_resource' | 'applies_to_product_type'>;

/** What a discount applies to: 2021-11 `applies_to{ids, resource, purchase_item_type}`, or the flat fields. */
function appliesTo(r: Reader): AppliesTo {
  // 2021-01 also sends the deprecated `applies_to` as text (`platform_product:7`): the flat fields say it.
  const nested = typeof r.raw('applies_to') === 'object' ? r.obj('applies_to') : null;
  const id = nested ? nested.array('ids')[0] : r.raw('applies_to_id');
  const from = nested ?? r;
  const resource = nested ? 'resource' : 'applies_to_resource';
  return {
    applies_to_id: typeof id === 'number' || typeof id === 'string' ? id : null,
    applies_to_resource: from.has(resource) ? from.oneOf(resource, RESOURCES) : null,
    applies_to_product_type: from.oneOf(
      nested ? 'purchase_item_type' : 'applies_to_product_type',
      PRODUCT_TYPES,
      'ALL',
    ),
  };
}

/**
 * A discount. The real 2021-11 record has only the nested form (api-facts): `usage_limits`'
 * `max_subsequent_redemptions` is the flat `duration: usage_limit` with `duration_usage_limit`.
 */
export function discountFromWire(r: Reader): Discount {
  const limits = r.obj('usage_limits');
  const redemptions = limits?.intOrNull('max_subsequent_redemptions') ?? null;
  const firstTime = r.raw('first_time_customer_restriction');
  const channels = r.obj('channel_settings');
  return {
    id: r.id('id'),
    code: r.str('code'),
    discount_type: r.oneOf(r.has('value_type') ? 'value_type' : 'discount_type', DISCOUNT_TYPES),
    value: r.str('value'),
    duration: r.has('duration')
      ? r.oneOf('duration', DISCOUNT_DURATIONS)
      : redemptions === null
        ? 'forever'
        : 'usage_limit',
    duration_usage_limit: r.intOrNull('duration_usage_limit') ?? redemptions,
    usage_limit: r.intOrNull('usage_limit'),
    times_used: r.int('times_used', 0),
    ...appliesTo(r),
    channel_settings: Object.fromEntries(
      CHANNELS.map((channel) => [channel, { can_apply: display(channels, channel, 'can_apply') }]),
    ) as Discount['channel_settings'],
    first_time_customer_restriction:
      typeof firstTime === 'string'
        ? firstTime
        : limits?.bool('first_time_customer_restriction')
          ? FIRST_TIME_ONLY
          : null,
    once_per_customer: r.has('once_per_customer')
      ? r.bool('once_per_customer')
      : (limits?.bool('one_application_per_customer') ?? false),
    prerequisite_subtotal_min: r.numOrNull('prerequisite_subtotal_min'),
    starts_at: r.timestampOrNull('starts_at'),
    ends_at: r.timestampOrNull('ends_at'),
    status: r.oneOf('status', DISCOUNT_STATUSES, 'enabled', true),
    external_discount_id: r.external('external_discount_id'),
    ...r.times(),
  };
}
