/** One-time item endpoints (both versions). */
import { idsFilter, indexedIntegerFilter, timestampFilters } from '../../http/list/filters.js';
import { listResponse, type ListSpec } from '../../http/list/list.js';
import { bodyId, pathId } from '../../http/params.js';
import type { ApiRequest, Endpoint } from '../../http/types.js';
import { parseWith } from '../../errors/validation.js';
import { createdResponse, deletedResponse } from '../responses.js';
import type { Onetime } from '../../model/onetime.js';
import { onetimeSchemas } from './onetimes.schemas.js';
import { onetimeSerializers } from './onetimes.serializers.js';
import {
  createOnetime,
  deleteOnetime,
  findOnetime,
  updateOnetime,
} from '../../domain/onetimes/onetimes.service.js';

const onetimes = (store: Parameters<ListSpec<Onetime>['collection']>[0]) => store.collections.onetimes;

export const onetimeList: ListSpec<Onetime> = {
  name: 'onetimes',
  collection: onetimes,
  filters: {
    ids: idsFilter(),
    address_id: indexedIntegerFilter(onetimes, 'address_id'),
    customer_id: indexedIntegerFilter(onetimes, 'customer_id'),
    ...timestampFilters<Onetime>(),
  },
  sorts: { created_at: (o) => o.created_at, updated_at: (o) => o.updated_at },
  defaultSort: 'id-desc',
  serialize: (onetime, { version }) => onetimeSerializers[version](onetime),
};

const render = (request: ApiRequest, onetime: Onetime) => ({
  onetime: onetimeSerializers[request.version](onetime),
});
const addressOf = (request: ApiRequest) =>
  request.store.collections.onetimes.get(Number(request.params.id))?.address_id;

export const onetimeEndpoints: readonly Endpoint[] = [
  {
    method: 'POST',
    path: '/onetimes',
    scope: 'write_subscriptions',
    summary: 'Add a one-time item to the queued charge of its address on its date',
    locks: (request) => bodyId(request, 'address_id'),
    handle: (request) => {
      const input = parseWith(onetimeSchemas()[request.version].create, request.body);
      return createdResponse(
        request.version,
        render(request, createOnetime(request, input.address_id, input.change)),
      );
    },
  },
  ...['/addresses/:id/onetimes', '/onetimes/address/:id'].map((path): Endpoint => ({
    method: 'POST',
    path,
    scope: 'write_subscriptions',
    versions: ['2021-01'],
    // api-facts (real clients; live evidence, wave 3): the 2021-01 API also creates a one-time
    // under its address, by either path.
    summary: 'Add a one-time item to an address (2021-01), as POST /onetimes with the address of the path',
    locks: (request) => pathId(request),
    handle: (request) => {
      const input = parseWith(onetimeSchemas()[request.version].create, {
        ...request.body,
        address_id: pathId(request),
      });
      return createdResponse(
        request.routeVersion,
        render(request, createOnetime(request, input.address_id, input.change)),
      );
    },
  })),
  {
    method: 'GET',
    path: '/onetimes',
    scope: 'read_subscriptions',
    summary: 'List one-time items',
    handle: (request) => listResponse(onetimeList, request),
  },
  {
    method: 'GET',
    path: '/onetimes/:id',
    scope: 'read_subscriptions',
    summary: 'Retrieve a one-time item',
    handle: (request) => ({ body: render(request, findOnetime(request.store, pathId(request))) }),
  },
  {
    method: 'PUT',
    path: '/onetimes/:id',
    scope: 'write_subscriptions',
    summary: 'Update a one-time item',
    locks: addressOf,
    handle: (request) => {
      const id = pathId(request);
      findOnetime(request.store, id);
      return {
        body: render(
          request,
          updateOnetime(request, id, parseWith(onetimeSchemas()[request.version].update, request.body)),
        ),
      };
    },
  },
  {
    method: 'DELETE',
    path: '/onetimes/:id',
    scope: 'write_subscriptions',
    summary: 'Delete a one-time item',
    locks: addressOf,
    handle: (request) => {
      deleteOnetime(request, pathId(request));
      return deletedResponse(request.routeVersion);
    },
  },
];
