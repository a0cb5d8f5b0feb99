/** Address endpoints of both versions (spec: Addresses 2021-01 and 2021-11). */
import { parseIncludes, withIncludes } from '../../http/list/include.js';
import { countResponse, listResponse } from '../../http/list/list.js';
import { pathId } from '../../http/params.js';
import type { ApiRequest, Body, Endpoint } from '../../http/types.js';
import { parseWith } from '../../errors/validation.js';
import { errors } from '../../errors/messages.js';
import { findCustomer } from '../../domain/customers/customers.service.js';
import { createdResponse, deletedResponse } from '../responses.js';
import type { Address } from '../../model/address.js';
import { ADDRESS_COUNT_FILTERS, addressIncludes, addressList } from './addresses.list.js';
import { addressSchemas, checkRequired2021_11, completeAddress } from './addresses.schemas.js';
import { addressSerializers } from './addresses.serializers.js';
import {
  createAddress,
  deleteAddress,
  findAddress,
  updateAddress,
} from '../../domain/addresses/addresses.service.js';
import { US_ONLY, validateUsAddress } from './addresses.validate.js';
import {
  applyAddressDiscount,
  mergeAddresses,
  removeAddressDiscount,
  skipFutureCharge,
} from '../../domain/addresses/address-actions.js';
import { chargeSerializers } from '../charges/charges.serializers.js';
import { discountSchemas } from '../discounts/discounts.schemas.js';
import { discountNamed } from '../../domain/discounts/discounts.service.js';
import { addressActionSchemas } from './addresses.actions.schemas.js';

function render(request: ApiRequest, address: Address): unknown {
  return addressSerializers[request.version](address, request.store);
}

/**
 * An update body sent wrapped, `{"address": {...}}`, as some integrations do (live evidence,
 * api-facts wave 3: the service answers 200); the emulator applies what it wraps, as it takes
 * metafield bodies either way.
 */
function unwrapped(body: Body): Body {
  const keys = Object.keys(body);
  const inner = body.address;
  if (keys.length === 1 && typeof inner === 'object' && inner !== null && !Array.isArray(inner))
    return inner as Body;
  return body;
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
      const fields = completeAddress(parseWith(addressSchemas().create2021_01, request.body));
      const address = createAddress(request, customer.id, fields, 'country');
      return createdResponse(request.routeVersion, { address: render(request, address) });
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
      const { customer_id, fields } = parseWith(addressSchemas().create2021_11, request.body);
      if (!request.store.collections.customers.has(customer_id)) {
        throw errors.field('customer_id', `No customer with id ${customer_id}.`);
      }
      const address = createAddress(request, customer_id, completeAddress(fields), 'country_code');
      return createdResponse(request.routeVersion, { address: render(request, address) });
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
    gate: US_ONLY,
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
    locks: (request) => pathId(request),
    handle: (request) => {
      const id = pathId(request);
      findAddress(request.store, id);
      const body = unwrapped(request.body);
      const fields = parseWith(addressSchemas().update[request.version], body);
      const address = updateAddress(request, id, fields, countryFieldOf(request));
      if (request.version === '2021-11' && body.discounts !== undefined) {
        // Spec: only the first entry is applied; [] removes the discount.
        const [first] = parseWith(addressActionSchemas().discounts, body.discounts);
        if (!first) return { body: { address: render(request, removeAddressDiscount(request, id)) } };
        const { discount, field } = discountNamed(request.store, {
          discount_id: first.id,
          discount_code: first.code,
        });
        return {
          body: {
            address: render(request, applyAddressDiscount(request, id, discount, `discounts.${field}`)),
          },
        };
      }
      return { body: { address: render(request, address) } };
    },
  },
  {
    method: 'POST',
    path: '/addresses/:id/apply_discount',
    scope: 'write_customers',
    summary: 'Apply a discount to the address (every queued charge carries it, surviving regeneration)',
    locks: (request) => pathId(request),
    handle: (request) => {
      const id = pathId(request);
      findAddress(request.store, id);
      const { discount, field } = discountNamed(
        request.store,
        parseWith(discountSchemas().applyDiscount, request.body),
      );
      return { body: { address: render(request, applyAddressDiscount(request, id, discount, field)) } };
    },
  },
  {
    method: 'POST',
    path: '/addresses/:id/remove_discount',
    scope: 'write_customers',
    summary: "Remove the address's discount",
    locks: (request) => pathId(request),
    handle: (request) => {
      const id = pathId(request);
      findAddress(request.store, id);
      return { body: { address: render(request, removeAddressDiscount(request, id)) } };
    },
  },
  {
    method: 'POST',
    path: '/addresses/merge',
    scope: 'write_customers',
    versions: ['2021-11'],
    summary: 'Move the subscriptions of up to 10 addresses to a target address',
    locks: (request) => {
      const target = request.body.target_address as { id?: unknown } | undefined;
      return typeof target?.id === 'number' ? target.id : undefined;
    },
    handle: (request) => {
      const body = parseWith(addressActionSchemas().merge, request.body);
      const address = mergeAddresses(
        request,
        {
          target: body.target_address.id,
          sources: body.source_addresses.map((source) => source.id),
          deleteSources: body.delete_source_addresses ?? false,
          nextChargeDate: body.next_charge_date,
        },
        (id) => deleteAddress(request, id),
      );
      return { body: { address: render(request, address) } };
    },
  },
  {
    method: 'POST',
    path: '/addresses/:id/charges/skip',
    scope: 'write_orders',
    versions: ['2021-11'],
    summary: 'Skip subscriptions on a future date (creates a skipped charge when none exists)',
    locks: (request) => pathId(request),
    handle: (request) => {
      const id = pathId(request);
      findAddress(request.store, id);
      const body = parseWith(addressActionSchemas().skip, request.body);
      const charge = skipFutureCharge(
        request,
        id,
        body.date,
        body.subscription_ids ?? body.purchase_item_ids ?? [],
      );
      return { body: { charge: chargeSerializers[request.version](charge, request.store) } };
    },
  },
  {
    method: 'DELETE',
    path: '/addresses/:id',
    scope: 'write_customers',
    summary: 'Delete an address without active subscriptions',
    locks: (request) => pathId(request),
    handle: (request) => {
      deleteAddress(request, pathId(request));
      return deletedResponse(request.routeVersion);
    },
  },
];
