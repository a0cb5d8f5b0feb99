/** Every endpoint of the emulated API, by resource. A newcomer finds an endpoint's file from here. */
import type { Endpoint } from '../http/types.js';
import { accountEndpoints } from './accounts/accounts.routes.js';
import { addressEndpoints } from './addresses/addresses.routes.js';
import { collectionEndpoints } from './collections/collections.routes.js';
import { customerEndpoints } from './customers/customers.routes.js';
import { eventEndpoints } from './events/events.routes.js';
import { metafieldEndpoints } from './metafields/metafields.routes.js';
import { paymentMethodEndpoints } from './payment-methods/payment-methods.routes.js';
import { planEndpoints } from './plans/plans.routes.js';
import { productEndpoints } from './products/products.routes.js';
import { storeEndpoints } from './store/store.routes.js';
import { tokenInformationEndpoints } from './token-information/token-information.routes.js';

export const endpoints: readonly Endpoint[] = [
  ...accountEndpoints,
  ...addressEndpoints,
  ...collectionEndpoints,
  ...customerEndpoints,
  ...eventEndpoints,
  ...metafieldEndpoints,
  ...paymentMethodEndpoints,
  ...planEndpoints,
  ...productEndpoints,
  ...storeEndpoints,
  ...tokenInformationEndpoints,
];
