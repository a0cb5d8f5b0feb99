/** Collection endpoints (2021-11; spec: Other 2021-11 endpoints). 2021-01 answers 501. */
import { parseIncludes } from '../../http/list/include.js';
import { listResponse } from '../../http/list/list.js';
import { pathId } from '../../http/params.js';
import type { Endpoint } from '../../http/types.js';
import { parseWith } from '../../errors/validation.js';
import { createdResponse, deletedResponse } from '../responses.js';
import { collectionList, collectionProductList, requireCollectionId } from './collections.list.js';
import { collectionSchemas } from './collections.schemas.js';
import { serializeCollection, serializeCollectionProduct } from './collections.serializers.js';
import {
  addProductsToCollection,
  createCollection,
  deleteCollection,
  findCollection,
  removeProductsFromCollection,
  updateCollection,
} from '../../domain/collections/collections.service.js';

const V2021_11 = ['2021-11'] as const;

export const collectionEndpoints: readonly Endpoint[] = [
  {
    method: 'POST',
    path: '/collections',
    scope: 'write_products',
    versions: V2021_11,
    summary: 'Create a collection',
    handle: (request) => {
      const collection = createCollection(request, parseWith(collectionSchemas().create, request.body));
      return createdResponse(request.routeVersion, {
        collection: serializeCollection(collection, request.version),
      });
    },
  },
  {
    method: 'GET',
    path: '/collections',
    scope: 'read_products',
    versions: V2021_11,
    summary: 'List collections',
    handle: (request) => listResponse(collectionList, request),
  },
  {
    method: 'GET',
    path: '/collections/:id',
    scope: 'read_products',
    versions: V2021_11,
    summary: 'Retrieve a collection',
    handle: (request) => {
      const collection = findCollection(request.store, pathId(request));
      // The spec's include table lists nothing for collections: any value is refused.
      parseIncludes(undefined, request.query.include, request.version);
      return { body: { collection: serializeCollection(collection, request.version) } };
    },
  },
  {
    method: 'PUT',
    path: '/collections/:id',
    scope: 'write_products',
    versions: V2021_11,
    summary: 'Update a collection',
    handle: (request) => {
      const id = pathId(request);
      findCollection(request.store, id);
      const collection = updateCollection(request, id, parseWith(collectionSchemas().update, request.body));
      return { body: { collection: serializeCollection(collection, request.version) } };
    },
  },
  {
    method: 'DELETE',
    path: '/collections/:id',
    scope: 'write_products',
    versions: V2021_11,
    summary: 'Delete a collection and its memberships',
    handle: (request) => {
      deleteCollection(request, pathId(request));
      return deletedResponse(request.routeVersion);
    },
  },
  {
    method: 'GET',
    path: '/collection_products',
    scope: 'read_products',
    versions: V2021_11,
    summary: 'List the products of a collection',
    handle: (request) => {
      requireCollectionId(request);
      return listResponse(collectionProductList, request);
    },
  },
  {
    method: 'POST',
    path: '/collections/:id/collection_products-bulk',
    scope: 'write_products',
    versions: V2021_11,
    summary: 'Add up to 250 products to a collection',
    handle: (request) => {
      const id = pathId(request);
      findCollection(request.store, id);
      const { collection_products: items } = parseWith(collectionSchemas().productsBulk, request.body);
      const memberships = addProductsToCollection(
        request,
        id,
        items.map((item) => item.external_product_id),
      );
      return createdResponse(request.routeVersion, {
        collection_products: memberships.map((m) => serializeCollectionProduct(m, request.version)),
      });
    },
  },
  {
    method: 'DELETE',
    path: '/collections/:id/collection_products-bulk',
    scope: 'write_products',
    versions: V2021_11,
    summary: 'Remove up to 250 products from a collection',
    handle: (request) => {
      const id = pathId(request);
      findCollection(request.store, id);
      const { collection_products: items } = parseWith(collectionSchemas().productsBulk, request.body);
      removeProductsFromCollection(
        request,
        id,
        items.map((item) => item.external_product_id),
      );
      return deletedResponse(request.routeVersion);
    },
  },
];
