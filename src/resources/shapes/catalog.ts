/** Record tables of the catalog and its pricing: products, plans, collections, bundle selections, discounts. */
import {
  arrayOf,
  boolean,
  datetime,
  decimal,
  integer,
  number,
  object,
  oneOf,
  orNull,
  record,
  string,
  values,
  type RecordShape,
} from './kinds.js';
import { channelSettings, externalId, imageSizes, platformId } from './parts.js';

export const product2021_11: RecordShape = record({
  brand: [orNull(string), 'facts'],
  created_at: [datetime, 'facts'],
  description: [orNull(string), 'emulator'],
  external_product_id: [string, 'facts'],
  handle: [string, 'emulator'],
  images: [arrayOf(object({ alt: orNull(string), sort_order: integer, src: string })), 'facts'],
  options: [arrayOf(object({ name: string, position: integer, values: arrayOf(string) })), 'facts'],
  published_at: [orNull(datetime), 'facts'],
  title: [string, 'facts'],
  updated_at: [datetime, 'facts'],
  variants: [
    arrayOf(
      object({
        // The variant id bundle selections name as bundle_variant_id (docs/api-behaviour.md, Bundle selections).
        bundle: [
          orNull(
            object({ bundle_variant_id: integer, collection_ids: arrayOf(integer), items_count: integer }),
          ),
          'emulator',
        ],
        external_variant_id: string,
        grams: [integer, 'emulator'],
        option_values: [arrayOf(object({ label: string, value: string })), 'emulator'],
        prices: object({ compare_at_price: orNull(decimal), unit_price: decimal }),
        requires_shipping: boolean,
        sku: orNull(string),
        taxable: boolean,
        title: [string, 'emulator'],
      }),
    ),
    'facts',
  ],
  vendor: [orNull(string), 'facts'],
});

export const product2021_01: RecordShape = record({
  id: [integer, 'recorded'],
  collection_id: [orNull(integer), 'recorded'],
  created_at: [datetime, 'recorded'],
  discount_amount: [orNull(number), 'recorded'],
  discount_type: [orNull(string), 'recorded'],
  handle: [string, 'recorded'],
  images: [imageSizes, 'recorded'],
  // The platform's product id, a number (RechargeSharp's recorded product has both).
  product_id: [platformId, 'recorded'],
  platform_product_id: [platformId, 'recorded'],
  subscription_defaults: [
    object({
      apply_cutoff_date_to_checkout: boolean,
      charge_interval_frequency: orNull(integer),
      cutoff_day_of_month: orNull(integer),
      cutoff_day_of_week: orNull(integer),
      expire_after_specific_number_of_charges: orNull(integer),
      modifiable_properties: arrayOf(string),
      number_charges_until_expiration: orNull(integer),
      order_day_of_month: orNull(integer),
      order_day_of_week: orNull(integer),
      order_interval_frequency_options: arrayOf(string),
      order_interval_unit: orNull(values('day', 'week', 'month')),
      storefront_purchase_options: string,
    }),
    'recorded',
  ],
  title: [string, 'recorded'],
  updated_at: [datetime, 'recorded'],
});

export const plan: RecordShape = record({
  id: [integer, 'facts'],
  channel_settings: [channelSettings('display'), 'facts'],
  created_at: [datetime, 'facts'],
  discount_amount: [orNull(decimal), 'facts'],
  discount_type: [orNull(string), 'facts'],
  external_product_id: [object({ ecommerce: string }), 'clients'],
  sort_order: [integer, 'facts'],
  subscription_preferences: [
    orNull(
      object({
        charge_interval_frequency: integer,
        expire_after_specific_number_of_charges: orNull(integer),
        interval_unit: values('day', 'week', 'month'),
        order_day_of_month: orNull(integer),
        order_day_of_week: orNull(integer),
        order_interval_frequency: integer,
      }),
    ),
    'facts',
  ],
  title: [string, 'facts'],
  type: [values('subscription', 'prepaid', 'onetime'), 'facts'],
  updated_at: [datetime, 'facts'],
});

export const collection: RecordShape = record({
  id: [integer, 'facts'],
  created_at: [datetime, 'facts'],
  description: [orNull(string), 'facts'],
  sort_order: [string, 'facts'],
  title: [string, 'facts'],
  type: [values('manual', 'automatic'), 'facts'],
  updated_at: [datetime, 'facts'],
});

export const collectionProduct: RecordShape = record({
  id: [integer, 'emulator'],
  collection_id: [integer, 'emulator'],
  created_at: [datetime, 'emulator'],
  external_product_id: [string, 'emulator'],
  updated_at: [datetime, 'emulator'],
});

