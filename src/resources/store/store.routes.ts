import type { Endpoint } from '../../http/types.js';
import { shippingCountries, shopAnswer } from './shop.serializers.js';
import { rootStore } from './root.serializers.js';
import { serializeStore } from './store.serializers.js';

export const storeEndpoints: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/',
    scope: 'read_store',
    summary: "The store in the service's older form (integrations' connection test)",
    handle: ({ store }) => ({ body: { store: rootStore(store) } }),
  },
  {
    method: 'GET',
    path: '/store',
    scope: 'read_store',
    summary: 'Retrieve the store',
    handle: ({ store, version }) => ({ body: { store: serializeStore(store, version) } }),
  },
  {
    method: 'GET',
    path: '/shop',
    scope: 'read_store',
    versions: ['2021-01'],
    summary: 'Retrieve the store as the 2021-01 shop record (under `shop` and `store`)',
    handle: ({ store }) => ({ body: shopAnswer(store) }),
  },
  {
    method: 'GET',
    path: '/shop/shipping_countries',
    scope: 'read_store',
    versions: ['2021-01'],
    summary: 'The countries the store ships to, with their provinces (2021-01)',
    handle: ({ store }) => ({ body: { shipping_countries: shippingCountries(store) } }),
  },
];
