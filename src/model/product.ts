import type { Timestamp } from './shared.js';

/** The platform's and the service's title of a product's only variant, when it has none of its own. */
export const DEFAULT_VARIANT_TITLE = 'Default Title';

/** What a bundle variant accepts: items from these collections, this many in all. */
export interface BundleSettings {
  readonly collection_ids: readonly number[];
  readonly items_count: number;
}

export interface ProductVariant {
  /** Internal id (a bundle selection's `bundle_variant_id`). */
  readonly id: number;
  readonly external_variant_id: string;
  readonly title: string;
  readonly sku: string | null;
  readonly prices: { readonly unit_price: string; readonly compare_at_price: string | null };
  readonly requires_shipping: boolean;
  readonly taxable: boolean;
  readonly grams: number;
  readonly option_values: readonly { readonly label: string; readonly value: string }[];
  /** Set on the variants of a bundle product. */
  readonly bundle: BundleSettings | null;
}

/** A product of the store's catalog. 2021-11 keys it by `external_product_id`; 2021-01 by `id`. */
export interface Product {
  readonly id: number;
  readonly external_product_id: string;
  readonly title: string;
  readonly brand: string | null;
  readonly vendor: string | null;
  readonly handle: string;
  readonly description: string | null;
  readonly images: readonly {
    readonly src: string;
    readonly alt: string | null;
    readonly sort_order: number;
  }[];
  readonly options: readonly {
    readonly name: string;
    readonly position: number;
    readonly values: readonly string[];
  }[];
  readonly variants: readonly ProductVariant[];
  readonly published_at: Timestamp | null;
  readonly created_at: Timestamp;
  readonly updated_at: Timestamp;
}
