import type { NameValue, Timestamp } from './shared.js';

/** A one-time item added to the queued charge of its address on its date. */
export interface Onetime {
  readonly id: number;
  readonly address_id: number;
  readonly customer_id: number;
  readonly external_product_id: string;
  readonly external_variant_id: string;
  readonly product_title: string;
  readonly variant_title: string | null;
  readonly sku: string | null;
  readonly sku_override: boolean;
  readonly price: string;
  readonly quantity: number;
  readonly properties: readonly NameValue[];
  readonly presentment_currency: string;
  readonly next_charge_scheduled_at: string;
  /** Set once the one-time item was charged or removed. */
  readonly is_cancelled: boolean;
  readonly created_at: Timestamp;
  readonly updated_at: Timestamp;
}
