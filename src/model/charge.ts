import type { AnalyticsData, NameValue, PostalAddress, Timestamp } from './shared.js';

export const CHARGE_STATUSES = [
  'queued',
  'skipped',
  'success',
  'error',
  'refunded',
  'partially_refunded',
  'pending',
  'pending_manual_payment',
] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

export interface TaxLine {
  readonly price: string;
  readonly rate: number;
  readonly title: string;
}

export interface ChargeLineItem {
  readonly purchase_item_id: number;
  readonly purchase_item_type: 'subscription' | 'onetime';
  readonly external_product_id: string;
  readonly external_variant_id: string;
  readonly title: string;
  readonly variant_title: string | null;
  readonly sku: string | null;
  readonly handle: string | null;
  readonly quantity: number;
  readonly unit_price: string;
  readonly original_price: string;
  readonly total_price: string;
  readonly properties: readonly NameValue[];
  readonly grams: number;
  readonly taxable: boolean;
  readonly taxable_amount: string;
  readonly tax_due: string;
  readonly tax_lines: readonly (TaxLine & { readonly unit_price: string })[];
  readonly unit_price_includes_tax: boolean;
}

export interface ChargeShippingLine {
  readonly code: string;
  readonly price: string;
  readonly title: string;
  readonly source: string;
  readonly taxable: boolean;
  readonly tax_lines: readonly TaxLine[];
}

/** The discount applied to a charge and where it came from (an address one survives regeneration). */
export interface AppliedDiscount {
  readonly id: number;
  readonly code: string;
  readonly value: string;
  readonly value_type: 'percentage' | 'fixed_amount' | 'shipping';
  readonly amount: string;
  readonly source: 'address' | 'charge';
}

/** A financial transaction, past or upcoming, of one address. */
export interface Charge {
  readonly id: number;
  readonly address_id: number;
  readonly customer_id: number;
  readonly type: 'recurring' | 'checkout';
  readonly status: ChargeStatus;
  /** Date the charge is (or was) scheduled for. */
  readonly scheduled_at: string;
  readonly line_items: readonly ChargeLineItem[];
  readonly discount: AppliedDiscount | null;
  readonly shipping_lines: readonly ChargeShippingLine[];
  readonly tax_lines: readonly TaxLine[];
  readonly currency: string;
  readonly subtotal_price: string;
  readonly total_line_items_price: string;
  readonly total_discounts: string;
  readonly total_tax: string;
  readonly total_price: string;
  readonly total_refunds: string;
  readonly total_weight_grams: number;
  readonly taxable: boolean;
  readonly taxes_included: boolean;
  readonly billing_address: PostalAddress;
  readonly shipping_address: PostalAddress;
  readonly note: string | null;
  readonly order_attributes: readonly NameValue[];
  readonly analytics_data: AnalyticsData;
  readonly tags: string;
  /** Orders of the cycle: 1 for pay-as-you-go, more for prepaid. */
  readonly orders_count: number;
  readonly has_uncommitted_changes: boolean;
  readonly processed_at: Timestamp | null;
  /** When the payment was authorized and awaits capture (status `pending`). */
  readonly authorized_at: Timestamp | null;
  readonly error: string | null;
  readonly error_type: string | null;
  readonly charge_attempts: number;
  readonly last_charge_attempt: Timestamp | null;
  readonly retry_date: string | null;
  readonly payment_processor: string | null;
  readonly external_transaction_id: string | null;
  readonly external_order_id: string | null;
  readonly external_variant_id_not_found: boolean;
  /** When another queued charge was merged into this one (rule 2); absent in records stored before. */
  readonly merged_at?: Timestamp | null;
  /**
   * When a queued charge's shipping was last priced (built or rebuilt), to the millisecond;
   * absent in records stored before the field existed (their `updated_at` stands in).
   */
  readonly shipping_priced_at?: Timestamp | null;
  readonly created_at: Timestamp;
  readonly updated_at: Timestamp;
}
