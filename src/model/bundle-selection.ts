import type { Timestamp } from './shared.js';

export interface BundleSelectionItem {
  readonly id: number;
  readonly collection_id: string;
  readonly collection_source: string;
  readonly external_product_id: string;
  readonly external_variant_id: string;
  readonly quantity: number;
  readonly created_at: Timestamp;
  readonly updated_at: Timestamp;
}

/** The contents chosen for a bundle subscription or one-time item. */
export interface BundleSelection {
  readonly id: number;
  /** Subscription or one-time item the selection belongs to. */
  readonly purchase_item_id: number;
  readonly bundle_variant_id: number;
  readonly external_product_id: string;
  readonly external_variant_id: string;
  readonly plan_id: number | null;
  /**
   * The queued charge the selection applies to (its order takes these contents); null or absent
   * (records from before) for the purchase item's standing selection.
   */
  readonly charge_id?: number | null;
  readonly items: readonly BundleSelectionItem[];
  readonly created_at: Timestamp;
  readonly updated_at: Timestamp;
}
