import type { Timestamp } from './shared.js';

export const CANCELLATION_FLOW_TYPES = ['subscription', 'membership'] as const;
export const INCENTIVE_TYPES = ['delay_subscription', 'discount', 'skip_charge', 'swap_product'] as const;
export type IncentiveType = (typeof INCENTIVE_TYPES)[number];

/**
 * What the cancellation flow offers a customer who gives `reason` (api-facts: Retention strategy).
 * `discount_code` names a discount of the store, only for the `discount` incentive.
 */
export interface RetentionStrategy {
  readonly id: number;
  readonly cancellation_flow_type: (typeof CANCELLATION_FLOW_TYPES)[number];
  readonly incentive_type: IncentiveType;
  readonly discount_code: string | null;
  readonly prevention_text: string | null;
  readonly reason: string;
  readonly created_at: Timestamp;
  readonly updated_at: Timestamp;
}