export const bundleSelection: RecordShape = record({
  id: [integer, 'spec'],
  bundle_variant_id: [integer, 'spec'],
  created_at: [datetime, 'spec'],
  external_product_id: [string, 'spec'],
  external_variant_id: [string, 'spec'],
  items: [
    arrayOf(
      object({
        id: integer,
        collection_id: string,
        collection_source: string,
        created_at: datetime,
        external_product_id: string,
        external_variant_id: string,
        quantity: integer,
        updated_at: datetime,
      }),
    ),
    'spec',
  ],
  purchase_item_id: [integer, 'spec'],
  // The queued charge the selection applies to; null for the item's standing selection.
  charge_id: [orNull(integer), 'recorded'],
  updated_at: [datetime, 'spec'],
});

/**
 * `GET /bundle_products` and a subscription's `include=bundle_product`: a product with bundle
 * variants, as the service's own portal reads it.
 */
export const bundleProduct: RecordShape = record({
  id: [integer, 'recorded'],
  external_product_id: [string, 'recorded'],
  title: [string, 'recorded'],
  is_customizable: [boolean, 'recorded'],
  // The published client's values; the emulator's bundles are priced at the bundle variant's price.
  price_rule: [values('fixed', 'dynamic'), 'storefront-client'],
  variants: [
    arrayOf(
      object({
        // The bundle_variant_id a bundle selection names.
        id: integer,
        title: string,
        external_variant_id: string,
        items_count: [integer, 'storefront-client'],
        option_sources: arrayOf(object({ option_source_id: string })),
        ranges: arrayOf(object({ id: integer, quantity_min: integer, quantity_max: integer })),
      }),
    ),
    'recorded',
  ],
});

const discountType = values('percentage', 'fixed_amount', 'shipping');
const discountStatus = values('enabled', 'disabled', 'fully_disabled');
const productType = values('ALL', 'ONETIME', 'SUBSCRIPTION');
const appliesToResource = orNull(values('platform_product', 'platform_collection_id'));

export const discount2021_01: RecordShape = record({
  id: [integer, 'spec'],
  applies_to: [orNull(string), 'spec'],
  applies_to_id: [orNull(oneOf(integer, string)), 'spec'],
  applies_to_product_type: [productType, 'spec'],
  applies_to_resource: [appliesToResource, 'spec'],
  channel_settings: [channelSettings('can_apply'), 'spec'],
  code: [string, 'spec'],
  created_at: [datetime, 'spec'],
  discount_type: [discountType, 'spec'],
  duration: [values('forever', 'usage_limit', 'single_use'), 'spec'],
  duration_usage_limit: [orNull(integer), 'spec'],
  ends_at: [orNull(datetime), 'spec'],
  first_time_customer_restriction: [orNull(string), 'spec'],
  once_per_customer: [boolean, 'spec'],
  prerequisite_subtotal_min: [orNull(integer), 'spec'],
  starts_at: [orNull(datetime), 'spec'],
  status: [discountStatus, 'spec'],
  times_used: [integer, 'spec'],
  updated_at: [datetime, 'spec'],
  usage_limit: [orNull(integer), 'spec'],
  value: [decimal, 'spec'],
});

/** The nested form only: the recordings never carry the flat 2021-01 fields. */
export const discount2021_11: RecordShape = record({
  id: [integer, 'spec'],
  applies_to: [
    object({
      ids: arrayOf(oneOf(integer, string)),
      purchase_item_type: productType,
      resource: appliesToResource,
    }),
    'recorded',
  ],
  channel_settings: [channelSettings('can_apply'), 'spec'],
  code: [string, 'spec'],
  created_at: [datetime, 'spec'],
  // The spec's name for value_type (both are answered).
  discount_type: [discountType, 'spec'],
  ends_at: [orNull(datetime), 'spec'],
  external_discount_id: [externalId, 'recorded'],
  external_discount_source: [orNull(string), 'recorded'],
  prerequisite_subtotal_min: [orNull(integer), 'spec'],
  starts_at: [orNull(datetime), 'spec'],
  status: [discountStatus, 'spec'],
  updated_at: [datetime, 'spec'],
  usage_limits: [
    object({
      first_time_customer_restriction: boolean,
      max_subsequent_redemptions: orNull(integer),
      one_application_per_customer: boolean,
    }),
    'recorded',
  ],
  value: [decimal, 'spec'],
  value_type: [discountType, 'recorded'],
});
