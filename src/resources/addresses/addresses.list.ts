/** How addresses are listed, filtered, sorted and extended (`include`). */
import { booleanFilter, idsFilter, indexedIntegerFilter, timestampFilters } from '../../http/list/filters.js';
import type { IncludeSpec } from '../../http/list/include.js';
import type { ListSpec } from '../../http/list/list.js';
import { customerSerializers } from '../customers/customers.serializers.js';
import { serializePaymentMethod } from '../payment-methods/payment-methods.serializers.js';
import type { Address } from './address.model.js';
import { addressSerializers } from './addresses.serializers.js';
import { hasActiveSubscriptions } from './addresses.service.js';

export const addressIncludes: IncludeSpec<Address> = {
  allowed: { '2021-01': ['customer', 'payment_methods'], '2021-11': ['customer', 'payment_methods'] },
  resolve: (address, name, { store, version }) => {
    if (name === 'customer') {
      const customer = store.collections.customers.get(address.customer_id);
      return customer ? customerSerializers[version](customer, store) : null;
    }
    const method = address.payment_method_id
      ? store.collections.payment_methods.get(address.payment_method_id)
      : undefined;
    return method ? [serializePaymentMethod(method, version)] : [];
  },
};

const addresses = (store: Parameters<ListSpec<Address>['collection']>[0]) => store.collections.addresses;

export const addressList: ListSpec<Address> = {
  name: 'addresses',
  collection: addresses,
  filters: {
    ids: idsFilter(),
    customer_id: indexedIntegerFilter(addresses, 'customer_id'),
    discount_id: indexedIntegerFilter(addresses, 'discount_id'),
    is_active: booleanFilter((address, store) => hasActiveSubscriptions(store, address.id)),
    ...timestampFilters<Address>(),
  },
  sorts: { updated_at: (a) => a.updated_at },
  defaultSort: 'id-desc',
  serialize: (address, { store, version }) => addressSerializers[version](address, store),
  includes: addressIncludes,
};

/** Filters GET /addresses/count accepts (2021-01). */
export const ADDRESS_COUNT_FILTERS = [
  'created_at_max',
  'created_at_min',
  'discount_code',
  'discount_id',
  'updated_at_max',
  'updated_at_min',
];
