import type { IntervalUnit } from './shared.js';
import type { AnalyticsData, NameValue, Timestamp } from './shared.js';

export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A recurring purchase of one product variant for one address. */
export interface Subscription {
  readonly id: number;
  readonly address_id: number;
  readonly customer_id: number;
  readonly status: SubscriptionStatus;
  readonly plan_id: number | null;
  readonly external_product_id: string;
  readonly external_variant_id: string;
  readonly product_title: string;
  readonly variant_title: string | null;
  readonly sku: string | null;
  readonly sku_override: boolean;
  /** Unit price, decimal string in `presentment_currency`. */
  readonly price: string;
  readonly quantity: number;
  readonly properties: readonly NameValue[];
  readonly presentment_currency: string;
  readonly charge_interval_frequency: number;
  readonly order_interval_frequency: number;
  readonly order_interval_unit: IntervalUnit;
  readonly order_day_of_month: number | null;
  readonly order_day_of_week: number | null;
  readonly expire_after_specific_number_of_charges: number | null;
  /** Date of the next charge; `null` once cancelled or expired. */
  readonly next_charge_scheduled_at: string | null;
  readonly cancellation_reason: string | null;
  readonly cancellation_reason_comments: string | null;
  readonly cancelled_at: Timestamp | null;
  readonly is_skippable: boolean;
  readonly is_swappable: boolean;
  readonly max_retries_reached: boolean;
  /** Successful charges so far (for `expire_after_specific_number_of_charges`). */
  readonly charges_count: number;
  readonly analytics_data: AnalyticsData;
  readonly created_at: Timestamp;
  readonly updated_at: Timestamp;
}
