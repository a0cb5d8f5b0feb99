/** Payment method endpoints (2021-11; 2021-01 has payment sources under customers instead). */
import { parseIncludes, withIncludes } from '../../http/list/include.js';
import { listResponse } from '../../http/list/list.js';
import { pathId } from '../../http/params.js';
import type { Endpoint } from '../../http/types.js';
import { parseWith } from '../../errors/validation.js';
import { createdResponse, deletedResponse } from '../responses.js';
import { paymentMethodIncludes, paymentMethodList } from './payment-methods.list.js';
import { paymentMethodSchemas } from './payment-methods.schemas.js';
import { serializePaymentMethod } from './payment-methods.serializers.js';
import {
  createPaymentMethod,
  deletePaymentMethod,
  findPaymentMethod,
  updatePaymentMethod,
} from '../../domain/payment-methods/payment-methods.service.js';

const V2021_11 = ['2021-11'] as const;

export const paymentMethodEndpoints: readonly Endpoint[] = [
  {
    method: 'POST',
    path: '/payment_methods',
    scope: 'write_payment_methods',
    versions: V2021_11,
    summary: 'Create a payment method',
    handle: (request) => {
      const method = createPaymentMethod(request, parseWith(paymentMethodSchemas().create, request.body));
      return createdResponse(request.routeVersion, {
        payment_method: serializePaymentMethod(method, request.version),
      });
    },
  },
  {
    method: 'GET',
    path: '/payment_methods',
    scope: 'read_payment_methods',
    versions: V2021_11,
    summary: 'List payment methods',
    handle: (request) => listResponse(paymentMethodList, request),
  },
  {
    method: 'GET',
    path: '/payment_methods/:id',
    scope: 'read_payment_methods',
    versions: V2021_11,
    summary: 'Retrieve a payment method',
    handle: (request) => {
      const method = findPaymentMethod(request.store, pathId(request));
      const includes = parseIncludes(paymentMethodIncludes, request.query.include, request.version);
      const body = serializePaymentMethod(method, request.version);
      return {
        body: { payment_method: withIncludes(body, method, includes, paymentMethodIncludes, request) },
      };
    },
  },
  {
    method: 'PUT',
    path: '/payment_methods/:id',
    scope: 'write_payment_methods',
    versions: V2021_11,
    summary: 'Update a payment method',
    handle: (request) => {
      const id = pathId(request);
      findPaymentMethod(request.store, id);
      const method = updatePaymentMethod(request, id, parseWith(paymentMethodSchemas().update, request.body));
      return { body: { payment_method: serializePaymentMethod(method, request.version) } };
    },
  },
  {
    method: 'DELETE',
    path: '/payment_methods/:id',
    scope: 'write_payment_methods',
    versions: V2021_11,
    summary: 'Delete a payment method',
    handle: (request) => {
      deletePaymentMethod(request, pathId(request), 'refuse');
      return deletedResponse(request.routeVersion);
    },
  },
];
