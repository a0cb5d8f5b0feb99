import type { Charge, ChargeLineItem } from './charge.js';
import type { NameValue, PostalAddress, Timestamp } from './shared.js';

export const ORDER_STATUSES = ['success', 'queued', 'error', 'cancelled', 'refunded', 'skipped'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export interface OrderLineItem {
  readonly purchase_item_id: number;
  readonly purchase_item_type: 'subscription' | 'onetime';
  readonly external_product_id: string;
  readonly external_variant_id: string;
  readonly title: string;
  readonly variant_title: string | null;
  readonly sku: string | null;
  readonly quantity: number;
  readonly unit_price: string;
  readonly total_price: string;
  readonly properties: readonly NameValue[];
  readonly grams: number;
  /** The bundle selection's contents when the order was made (bundle products only). */
  readonly bundle_items: readonly {
    readonly collection_id: string;
    readonly external_product_id: string;
    readonly external_variant_id: string;
    readonly quantity: number;
  }[];
}

/** What an order line answers of its charge's line. */
export type OrderChargeLine = Pick<
  ChargeLineItem,
  | 'purchase_item_id'
  | 'original_price'
  | 'taxable'
  | 'taxable_amount'
  | 'tax_due'
  | 'tax_lines'
  | 'unit_price_includes_tax'
>;

/** What an order answers of its charge: the fields of the charge its answers read. */
export interface OrderCharge extends Pick<
  Charge,
  | 'status'
  | 'payment_processor'
  | 'external_transaction_id'
  | 'tags'
  | 'taxable'
  | 'taxes_included'
  | 'discount'
  | 'shipping_lines'
  | 'tax_lines'
  | 'total_refunds'
> {
  readonly line_items: readonly OrderChargeLine[];
}

/** A shipment made when a charge succeeds (one per charge, or one per order interval for prepaid). */
export interface Order {
  readonly id: number;
  readonly charge_id: number;
  readonly address_id: number;
  readonly customer_id: number;
  readonly type: 'recurring' | 'checkout';
  readonly status: OrderStatus;
  readonly is_prepaid: boolean;
  readonly external_order_id: string | null;
  readonly external_order_number: string | null;
  readonly line_items: readonly OrderLineItem[];
  readonly scheduled_at: string;
  readonly processed_at: Timestamp | null;
  readonly shipping_address: PostalAddress;
  readonly billing_address: PostalAddress;
  readonly currency: string;
  readonly subtotal_price: string;
  readonly total_discounts: string;
  readonly total_tax: string;
  readonly total_shipping: string;
  readonly total_price: string;
  readonly note: string | null;
  readonly order_attributes: readonly NameValue[];
  readonly created_at: Timestamp;
  readonly updated_at: Timestamp;
  /**
   * What the order answered of its charge when a clone read it, kept only where the store does not
   * hold the charge: the service goes on showing an order's charge after it hides the charge itself
   * (processed more than 90 days ago). The charge's own record answers wherever the store has it.
   */
  readonly charge_shown?: OrderCharge;
}
