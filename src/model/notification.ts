import type { Timestamp } from './shared.js';

/** Templates a notification may use (api-facts: Notification). */
export const TEMPLATE_TYPES = [
  'upcoming_charge',
  'get_account_access',
  'platform_update_payment_information',
] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

export interface TemplateVars {
  readonly address_id: number | null;
  readonly charge_id: number | null;
  /** The card the update-payment email is about (absent in records from before). */
  readonly payment_method_id?: number | null;
}

/**
 * An email the service would have sent to a customer. The emulator sends nothing: it keeps the
 * message for tests to read through the control API (`GET /_emulator/notifications`).
 */
export interface SentNotification {
  readonly id: number;
  readonly customer_id: number;
  readonly type: 'email';
  readonly template_type: TemplateType;
  readonly template_vars: TemplateVars;
  /** The customer's email address. */
  readonly to: string;
  /** The store's email address. */
  readonly from: string;
  readonly subject: string;
  /** The rendered plain-text body. */
  readonly text: string;
  readonly created_at: Timestamp;
}
