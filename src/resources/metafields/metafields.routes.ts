/** Metafield endpoints (spec: Metafields). Scopes follow the owner kind (see METAFIELD_SCOPES). */
import { countResponse, listResponse } from '../../http/list/list.js';
import { decodeCursor } from '../../http/list/cursor.js';
import { pathId } from '../../http/params.js';
import type { ApiRequest, Endpoint } from '../../http/types.js';
import { createdResponse, deletedResponse } from '../responses.js';
import type { OwnerResource } from '../../model/metafield.js';
import { metafieldList, authorizeOwnerQuery } from './metafields.list.js';
import { metafieldSchemas, parseMetafieldBody } from './metafields.schemas.js';
import { metafieldSerializer } from './metafields.serializers.js';
import {
  createMetafield,
  deleteMetafield,
  findMetafield,
  METAFIELD_SCOPES,
  updateMetafield,
} from '../../domain/metafields/metafields.service.js';

const byOwner = { checkedBy: 'handler', note: 'read or write scope of the owner_resource' } as const;

/** A cursor carries the owner_resource of the first page; its scope is checked again. */
function authorizeList(request: ApiRequest): void {
  const cursor = request.query.cursor ?? request.query.page_info;
  if (cursor === undefined) {
    authorizeOwnerQuery(request);
    return;
  }
  const name = request.query.cursor !== undefined ? 'cursor' : 'page_info';
  const state = decodeCursor(cursor, metafieldList.name, request.store.clientSecret, name);
  const owner = state.params.owner_resource as OwnerResource | undefined;
  if (owner && METAFIELD_SCOPES[owner]) request.authorize(METAFIELD_SCOPES[owner].read);
}

function findReadable(request: ApiRequest, access: 'read' | 'write') {
  const metafield = findMetafield(request.store, pathId(request));
  request.authorize(METAFIELD_SCOPES[metafield.owner_resource][access]);
  return metafield;
}

export const metafieldEndpoints: readonly Endpoint[] = [
  {
    method: 'POST',
    path: '/metafields',
    scope: byOwner,
    summary: 'Create a metafield',
    handle: (request) => {
      const fields = parseMetafieldBody(metafieldSchemas().create, request.body);
      request.authorize(METAFIELD_SCOPES[fields.owner_resource].write);
      const metafield = createMetafield(request, fields);
      return createdResponse(request.routeVersion, {
        metafield: metafieldSerializer(metafield, request.version),
      });
    },
  },
  {
    method: 'GET',
    path: '/metafields',
    scope: byOwner,
    summary: 'List metafields of an owner_resource',
    handle: (request) => {
      authorizeList(request);
      return listResponse(metafieldList, request);
    },
  },
  {
    method: 'GET',
    path: '/metafields/count',
    scope: byOwner,
    versions: ['2021-01'],
    summary: 'Count metafields of an owner_resource',
    handle: (request) => {
      authorizeOwnerQuery(request);
      return countResponse(metafieldList, request, ['namespace', 'owner_id', 'owner_resource']);
    },
  },
  {
    method: 'GET',
    path: '/metafields/:id',
    scope: byOwner,
    summary: 'Retrieve a metafield',
    handle: (request) => ({
      body: { metafield: metafieldSerializer(findReadable(request, 'read'), request.version) },
    }),
  },
  {
    method: 'PUT',
    path: '/metafields/:id',
    scope: byOwner,
    summary: 'Update a metafield',
    handle: (request) => {
      const current = findReadable(request, 'write');
      const fields = parseMetafieldBody(metafieldSchemas().update, request.body);
      if (fields.owner_resource) request.authorize(METAFIELD_SCOPES[fields.owner_resource].write);
      const metafield = updateMetafield(request, current.id, fields);
      return { body: { metafield: metafieldSerializer(metafield, request.version) } };
    },
  },
  {
    method: 'DELETE',
    path: '/metafields/:id',
    scope: byOwner,
    summary: 'Delete a metafield',
    handle: (request) => {
      deleteMetafield(request, findReadable(request, 'write').id);
      return deletedResponse(request.routeVersion);
    },
  },
];
