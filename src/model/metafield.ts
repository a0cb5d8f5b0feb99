import type { Timestamp } from './shared.js';

export const OWNER_RESOURCES = ['address', 'store', 'customer', 'subscription', 'order', 'charge'] as const;
export type OwnerResource = (typeof OWNER_RESOURCES)[number];

export const METAFIELD_VALUE_TYPES = ['string', 'json_string', 'integer'] as const;
export type MetafieldValueType = (typeof METAFIELD_VALUE_TYPES)[number];

export interface Metafield {
  readonly id: number;
  readonly owner_resource: OwnerResource;
  readonly owner_id: number;
  readonly namespace: string;
  readonly key: string;
  readonly value: string;
  readonly value_type: MetafieldValueType;
  readonly description: string | null;
  readonly created_at: Timestamp;
  readonly updated_at: Timestamp;
}
