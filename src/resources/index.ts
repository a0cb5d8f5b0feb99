/** Every endpoint of the emulated API, by resource. A newcomer finds an endpoint's file from here. */
import type { Endpoint } from '../http/types.js';
import { accountEndpoints } from './accounts/accounts.routes.js';
import { addressEndpoints } from './addresses/addresses.routes.js';
import { asyncBatchEndpoints } from './async-batches/async-batches.routes.js';
import { bundleProductEndpoints } from './bundle-products/bundle-products.routes.js';
import { bundleSelectionEndpoints } from './bundle-selections/bundle-selections.routes.js';
import { chargeEndpoints } from './charges/charges.routes.js';
import { checkoutEndpoints } from './checkouts/checkouts.routes.js';
import { collectionEndpoints } from './collections/collections.routes.js';
import { creditEndpoints } from './credits/credits.routes.js';
import { customerEndpoints } from './customers/customers.routes.js';
import { discountEndpoints } from './discounts/discounts.routes.js';
import { eventEndpoints } from './events/events.routes.js';
import { metafieldEndpoints } from './metafields/metafields.routes.js';
import { notificationEndpoints } from './notifications/notifications.routes.js';
import { onetimeEndpoints } from './onetimes/onetimes.routes.js';
import { orderEndpoints } from './orders/orders.routes.js';
import { paymentMethodEndpoints } from './payment-methods/payment-methods.routes.js';
import { planEndpoints } from './plans/plans.routes.js';
import { productEndpoints } from './products/products.routes.js';
import { retentionStrategyEndpoints } from './retention-strategies/retention-strategies.routes.js';
import { storeEndpoints } from './store/store.routes.js';
import { subscriptionEndpoints } from './subscriptions/subscriptions.routes.js';
import { tokenInformationEndpoints } from './token-information/token-information.routes.js';
import { webhookEndpoints } from './webhooks/webhooks.routes.js';

/**
 * A `GET` only reads (HTTP's safe method): the table marks it `readOnly`, so it runs without a
 * store command (decision 0052); test/core/read-only-endpoints.test.ts fails if one writes.
 */
const markRead = (endpoint: Endpoint): Endpoint =>
  endpoint.method === 'GET' ? { ...endpoint, readOnly: true } : endpoint;

export const endpoints: readonly Endpoint[] = [
  ...accountEndpoints,
  ...addressEndpoints,
  // Batch tasks run through this very table (read when a batch is processed, once it is built).
  ...asyncBatchEndpoints(() => endpoints),
  ...bundleProductEndpoints,
  ...bundleSelectionEndpoints,
  ...chargeEndpoints,
  ...checkoutEndpoints,
  ...collectionEndpoints,
  ...creditEndpoints,
  ...customerEndpoints,
  ...discountEndpoints,
  ...eventEndpoints,
  ...metafieldEndpoints,
  ...notificationEndpoints,
  ...onetimeEndpoints,
  ...orderEndpoints,
  ...paymentMethodEndpoints,
  ...planEndpoints,
  ...productEndpoints,
  ...retentionStrategyEndpoints,
  ...storeEndpoints,
  ...subscriptionEndpoints,
  ...tokenInformationEndpoints,
  ...webhookEndpoints,
].map(markRead);
