import type { Timestamp } from './shared.js';

export const DISCOUNT_TYPES = ['percentage', 'fixed_amount', 'shipping'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const DISCOUNT_DURATIONS = ['forever', 'usage_limit', 'single_use'] as const;
export const DISCOUNT_STATUSES = ['enabled', 'disabled', 'fully_disabled'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];
export const PRODUCT_TYPES = ['ALL', 'ONETIME', 'SUBSCRIPTION'] as const;
/** `first_time_customer_restriction` when a 2021-11 body sets `usage_limits.first_time_customer_restriction`. */
export const FIRST_TIME_ONLY = 'customer_must_not_exist_in_service';
export const CHANNELS = ['api', 'checkout_page', 'customer_portal', 'merchant_portal'] as const;
export type Channel = (typeof CHANNELS)[number];

export interface Discount {
  readonly id: number;
  readonly code: string;
  readonly discount_type: DiscountType;
  /** Percent for `percentage` and `shipping`, an amount for `fixed_amount`. */
  readonly value: string;
  readonly duration: (typeof DISCOUNT_DURATIONS)[number];
  /** Times re-applied to new queued charges after the first use (duration `usage_limit`). */
  readonly duration_usage_limit: number | null;
  readonly usage_limit: number | null;
  readonly times_used: number;
  readonly applies_to_id: number | string | null;
  readonly applies_to_resource: 'platform_product' | 'platform_collection_id' | null;
  readonly applies_to_product_type: (typeof PRODUCT_TYPES)[number];
  readonly channel_settings: Readonly<Record<Channel, { readonly can_apply: boolean }>>;
  readonly first_time_customer_restriction: string | null;
  readonly once_per_customer: boolean;
  readonly prerequisite_subtotal_min: number | null;
  readonly starts_at: Timestamp | null;
  readonly ends_at: Timestamp | null;
  readonly status: DiscountStatus;
  /** The platform's id of the discount (2021-11 `external_discount_id`); absent in older data. */
  readonly external_discount_id?: string | null;
  readonly created_at: Timestamp;
  readonly updated_at: Timestamp;
}
