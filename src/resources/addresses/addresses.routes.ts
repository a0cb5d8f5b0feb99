/** Address endpoints of both versions (spec: Addresses 2021-01 and 2021-11). */
import { parseIncludes, withIncludes } from '../../http/list/include.js';
import { countResponse, listResponse } from '../../http/list/list.js';
import { pathId } from '../../http/params.js';
import type { ApiRequest, Endpoint } from '../../http/types.js';
import { parseWith } from '../../http/validation.js';
import { errors } from '../../errors/messages.js';
import { findCustomer } from '../customers/customers.service.js';
import { createdResponse, deletedResponse } from '../responses.js';
import type { Address } from './address.model.js';
import { ADDRESS_COUNT_FILTERS, addressIncludes, addressList } from './addresses.list.js';
import { addressSchemas, checkRequired2021_11, completeAddress } from './addresses.schemas.js';
import { addressSerializers } from './addresses.serializers.js';
import { createAddress, deleteAddress, findAddress, updateAddress } from './addresses.service.js';
import { validateUsAddress } from './addresses.validate.js';

function render(request: ApiRequest, address: Address): unknown {
  return addressSerializers[request.version](address, request.store);
}

const countryFieldOf = (request: ApiRequest) => (request.version === '2021-01' ? 'country' : 'country_code');

export const addressEndpoints: readonly Endpoint[] = [
  {
    method: 'POST',
    path: '/customers/:id/addresses',
    scope: 'write_customers',
    versions: ['2021-01'],
    summary: 'Create an address for a customer',
    handle: (request) => {
      const customer = findCustomer(request.store, pathId(request));
      const fields = completeAddress(parseWith(addressSchemas.create2021_01, request.body));
      const address = createAddress(request, customer.id, fields, 'country');
      return createdResponse(request.version, { address: render(request, address) });
    },
  },
  {
    method: 'POST',
    path: '/addresses',
    scope: 'write_customers',
    versions: ['2021-11'],
    summary: 'Create an address',
    handle: (request) => {
      checkRequired2021_11(request.body);
      const { customer_id, fields } = parseWith(addressSchemas.create2021_11, request.body);
      if (!request.store.collections.customers.has(customer_id)) {
        throw errors.field('customer_id', `No customer with id ${customer_id}.`);
      }
      const address = createAddress(request, customer_id, completeAddress(fields), 'country_code');
      return createdResponse(request.version, { address: render(request, address) });
    },
  },
  {
    method: 'GET',
    path: '/addresses',
    scope: 'read_customers',
    summary: 'List addresses',
    handle: (request) => listResponse(addressList, request),
  },
  {
    method: 'GET',
    path: '/customers/:id/addresses',
    scope: 'read_customers',
    versions: ['2021-01'],
    summary: "List a customer's addresses",
    handle: (request) => {
      const customer = findCustomer(request.store, pathId(request));
      const ids = request.store.collections.addresses.idsBy('customer_id', customer.id);
      return listResponse(addressList, request, [{ candidates: ids }]);
    },
  },
  {
    method: 'GET',
    path: '/addresses/count',
    scope: 'read_customers',
    versions: ['2021-01'],
    summary: 'Count addresses',
    handle: (request) => countResponse(addressList, request, ADDRESS_COUNT_FILTERS),
  },
  {
    method: 'POST',
    path: '/addresses/validate',
    scope: 'read_customers',
    versions: ['2021-01'],
    summary: 'Validate a US address',
    handle: (request) => ({ body: validateUsAddress(request.body) }),
  },
  {
    method: 'GET',
    path: '/addresses/:id',
    scope: 'read_customers',
    summary: 'Retrieve an address',
    handle: (request) => {
      const address = findAddress(request.store, pathId(request));
      const includes = parseIncludes(addressIncludes, request.query.include, request.version);
      return {
        body: {
          address: withIncludes(render(request, address), address, includes, addressIncludes, request),
        },
      };
    },
  },
  {
    method: 'PUT',
    path: '/addresses/:id',
    scope: 'write_customers',
    summary: 'Update an address',
    handle: (request) => {
      const id = pathId(request);
      findAddress(request.store, id);
      const fields = parseWith(addressSchemas.update[request.version], request.body);
      return {
        body: { address: render(request, updateAddress(request, id, fields, countryFieldOf(request))) },
      };
    },
  },
  {
    method: 'DELETE',
    path: '/addresses/:id',
    scope: 'write_customers',
    summary: 'Delete an address without active subscriptions',
    handle: (request) => {
      deleteAddress(request, pathId(request));
      return deletedResponse(request.version);
    },
  },
];
