/**
 * GET /bundle_products (2021-11): the products of the catalog that have bundle variants, as the
 * service's own customer portal reads them (api-facts: "Endpoints the service's own demo portal
 * calls"). Query `limit`, `external_product_id`, `ids` and the usual cursors.
 */
import { idsFilter, indexedStringFilter } from '../../http/list/filters.js';
import { listResponse, type Condition, type ListSpec } from '../../http/list/list.js';
import type { Endpoint } from '../../http/types.js';
import type { Product } from '../../model/product.js';
import type { Store } from '../../store/store.js';
import { bundleVariants, serializeBundleProduct } from './bundle-products.serializers.js';

const products = (store: Store) => store.collections.products;

const bundleProductList: ListSpec<Product> = {
  name: 'bundle_products',
  collection: products,
  filters: {
    ids: idsFilter(),
    external_product_id: indexedStringFilter(products, 'external_product_id'),
  },
  sorts: {},
  defaultSort: 'id-desc',
  serialize: (product) => serializeBundleProduct(product),
};

const BUNDLES_ONLY: readonly Condition<Product>[] = [
  { test: (product) => bundleVariants(product).length > 0 },
];

export const bundleProductEndpoints: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/bundle_products',
    scope: 'read_products',
    versions: ['2021-11'],
    summary: 'List the products that have bundle variants (the bundle product behind include=bundle_product)',
    handle: (request) => listResponse(bundleProductList, request, BUNDLES_ONLY),
  },
];
