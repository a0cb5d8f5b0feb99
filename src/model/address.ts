import type { NameValue, ShippingLine, Timestamp } from './shared.js';

/** A shipping address of a customer, in the emulator's version-neutral form. */
export interface Address {
  readonly id: number;
  readonly customer_id: number;
  readonly payment_method_id: number | null;
  readonly first_name: string;
  readonly last_name: string;
  readonly company: string | null;
  readonly address1: string;
  readonly address2: string | null;
  readonly city: string;
  readonly province: string | null;
  readonly zip: string | null;
  readonly country_code: string;
  readonly phone: string | null;
  /** 2021-01 `cart_note`, 2021-11 `order_note`. */
  readonly note: string | null;
  /** 2021-01 `note_attributes`, 2021-11 `order_attributes`. */
  readonly attributes: readonly NameValue[];
  /** `null` means the store currency. */
  readonly presentment_currency: string | null;
  readonly shipping_lines_override: readonly ShippingLine[] | null;
  readonly shipping_lines_conserved: readonly ShippingLine[];
  readonly discount_id: number | null;
  readonly created_at: Timestamp;
  readonly updated_at: Timestamp;
}
