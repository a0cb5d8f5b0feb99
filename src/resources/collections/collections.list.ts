/** How collections and collection memberships are listed (2021-11). */
import { errors, FIELD } from '../../errors/messages.js';
import { idsFilter, indexedIntegerFilter, stringFilter, timestampFilters } from '../../http/list/filters.js';
import type { FilterParser, ListSpec } from '../../http/list/list.js';
import type { ApiRequest } from '../../http/types.js';
import type { Store } from '../../store/store.js';
import type { CollectionProduct, ProductCollection } from '../../model/collection.js';
import { serializeCollection, serializeCollectionProduct } from './collections.serializers.js';

export const collectionList: ListSpec<ProductCollection> = {
  name: 'collections',
  collection: (store) => store.collections.product_collections,
  filters: {
    ids: idsFilter(),
    // Decision: an exact, case-insensitive match, like the other string filters of the API.
    title: stringFilter((c) => c.title, true),
    ...timestampFilters<ProductCollection>(),
  },
  sorts: { title: (c) => c.title, created_at: (c) => c.created_at, updated_at: (c) => c.updated_at },
  defaultSort: 'id-desc',
  serialize: (collection, { version }) => serializeCollection(collection, version),
};

const memberships = (store: Store) => store.collections.collection_products;

/** `external_product_ids=a,b`: the records of those products, looked up in an index. */
export function externalProductIdsFilter<T extends { readonly id: number }>(
  ids: (store: Store, externalId: string) => Iterable<number>,
): FilterParser<T> {
  return (raw, request) => {
    const candidates = new Set<number>();
    for (const part of raw.split(',')) {
      const externalId = part.trim();
      if (externalId) for (const id of ids(request.store, externalId)) candidates.add(id);
    }
    return { candidates };
  };
}

export const collectionProductList: ListSpec<CollectionProduct> = {
  name: 'collection_products',
  collection: memberships,
  filters: {
    ids: idsFilter(),
    collection_id: indexedIntegerFilter(memberships, 'collection_id'),
    external_product_ids: externalProductIdsFilter((store, externalId) =>
      memberships(store).idsBy('external_product_id', externalId),
    ),
    ...timestampFilters<CollectionProduct>(),
  },
  sorts: { created_at: (m) => m.created_at, updated_at: (m) => m.updated_at },
  defaultSort: 'id-desc',
  serialize: (membership, { version }) => serializeCollectionProduct(membership, version),
};

/**
 * Decision: GET /collection_products needs `collection_id` (a list of every membership of the store
 * is rarely what a client means). A cursor carries the collection_id of its first page.
 */
export function requireCollectionId(request: ApiRequest): void {
  const { query } = request;
  if (query.cursor !== undefined || query.page_info !== undefined) return;
  if (query.collection_id === undefined || query.collection_id.trim() === '') {
    throw errors.field('collection_id', FIELD.required);
  }
}
