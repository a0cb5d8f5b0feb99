import type { IntervalUnit } from './shared.js';
import type { TaxLine } from './charge.js';
import type { DiscountType } from './discount.js';
import type { PaymentType, ProcessorName } from './payment-method.js';
import type { AnalyticsData, NameValue, PostalAddress, Timestamp } from './shared.js';

/** Spec: `external_checkout_source` is `headless` or one of two platform values (api-facts). */
export const CHECKOUT_SOURCES = ['headless', 'platform_a', 'platform_b'] as const;
export type CheckoutSource = (typeof CHECKOUT_SOURCES)[number];

/** api-facts: checkouts accept the first four processors. */
export const CHECKOUT_PROCESSORS = [
  'stripe',
  'braintree',
  'authorize',
  'mollie',
] as const satisfies readonly ProcessorName[];
/** Spec: `CREDIT_CARD` or one of three wallet values. */
export const CHECKOUT_PAYMENT_TYPES = [
  'CREDIT_CARD',
  'PAYPAL',
  'APPLE_PAY',
  'GOOGLE_PAY',
] as const satisfies readonly PaymentType[];

/** The schedule of a subscription line; `null` on a one-time line. */
export interface CheckoutSchedule {
  readonly charge_interval_frequency: number;
  readonly order_interval_frequency: number;
  readonly order_interval_unit: IntervalUnit;
  readonly order_day_of_month: number | null;
  readonly order_day_of_week: number | null;
  readonly cutoff_day_of_month: number | null;
  readonly cutoff_day_of_week: number | null;
  readonly expire_after_specific_number_of_charges: number | null;
}

/** A line of a checkout, resolved from the catalog when the line items were set. */
export interface CheckoutLine {
  readonly external_product_id: string;
  readonly external_variant_id: string;
  readonly quantity: number;
  readonly title: string;
  readonly variant_title: string | null;
  readonly sku: string | null;
  readonly handle: string | null;
  readonly vendor: string | null;
  readonly image: string | null;
  readonly grams: number;
  readonly requires_shipping: boolean;
  readonly taxable: boolean;
  readonly properties: readonly NameValue[];
  /** The plan that priced a subscription line (or a one-time plan), if any. */
  readonly plan_id: number | null;
  /** The variant's unit price. */
  readonly original_price: string;
  /** The unit price paid: the plan's discount taken off. */
  readonly price: string;
  readonly schedule: CheckoutSchedule | null;
  /** price × quantity (× orders per charge for prepaid), before discounts. */
  readonly line_price: string;
}

/** Spec: Checkout `applied_discount`. */
export interface CheckoutDiscount {
  readonly amount: string;
  readonly applicable: boolean;
  readonly non_applicable_reason: string | null;
  readonly value: string | null;
  readonly value_type: DiscountType | null;
}

/** The rate a checkout ships at (spec: `shipping_line`, `shipping_rate`). */
export interface CheckoutShipping {
  readonly code: string;
  readonly handle: string;
  readonly title: string;
  readonly price: string;
}

/** A purchase in progress; `completed_at` and `charge_id` are set when it is charged (spec: open, completed). */
export interface Checkout {
  readonly id: number;
  readonly token: string;
  readonly line_items: readonly CheckoutLine[];
  readonly analytics_data: AnalyticsData;
  readonly billing_address: PostalAddress | null;
  readonly shipping_address: PostalAddress | null;
  readonly buyer_accepts_marketing: boolean;
  readonly currency: string;
  readonly discount_code: string | null;
  readonly email: string | null;
  readonly phone: string | null;
  readonly external_checkout_id: string | null;
  readonly external_checkout_source: CheckoutSource | null;
  readonly external_customer_id: string | null;
  readonly note: string | null;
  readonly note_attributes: readonly NameValue[];
  readonly shipping: CheckoutShipping | null;
  // Priced on every write (and again when charged).
  readonly applied_discount: CheckoutDiscount | null;
  readonly requires_shipping: boolean;
  readonly shipping_address_validations: {
    readonly country_is_supported: boolean;
    readonly ups: boolean;
  } | null;
  readonly subtotal_price: string;
  readonly total_tax: string;
  readonly total_price: string;
  readonly tax_lines: readonly TaxLine[];
  readonly taxes_included: boolean;
  // Payment.
  readonly payment_processor: ProcessorName | null;
  readonly payment_processor_customer_id: string | null;
  readonly payment_processor_transaction_id: string | null;
  /** Payment tries so far (a test token such as `tok_fail_then_ok` depends on it). */
  readonly payment_attempts: number;
  readonly customer_id: number | null;
  readonly charge_id: number | null;
  readonly completed_at: Timestamp | null;
  readonly created_at: Timestamp;
  readonly updated_at: Timestamp;
}
