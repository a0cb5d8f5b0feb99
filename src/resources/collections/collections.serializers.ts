/** Collections and memberships (api-facts: Collection); 2021-11 records, timestamps per version. */
import type { ApiVersion } from '../../model/versions.js';
import { timestamp } from '../serialize.js';
import type { CollectionProduct, ProductCollection } from '../../model/collection.js';

export function serializeCollection(
  collection: ProductCollection,
  version: ApiVersion,
): Record<string, unknown> {
  return {
    id: collection.id,
    created_at: timestamp(version, collection.created_at),
    description: collection.description,
    sort_order: collection.sort_order,
    title: collection.title,
    type: collection.type,
    updated_at: timestamp(version, collection.updated_at),
  };
}

export function serializeCollectionProduct(
  membership: CollectionProduct,
  version: ApiVersion,
): Record<string, unknown> {
  return {
    id: membership.id,
    collection_id: membership.collection_id,
    created_at: timestamp(version, membership.created_at),
    external_product_id: membership.external_product_id,
    updated_at: timestamp(version, membership.updated_at),
  };
}
