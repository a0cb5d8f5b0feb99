/** How customers are listed, filtered, sorted and extended (`include`). */
import { idsFilter, enumFilter, indexedStringFilter, timestampFilters } from '../../http/list/filters.js';
import type { ListSpec } from '../../http/list/list.js';
import type { IncludeSpec } from '../../http/list/include.js';
import { addressSerializers } from '../addresses/addresses.serializers.js';
import { metafieldSerializer } from '../metafields/metafields.serializers.js';
import { serializePaymentMethod } from '../payment-methods/payment-methods.serializers.js';
import { subscriptionSerializers } from '../subscriptions/subscriptions.serializers.js';
import type { Customer } from '../../model/customer.js';
import { isActiveNow } from '../../domain/customers/customer-status.js';
import { customerSerializers } from './customers.serializers.js';

export const customerIncludes: IncludeSpec<Customer> = {
  allowed: {
    '2021-01': ['addresses', 'metafields', 'payment_methods', 'subscriptions'],
    '2021-11': ['addresses', 'metafields', 'payment_methods', 'subscriptions'],
  },
  resolve: (customer, name, { store, version }) => {
    switch (name) {
      case 'addresses':
        return store.collections.addresses
          .findBy('customer_id', customer.id)
          .map((address) => addressSerializers[version](address, store));
      case 'metafields':
        return store.collections.metafields
          .findBy('owner', `customer:${customer.id}`)
          .map((metafield) => metafieldSerializer(metafield, version));
      case 'subscriptions':
        return store.collections.subscriptions
          .findBy('customer_id', customer.id)
          .map((subscription) => subscriptionSerializers[version](subscription, store));
      default:
        return store.collections.payment_methods
          .findBy('customer_id', customer.id)
          .map((method) => serializePaymentMethod(method, version));
    }
  },
};

const customers = (store: Parameters<ListSpec<Customer>['collection']>[0]) => store.collections.customers;
const byExternalId = indexedStringFilter(customers, 'external_customer_id');

export const customerList: ListSpec<Customer> = {
  name: 'customers',
  collection: customers,
  filters: {
    ids: idsFilter(),
    email: indexedStringFilter(customers, 'email', (value) => value.toLowerCase()),
    hash: indexedStringFilter(customers, 'hash'),
    platform_customer_id: byExternalId,
    external_customer_id: byExternalId,
    // The status alone: the rest of the customer's facts (dunning) is not read for every record.
    status: enumFilter(['ACTIVE', 'INACTIVE'], (customer, store) =>
      isActiveNow(store, customer.id) ? 'ACTIVE' : 'INACTIVE',
    ),
    ...timestampFilters<Customer>(),
  },
  sorts: { created_at: (c) => c.created_at, updated_at: (c) => c.updated_at },
  defaultSort: 'id-desc',
  serialize: (customer, { store, version }) => customerSerializers[version](customer, store),
  // The serializers read the customer, its subscriptions, charges, orders and payment methods.
  keepsTexts: true,
  includes: customerIncludes,
};

/** Filters GET /customers/count accepts (2021-01). */
export const CUSTOMER_COUNT_FILTERS = [
  'created_at_max',
  'created_at_min',
  'status',
  'updated_at_max',
  'updated_at_min',
];
