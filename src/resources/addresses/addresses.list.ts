/** How addresses are listed, filtered, sorted and extended (`include`). */
import { booleanFilter, idsFilter, indexedIntegerFilter, timestampFilters } from '../../http/list/filters.js';
import type { IncludeSpec } from '../../http/list/include.js';
import type { ListSpec } from '../../http/list/list.js';
import { customerSerializers } from '../customers/customers.serializers.js';
import { serializePaymentMethod } from '../payment-methods/payment-methods.serializers.js';
import { serializeDiscount } from '../discounts/discounts.serializers.js';
import { subscriptionSerializers } from '../subscriptions/subscriptions.serializers.js';
import type { Address } from '../../model/address.js';
import { addressSerializers } from './addresses.serializers.js';
import { hasActiveSubscriptions } from '../../domain/addresses/addresses.service.js';

export const addressIncludes: IncludeSpec<Address> = {
  allowed: {
    '2021-01': ['customer', 'discount', 'payment_methods', 'subscriptions'],
    '2021-11': ['customer', 'discount', 'payment_methods', 'subscriptions'],
  },
  resolve: (address, name, { store, version }) => {
    if (name === 'customer') {
      const customer = store.collections.customers.get(address.customer_id);
      return customer ? customerSerializers[version](customer, store) : null;
    }
    if (name === 'discount') {
      const discount =
        address.discount_id === null ? undefined : store.collections.discounts.get(address.discount_id);
      return discount ? serializeDiscount(discount, store, version) : null;
    }
    if (name === 'subscriptions') {
      return store.collections.subscriptions
        .findBy('address_id', address.id)
        .map((subscription) => subscriptionSerializers[version](subscription, store));
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
    discount_code: (raw, request) => {
      const discount = request.store.collections.discounts.findOne('code', raw.trim().toLowerCase());
      return {
        candidates: discount ? request.store.collections.addresses.idsBy('discount_id', discount.id) : [],
      };
    },
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
