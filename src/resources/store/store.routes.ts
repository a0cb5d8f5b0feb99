import type { Endpoint } from '../../http/types.js';
import { serializeStore } from './store.serializers.js';

export const storeEndpoints: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/store',
    scope: 'read_store',
    summary: 'Retrieve the store',
    handle: ({ store, version }) => ({ body: { store: serializeStore(store, version) } }),
  },
];
