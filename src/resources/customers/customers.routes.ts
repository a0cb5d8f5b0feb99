/** Customer endpoints of both versions (spec: Customers). */
import { countResponse, listResponse } from '../../http/list/list.js';
import { parseIncludes, withIncludes } from '../../http/list/include.js';
import { pathId } from '../../http/params.js';
import type { ApiRequest, Endpoint } from '../../http/types.js';
import { parseWith } from '../../errors/validation.js';
import { createdResponse, deletedResponse } from '../responses.js';
import { serializePaymentSource } from '../payment-methods/payment-methods.serializers.js';
import type { Customer } from '../../model/customer.js';
import { CUSTOMER_COUNT_FILTERS, customerIncludes, customerList } from './customers.list.js';
import { customerSchemas, type CustomerChange } from './customers.schemas.js';
import { customerSerializers } from './customers.serializers.js';
import {
  createCustomer,
  deleteCustomer,
  findCustomer,
  updateCustomer,
} from '../../domain/customers/customers.service.js';
import { paymentSourceList } from '../payment-methods/payment-methods.list.js';
import { deliverySchedule } from './delivery-schedule.js';
import { parseInteger } from '../../http/list/params.js';
import { errors } from '../../errors/messages.js';

function boundedInteger(name: string, raw: string, min: number, max: number): number {
  const value = parseInteger(name, raw);
  if (value < min || value > max) throw errors.field(name, `Must be between ${min} and ${max}.`);
  return value;
}

function render(request: ApiRequest, customer: Customer): unknown {
  return customerSerializers[request.version](customer, request.store);
}

/** Payment token data needs the payments write scope (spec: Customers 2021-01; api-facts names it write_payments). */
function authorizeTokens(request: ApiRequest, change: CustomerChange): void {
  if (Object.keys(change.tokens).length) request.authorize('write_payments');
}

export const customerEndpoints: readonly Endpoint[] = [
  {
    method: 'POST',
    path: '/customers',
    scope: 'write_customers',
    summary: 'Create a customer',
    handle: (request) => {
      const change = parseWith(customerSchemas()[request.version].create, request.body);
      authorizeTokens(request, change);
      const fields = change.fields as Parameters<typeof createCustomer>[1];
      return createdResponse(request.routeVersion, {
        customer: render(request, createCustomer(request, fields, change.tokens)),
      });
    },
  },
  {
    method: 'GET',
    path: '/customers',
    scope: 'read_customers',
    summary: 'List customers',
    handle: (request) => listResponse(customerList, request),
  },
  {
    method: 'GET',
    path: '/customers/count',
    scope: 'read_customers',
    versions: ['2021-01'],
    summary: 'Count customers',
    handle: (request) => countResponse(customerList, request, CUSTOMER_COUNT_FILTERS),
  },
  {
    method: 'GET',
    path: '/customers/:id',
    scope: 'read_customers',
    summary: 'Retrieve a customer',
    handle: (request) => {
      const customer = findCustomer(request.store, pathId(request));
      const includes = parseIncludes(customerIncludes, request.query.include, request.version);
      return {
        body: {
          customer: withIncludes(render(request, customer), customer, includes, customerIncludes, request),
        },
      };
    },
  },
  {
    method: 'PUT',
    path: '/customers/:id',
    scope: 'write_customers',
    summary: 'Update a customer',
    handle: (request) => {
      const id = pathId(request);
      findCustomer(request.store, id);
      const change = parseWith(customerSchemas()[request.version].update, request.body);
      authorizeTokens(request, change);
      return {
        body: { customer: render(request, updateCustomer(request, id, change.fields, change.tokens)) },
      };
    },
  },
  {
    method: 'DELETE',
    path: '/customers/:id',
    scope: 'write_customers',
    summary: 'Delete a customer with its addresses, payment methods and metafields',
    handle: (request) => {
      deleteCustomer(request, pathId(request));
      return deletedResponse(request.routeVersion);
    },
  },
  {
    method: 'GET',
    path: '/customers/:id/delivery_schedule',
    scope: 'read_customers',
    versions: ['2021-11'],
    summary: "The customer's coming deliveries (prepaid subscriptions give one per order)",
    handle: (request) => {
      const customer = findCustomer(request.store, pathId(request));
      const count = request.query.delivery_count_future;
      const days = request.query.future_interval_days;
      const window = {
        count: count === undefined ? 6 : boundedInteger('delivery_count_future', count, 1, 50),
        days: days === undefined ? 90 : boundedInteger('future_interval_days', days, 1, 365),
      };
      return { body: deliverySchedule(request.store, customer.id, window) };
    },
  },
  {
    method: 'GET',
    path: '/customers/:id/payment_sources',
    scope: 'read_payment_methods',
    versions: ['2021-01'],
    summary: "List a customer's payment sources (deprecated)",
    handle: (request) => {
      const id = pathId(request);
      findCustomer(request.store, id);
      const sources = paymentSourceList(request, id).map((method) =>
        serializePaymentSource(method, request.store),
      );
      return { body: { payment_sources: sources } };
    },
  },
];
