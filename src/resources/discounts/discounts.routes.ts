/** Discount endpoints (spec: Discounts), both versions. */
import { enumFilter, idsFilter, stringFilter, timestampFilters } from '../../http/list/filters.js';
import { countResponse, listResponse, type ListSpec } from '../../http/list/list.js';
import { pathId } from '../../http/params.js';
import type { Endpoint } from '../../http/types.js';
import { parseWith } from '../../errors/validation.js';
import { createdResponse, deletedResponse } from '../responses.js';
import { DISCOUNT_STATUSES, DISCOUNT_TYPES, type Discount } from '../../model/discount.js';
import { discountSchemas } from './discounts.schemas.js';
import { discountCreateFor } from './discounts.schemas.2021-11.js';
import { serializeDiscount } from './discounts.serializers.js';
import {
  createDiscount,
  deleteDiscount,
  effectiveStatus,
  findDiscount,
  updateDiscount,
} from '../../domain/discounts/discounts.service.js';

export const discountList: ListSpec<Discount> = {
  name: 'discounts',
  collection: (store) => store.collections.discounts,
  filters: {
    ids: idsFilter(),
    discount_code: stringFilter((d) => d.code, true),
    discount_type: enumFilter(DISCOUNT_TYPES, (d) => d.discount_type),
    status: enumFilter(DISCOUNT_STATUSES, (d, store) => effectiveStatus(store, d)),
    ...timestampFilters<Discount>(),
  },
  sorts: { created_at: (d) => d.created_at, updated_at: (d) => d.updated_at },
  defaultSort: 'id-desc',
  serialize: (discount, { store, version }) => serializeDiscount(discount, store, version),
};

const COUNT_FILTERS = [
  'created_at_max',
  'created_at_min',
  'discount_type',
  'status',
  'updated_at_max',
  'updated_at_min',
];

export const discountEndpoints: readonly Endpoint[] = [
  {
    method: 'POST',
    path: '/discounts',
    scope: 'write_discounts',
    summary: 'Create a discount',
    handle: (request) => {
      const input = parseWith(discountCreateFor(request.version, request.body), request.body);
      const discount = createDiscount(request, input);
      return createdResponse(request.routeVersion, {
        discount: serializeDiscount(discount, request.store, request.version),
      });
    },
  },
  {
    method: 'GET',
    path: '/discounts',
    scope: 'read_discounts',
    summary: 'List discounts',
    handle: (request) => listResponse(discountList, request),
  },
  {
    method: 'GET',
    path: '/discounts/count',
    scope: 'read_discounts',
    versions: ['2021-01'],
    summary: 'Count discounts',
    handle: (request) => countResponse(discountList, request, COUNT_FILTERS),
  },
  {
    method: 'GET',
    path: '/discounts/:id',
    scope: 'read_discounts',
    summary: 'Retrieve a discount',
    handle: (request) => ({
      body: {
        discount: serializeDiscount(
          findDiscount(request.store, pathId(request)),
          request.store,
          request.version,
        ),
      },
    }),
  },
  {
    method: 'PUT',
    path: '/discounts/:id',
    scope: 'write_discounts',
    summary: 'Update a discount (fully_disabled strips it from every queued charge)',
    handle: (request) => {
      const id = pathId(request);
      findDiscount(request.store, id);
      const discount = updateDiscount(request, id, parseWith(discountSchemas().update, request.body));
      return { body: { discount: serializeDiscount(discount, request.store, request.version) } };
    },
  },
  {
    method: 'DELETE',
    path: '/discounts/:id',
    scope: 'write_discounts',
    summary: 'Delete a fully_disabled discount',
    handle: (request) => {
      deleteDiscount(request, pathId(request));
      return deletedResponse(request.routeVersion);
    },
  },
];
