import type { AnalyticsData, PostalAddress, Timestamp } from './shared.js';

/** One customer of a store, in the emulator's version-neutral form. */
export interface Customer {
  readonly id: number;
  readonly email: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly phone: string | null;
  readonly accepts_marketing: boolean;
  /** 2021-01 `billing_*` fields. */
  readonly billing: PostalAddress;
  /** 2021-11 `external_customer_id.ecommerce`, 2021-01 `platform_customer_id`. */
  readonly external_customer_id: string | null;
  readonly hash: string;
  readonly analytics_data: AnalyticsData;
  readonly tax_exempt: boolean;
  readonly apply_credit_to_next_recurring_charge: boolean;
  /** Absent in records stored before the field existed (read as false). */
  readonly apply_credit_to_next_checkout_charge?: boolean;
  /** Where the processor customer is stored (2021-01 `processor_type`). */
  readonly processor_type: string | null;
  readonly first_charge_processed_at: Timestamp | null;
  readonly created_at: Timestamp;
  readonly updated_at: Timestamp;
}
