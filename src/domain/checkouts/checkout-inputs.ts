/**
 * What a checkout request asks for, in the domain's terms: the wire's schemas
 * (src/resources/checkouts/checkouts.schemas.ts) parse bodies of both versions into these.
 */
import type { CHECKOUT_PAYMENT_TYPES, CHECKOUT_PROCESSORS, CheckoutSource } from '../../model/checkout.js';
import type { NameValue, PostalAddress, IntervalUnit } from '../../model/shared.js';

/** A line item as sent: the variant, the quantity and, for a subscription, its schedule. */
export interface LineInput {
  readonly product_id: string | undefined;
  readonly variant_id: string;
  readonly quantity: number;
  readonly properties: readonly NameValue[] | undefined;
  readonly requires_shipping: boolean | undefined;
  readonly taxable: boolean | undefined;
  readonly charge_interval_frequency: number | null | undefined;
  readonly order_interval_frequency: number | null | undefined;
  readonly order_interval_unit: IntervalUnit | null | undefined;
  readonly order_day_of_month: number | null | undefined;
  readonly order_day_of_week: number | null | undefined;
  readonly cutoff_day_of_month: number | null | undefined;
  readonly cutoff_day_of_week: number | null | undefined;
  readonly expire_after_specific_number_of_charges: number | null | undefined;
}

/** The shipping rate chosen, by its handle or its code. */
export interface RateChoice {
  readonly handle?: string;
  readonly code?: string;
}

/** What a checkout's update may change (the create sends the same, with its line items). */
export interface CheckoutPatch {
  readonly line_items?: readonly LineInput[];
  readonly analytics_data?: { readonly utm_params: readonly Readonly<Record<string, string | null>>[] };
  readonly billing_address?: PostalAddress | null;
  readonly buyer_accepts_marketing?: boolean;
  readonly currency?: string;
  readonly discount_code?: string | null;
  readonly email?: string | null;
  readonly external_checkout_id?: string | null;
  readonly external_checkout_source?: CheckoutSource | null;
  readonly external_checkout_customer_id?: string | null;
  readonly note?: string | null;
  readonly note_attributes?: readonly NameValue[];
  readonly phone?: string | null;
  readonly shipping_address?: PostalAddress | null;
  readonly shipping_line?: RateChoice | null;
  /** Only country and zip of the shipping address are checked until the checkout is charged. */
  readonly partial_shipping?: boolean;
}

/** How a checkout is paid (spec: POST /checkouts/{token}/charge). */
export interface ChargeInput {
  readonly payment_processor: (typeof CHECKOUT_PROCESSORS)[number];
  readonly payment_token: string;
  readonly payment_type?: (typeof CHECKOUT_PAYMENT_TYPES)[number];
}
