/** The discount record (spec: Discount); 2021-01 keeps the deprecated `applies_to`. */
import type { Store } from '../../store/store.js';
import type { ApiVersion } from '../../store/versions.js';
import { timestamp } from '../serialize.js';
import type { Discount } from '../../model/discount.js';
import { effectiveStatus } from '../../domain/discounts/discounts.service.js';

/** The 2021-11 record's `value_type`, `applies_to`, `usage_limits` and `external_discount_id`. */
function realFields2021_11(discount: Discount): Record<string, unknown> {
  return {
    applies_to: {
      ids: discount.applies_to_id === null ? [] : [discount.applies_to_id],
      purchase_item_type: discount.applies_to_product_type,
      resource: discount.applies_to_resource,
    },
    external_discount_id: { ecommerce: discount.external_discount_id ?? null },
    usage_limits: {
      first_time_customer_restriction: discount.first_time_customer_restriction !== null,
      max_subsequent_redemptions: discount.duration === 'usage_limit' ? discount.duration_usage_limit : null,
      one_application_per_customer: discount.once_per_customer,
    },
    value_type: discount.discount_type,
  };
}

export function serializeDiscount(
  discount: Discount,
  store: Store,
  version: ApiVersion,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    id: discount.id,
    applies_to_id: discount.applies_to_id,
    applies_to_product_type: discount.applies_to_product_type,
    applies_to_resource: discount.applies_to_resource,
    channel_settings: discount.channel_settings,
    code: discount.code,
    created_at: timestamp(version, discount.created_at),
    discount_type: discount.discount_type,
    duration: discount.duration,
    duration_usage_limit: discount.duration_usage_limit,
    ends_at: timestamp(version, discount.ends_at),
    first_time_customer_restriction: discount.first_time_customer_restriction,
    once_per_customer: discount.once_per_customer,
    prerequisite_subtotal_min: discount.prerequisite_subtotal_min,
    starts_at: timestamp(version, discount.starts_at),
    status: effectiveStatus(store, discount),
    times_used: discount.times_used,
    updated_at: timestamp(version, discount.updated_at),
    usage_limit: discount.usage_limit,
    value: discount.value,
  };
  // api-facts (real clients): 2021-11 records also carry the fields of the real create body.
  if (version === '2021-11') Object.assign(body, realFields2021_11(discount));
  // Deprecated field kept in this version (spec, Versioning 6).
  if (version === '2021-01')
    body.applies_to = discount.applies_to_resource
      ? `${discount.applies_to_resource}:${discount.applies_to_id}`
      : null;
  return body;
}
