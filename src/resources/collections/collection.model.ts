import type { Timestamp } from '../shared.model.js';

export interface ProductCollection {
  readonly id: number;
  readonly title: string;
  readonly description: string | null;
  readonly type: 'manual' | 'automatic';
  readonly sort_order:
    'id-asc' | 'id-desc' | 'title-asc' | 'title-desc' | 'created_at-asc' | 'created_at-desc';
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
