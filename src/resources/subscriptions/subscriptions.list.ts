/** How subscriptions are listed, filtered, sorted and extended (`include`). */
import {
  enumFilter,
  idsFilter,
  indexedIntegerFilter,
  stringFilter,
  timestampFilters,
} from '../../http/list/filters.js';
import type { IncludeSpec } from '../../http/list/include.js';
import type { ListSpec } from '../../http/list/list.js';
import { addressSerializers } from '../addresses/addresses.serializers.js';
import { customerSerializers } from '../customers/customers.serializers.js';
import { metafieldSerializer } from '../metafields/metafields.serializers.js';
import { serializeSelection } from '../bundle-selections/bundle-selections.serializers.js';
import { findVariant } from '../../domain/products/products.service.js';
import { serializeBundleProduct } from '../bundle-products/bundle-products.serializers.js';
import { SUBSCRIPTION_STATUSES, type Subscription } from '../../model/subscription.js';
import { subscriptionSerializers } from './subscriptions.serializers.js';

export const subscriptionIncludes: IncludeSpec<Subscription> = {
  allowed: {
    '2021-01': ['address', 'metafields'],
    '2021-11': ['address', 'customer', 'metafields', 'bundle_product', 'bundle_selections'],
  },
  resolve: (subscription, name, { store, version }) => {
    switch (name) {
      case 'address': {
        const address = store.collections.addresses.get(subscription.address_id);
        return address ? addressSerializers[version](address, store) : null;
      }
      case 'customer': {
        const customer = store.collections.customers.get(subscription.customer_id);
        return customer ? customerSerializers[version](customer, store) : null;
      }
      case 'metafields':
        return store.collections.metafields
          .findBy('owner', `subscription:${subscription.id}`)
          .map((metafield) => metafieldSerializer(metafield, version));
      case 'bundle_product': {
        const found = findVariant(store, subscription.external_variant_id);
        return found?.variant.bundle ? serializeBundleProduct(found.product) : null;
      }
      default:
        return store.collections.bundle_selections
          .findBy('purchase_item_id', subscription.id)
          .map((selection) => serializeSelection(selection, version));
    }
  },
};

const subscriptions = (store: Parameters<ListSpec<Subscription>['collection']>[0]) =>
  store.collections.subscriptions;
const byVariant = stringFilter<Subscription>((s) => s.external_variant_id);
const byProduct = stringFilter<Subscription>((s) => s.external_product_id);

export const subscriptionList: ListSpec<Subscription> = {
  name: 'subscriptions',
  collection: subscriptions,
  filters: {
    ids: idsFilter(),
    address_id: indexedIntegerFilter(subscriptions, 'address_id'),
    customer_id: indexedIntegerFilter(subscriptions, 'customer_id'),
    status: enumFilter(SUBSCRIPTION_STATUSES, (s) => s.status),
    external_variant_id: byVariant,
    platform_variant_id: byVariant,
    external_product_id: byProduct,
    platform_product_id: byProduct,
    ...timestampFilters<Subscription>(),
  },
  sorts: { created_at: (s) => s.created_at, updated_at: (s) => s.updated_at },
  defaultSort: 'id-desc',
  serialize: (subscription, { store, version }) => subscriptionSerializers[version](subscription, store),
  includes: subscriptionIncludes,
};

export const SUBSCRIPTION_COUNT_FILTERS = [
  'address_id',
  'customer_id',
  'status',
  'created_at_min',
  'created_at_max',
  'updated_at_min',
  'updated_at_max',
];
