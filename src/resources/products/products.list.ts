/** How products are listed and extended, in both versions (spec: Sorting, Product 2021-01). */
import { idsFilter, indexedStringFilter, timestampFilters } from '../../http/list/filters.js';
import type { IncludeSpec } from '../../http/list/include.js';
import type { ListSpec } from '../../http/list/list.js';
import type { Store } from '../../store/store.js';
import { externalProductIdsFilter } from '../collections/collections.list.js';
import { collectionIdsOfProduct } from '../../domain/collections/collections.service.js';
import { serializeCollection } from '../collections/collections.serializers.js';
import { metafieldSerializer } from '../metafields/metafields.serializers.js';
import type { Product } from '../../model/product.js';
import { productSerializers } from './products.serializers.js';

/** Spec, Extending responses: 2021-01 products take collections and metafields; 2021-11 nothing. */
export const productIncludes: IncludeSpec<Product> = {
  allowed: { '2021-01': ['collections', 'metafields'], '2021-11': [] },
  resolve: (product, name, { store, version }) => {
    if (name === 'collections') {
      return collectionIdsOfProduct(store, product.external_product_id).flatMap((id) => {
        const collection = store.collections.product_collections.get(id);
        return collection ? [serializeCollection(collection, version)] : [];
      });
    }
    // Metafields cannot be owned by products yet (owner kinds of the spec): always empty.
    return store.collections.metafields
      .findBy('owner', `product:${product.id}`)
      .map((metafield) => metafieldSerializer(metafield, version));
  },
};

const products = (store: Store) => store.collections.products;
const byExternalIds = externalProductIdsFilter<Product>((store, externalId) =>
  products(store).idsBy('external_product_id', externalId),
);

export const productList: ListSpec<Product> = {
  name: 'products',
  collection: products,
  filters: {
    ids: idsFilter(),
    external_product_ids: byExternalIds,
    // 2021-01 names of the same filter.
    platform_product_ids: byExternalIds,
    platform_product_id: indexedStringFilter(products, 'external_product_id'),
    ...timestampFilters<Product>(),
  },
  sorts: {
    created_at: (p) => p.created_at,
    updated_at: (p) => p.updated_at,
    title: (p) => p.title,
  },
  defaultSort: 'id-desc',
  serialize: (product, { store, version }) => productSerializers[version](product, store),
  includes: productIncludes,
  // A list of given products has no further pages (as for `ids`).
  noLinkWith: ['external_product_ids', 'platform_product_ids', 'platform_product_id'],
};

/** Filters GET /products/count accepts (2021-01). */
export const PRODUCT_COUNT_FILTERS = [
  'created_at_max',
  'created_at_min',
  'updated_at_max',
  'updated_at_min',
  'platform_product_ids',
];
