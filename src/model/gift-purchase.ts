import type { Timestamp } from './shared.js';

/** A gift sent with skip and gift: created then, redeemed when the gift's one-time item is charged. */
export interface GiftPurchase {
  readonly id: number;
  readonly sender_customer_id: number;
  readonly subscription_id: number;
  readonly recipient_customer_id: number;
  readonly recipient_address_id: number;
  readonly onetime_id: number;
  readonly status: 'created' | 'redeemed';
  readonly redeemed_at: Timestamp | null;
  readonly created_at: Timestamp;
  readonly updated_at: Timestamp;
}
