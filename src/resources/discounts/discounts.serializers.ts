/** The discount record (spec: Discount); 2021-01 keeps the deprecated `applies_to`. */
import type { Store } from '../../store/store.js';
import type { ApiVersion } from '../../model/versions.js';
import { timestamp } from '../serialize.js';
import type { Discount } from '../../model/discount.js';
import { effectiveStatus } from '../../domain/discounts/discounts.service.js';

/**
 * The 2021-11 record: the nested form only (api-facts, recorded real records: the flat 2021-01
 * fields are never returned in 2021-11), plus the spec's `discount_type` beside the real
 * `value_type` (where the two name one field differently, both are answered).
 */
function serialize2021_11(discount: Discount, store: Store): Record<string, unknown> {
  return {
    id: discount.id,
    applies_to: {
      ids: discount.applies_to_id === null ? [] : [discount.applies_to_id],
      purchase_item_type: discount.applies_to_product_type,
      resource: discount.applies_to_resource,
    },
    channel_settings: discount.channel_settings,
    code: discount.code,
    created_at: timestamp('2021-11', discount.created_at),
    discount_type: discount.discount_type,
    ends_at: timestamp('2021-11', discount.ends_at),
    external_discount_id: { ecommerce: discount.external_discount_id ?? null },
    external_discount_source: null,
    prerequisite_subtotal_min: discount.prerequisite_subtotal_min,
    starts_at: timestamp('2021-11', discount.starts_at),
    status: effectiveStatus(store, discount),
    updated_at: timestamp('2021-11', discount.updated_at),
    usage_limits: {
      first_time_customer_restriction: discount.first_time_customer_restriction !== null,
      max_subsequent_redemptions: discount.duration === 'usage_limit' ? discount.duration_usage_limit : null,
      one_application_per_customer: discount.once_per_customer,
    },
    value: discount.value,
    value_type: discount.discount_type,
  };
}

/** The 2021-01 record (spec: Discount), with the deprecated `applies_to`. */
function serialize2021_01(discount: Discount, store: Store): Record<string, unknown> {
  return {
    id: discount.id,
    // Deprecated field kept in this version (spec, Versioning 6).
    applies_to: discount.applies_to_resource
      ? `${discount.applies_to_resource}:${discount.applies_to_id}`
      : null,
    applies_to_id: discount.applies_to_id,
    applies_to_product_type: discount.applies_to_product_type,
    applies_to_resource: discount.applies_to_resource,
    channel_settings: discount.channel_settings,
    code: discount.code,
    created_at: timestamp('2021-01', discount.created_at),
    discount_type: discount.discount_type,
    duration: discount.duration,
    duration_usage_limit: discount.duration_usage_limit,
    ends_at: timestamp('2021-01', discount.ends_at),
    first_time_customer_restriction: discount.first_time_customer_restriction,
    once_per_customer: discount.once_per_customer,
    prerequisite_subtotal_min: discount.prerequisite_subtotal_min,
    starts_at: timestamp('2021-01', discount.starts_at),
    status: effectiveStatus(store, discount),
    times_used: discount.times_used,
    updated_at: timestamp('2021-01', discount.updated_at),
    usage_limit: discount.usage_limit,
    value: discount.value,
  };
}

/** The discount record in the version's shape (fields and kinds: src/resources/shapes/catalog.ts). */
export function serializeDiscount(
  discount: Discount,
  store: Store,
  version: ApiVersion,
): Record<string, unknown> {
  return version === '2021-11' ? serialize2021_11(discount, store) : serialize2021_01(discount, store);
}
