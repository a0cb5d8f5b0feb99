import type { Timestamp } from './shared.js';

export const COLLECTION_TYPES = ['manual', 'automatic'] as const;
export const COLLECTION_SORT_ORDERS = [
  'id-asc',
  'id-desc',
  'title-asc',
  'title-desc',
  'created_at-asc',
  'created_at-desc',
] as const;

/** A named group of products (bundle variants draw their items from collections). */
export interface ProductCollection {
  readonly id: number;
  readonly title: string;
  readonly description: string | null;
  readonly type: (typeof COLLECTION_TYPES)[number];
  readonly sort_order: (typeof COLLECTION_SORT_ORDERS)[number];
  readonly created_at: Timestamp;
  readonly updated_at: Timestamp;
}

/** Membership of a product in a collection. */
export interface CollectionProduct {
  readonly id: number;
  readonly collection_id: number;
  readonly external_product_id: string;
  readonly created_at: Timestamp;
  readonly updated_at: Timestamp;
}
