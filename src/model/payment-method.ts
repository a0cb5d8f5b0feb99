import type { PostalAddress, Timestamp } from './shared.js';

export const PAYMENT_TYPES = [
  'CREDIT_CARD',
  'DEBIT',
  'PAYPAL',
  'APPLE_PAY',
  'GOOGLE_PAY',
  'SEPA_DEBIT',
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const PROCESSORS = [
  'stripe',
  'braintree',
  'authorize',
  'mollie',
  'adyen',
  'platform_payments',
] as const;
export type ProcessorName = (typeof PROCESSORS)[number];

export const PAYMENT_METHOD_STATUSES = ['unvalidated', 'valid', 'invalid', 'empty'] as const;
export type PaymentMethodStatus = (typeof PAYMENT_METHOD_STATUSES)[number];

export interface PaymentDetails {
  readonly brand: string | null;
  readonly exp_month: number | null;
  readonly exp_year: number | null;
  readonly last4: string | null;
}

/** A customer's stored payment method (2021-11 `payment_methods`, 2021-01 `payment_sources`). */
export interface PaymentMethod {
  readonly id: number;
  readonly customer_id: number;
  readonly billing_address: PostalAddress | null;
  readonly default: boolean;
  readonly payment_details: PaymentDetails;
  readonly payment_type: PaymentType;
  readonly processor_name: ProcessorName;
  readonly processor_customer_token: string | null;
  readonly processor_payment_method_token: string | null;
  readonly status: PaymentMethodStatus;
  readonly status_reason: string | null;
  readonly created_at: Timestamp;
  readonly updated_at: Timestamp;
}
