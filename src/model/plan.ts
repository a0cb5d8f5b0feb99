import type { IntervalUnit } from './shared.js';
import type { Timestamp } from './shared.js';

export const PLAN_TYPES = ['subscription', 'prepaid', 'onetime'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

export interface SubscriptionPreferences {
  readonly charge_interval_frequency: number;
  readonly order_interval_frequency: number;
  readonly interval_unit: IntervalUnit;
  readonly order_day_of_month: number | null;
  readonly order_day_of_week: number | null;
  readonly expire_after_specific_number_of_charges: number | null;
}

export interface PlanChannels {
  readonly api: { readonly display: boolean };
  readonly checkout_page: { readonly display: boolean };
  readonly customer_portal: { readonly display: boolean };
  readonly merchant_portal: { readonly display: boolean };
}

/** A way to buy a product: one-time, pay-as-you-go subscription or prepaid. */
export interface Plan {
  readonly id: number;
  readonly type: PlanType;
  readonly title: string;
  readonly external_product_id: string;
  readonly discount_amount: string | null;
  readonly discount_type: 'percentage' | 'fixed_amount' | null;
  readonly sort_order: number;
  /** `null` for one-time plans. */
  readonly subscription_preferences: SubscriptionPreferences | null;
  readonly channel_settings: PlanChannels;
  readonly created_at: Timestamp;
  readonly updated_at: Timestamp;
}
