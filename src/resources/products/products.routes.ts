/**
 * Product endpoints of both versions. The same paths name a product differently: 2021-11 by its
 * `external_product_id`, 2021-01 by its integer `id`, so each method on `/products/:id` has one
 * endpoint per version (the router picks by version).
 */
import { parseIncludes, withIncludes } from '../../http/list/include.js';
import { countResponse, listResponse } from '../../http/list/list.js';
import { pathId } from '../../http/params.js';
import type { ApiRequest, Endpoint } from '../../http/types.js';
import { parseWith } from '../../errors/validation.js';
import { createdResponse, deletedResponse } from '../responses.js';
import { platformProductTitle } from '../../domain/products/products.service.js';
import type { Product } from '../../model/product.js';
import { PRODUCT_COUNT_FILTERS, productIncludes, productList } from './products.list.js';
import {
  createProductWithSettings,
  updateProductWithSettings,
} from '../../domain/products/purchase-settings.js';
import { productSchemas } from './products.schemas.js';
import { productSerializers } from './products.serializers.js';
import {
  createProduct,
  deleteProduct,
  findProduct,
  findProductById,
  updateProduct,
} from '../../domain/products/products.service.js';

const V2021_01 = ['2021-01'] as const;
const V2021_11 = ['2021-11'] as const;

function render(request: ApiRequest, product: Product): unknown {
  return productSerializers[request.version](product, request.store);
}

/** The product of the path: by external id in 2021-11, by integer id in 2021-01. */
function pathProduct(request: ApiRequest): Product {
  return request.version === '2021-11'
    ? findProduct(request.store, request.params.id ?? '')
    : findProductById(request.store, pathId(request));
}

export const productEndpoints: readonly Endpoint[] = [
  {
    method: 'POST',
    path: '/products',
    scope: 'write_products',
    versions: V2021_11,
    summary: 'Create a product',
    handle: (request) => {
      const product = createProduct(request, parseWith(productSchemas().create2021_11, request.body));
      return createdResponse(request.routeVersion, { product: render(request, product) });
    },
  },
  {
    method: 'POST',
    path: '/products',
    scope: 'write_products',
    versions: V2021_01,
    summary: 'Create a product with its purchase settings (plans)',
    handle: (request) => {
      const { fields, settings } = parseWith(productSchemas().create2021_01, request.body);
      const title = fields.title ?? platformProductTitle(request.store, fields.external_product_id);
      const product = createProductWithSettings(request, { ...fields, title }, settings);
      return createdResponse(request.routeVersion, { product: render(request, product) });
    },
  },
  {
    method: 'GET',
    path: '/products',
    scope: 'read_products',
    summary: 'List products',
    handle: (request) => listResponse(productList, request),
  },
  {
    method: 'GET',
    path: '/products/count',
    scope: 'read_products',
    versions: V2021_01,
    summary: 'Count products',
    handle: (request) => countResponse(productList, request, PRODUCT_COUNT_FILTERS),
  },
  {
    method: 'GET',
    path: '/products/:id',
    scope: 'read_products',
    summary: 'Retrieve a product (2021-11: by external_product_id; 2021-01: by id)',
    handle: (request) => {
      const product = pathProduct(request);
      const includes = parseIncludes(productIncludes, request.query.include, request.version);
      return {
        body: {
          product: withIncludes(render(request, product), product, includes, productIncludes, request),
        },
      };
    },
  },
  {
    method: 'PUT',
    path: '/products/:id',
    scope: 'write_products',
    versions: V2021_11,
    summary: 'Update a product by external_product_id',
    handle: (request) => {
      const { id } = pathProduct(request);
      const product = updateProduct(request, id, parseWith(productSchemas().update2021_11, request.body));
      return { body: { product: render(request, product) } };
    },
  },
  {
    method: 'PUT',
    path: '/products/:id',
    scope: 'write_products',
    versions: V2021_01,
    summary: 'Update a product and its purchase settings (plans) by id',
    handle: (request) => {
      const { id } = pathProduct(request);
      const { fields, settings } = parseWith(productSchemas().update2021_01, request.body);
      return { body: { product: render(request, updateProductWithSettings(request, id, fields, settings)) } };
    },
  },
  {
    method: 'DELETE',
    path: '/products/:id',
    scope: 'write_products',
    summary: 'Delete a product with its plans and collection memberships',
    handle: (request) => {
      deleteProduct(request, pathProduct(request).id);
      return deletedResponse(request.routeVersion);
    },
  },
];
