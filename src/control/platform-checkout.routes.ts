/**
 * A purchase on platform B's checkout. Spec rule 6: checkout endpoints exist only for platform A
 * and custom stores, "checkouts on platform B go through platform B", so a platform-B store's
 * buyers check out where the API cannot reach. This route stands for that checkout: it prices and
 * charges the purchase like `POST /checkouts` + `/charge` and makes what they make (customer,
 * address, subscriptions with their first recurring charge, the checkout charge and its order),
 * without `checkout/*` events (the service has no checkout there). The discount code is redeemed
 * through the channel of the store's checkout: `checkout_page` on the service-hosted checkout of
 * `platform_b_hosted`, none on the platform-B-hosted checkout of `platform_b_native`, where the
 * checkout-page channel setting is not applied (spec: Discount `channel_settings`).
 */
import * as z from 'zod';
import { onFirstUse } from '../platform/first-use.js';
import { chargeCheckout } from '../domain/checkouts/checkout-completion.js';
import { errors } from '../errors/messages.js';
import { parseWith } from '../errors/validation.js';
import { checkoutSchemas } from '../resources/checkouts/checkouts.schemas.js';
import { serializeCheckout } from '../resources/checkouts/checkouts.serializers.js';
import { createCheckout, findCheckout } from '../domain/checkouts/checkouts.service.js';
import type { ServiceContext } from '../domain/service-context.js';
import { PLATFORM_CHECKOUT_ACTOR } from '../model/actor.js';
import type { ControlEndpoint } from './control.types.js';

/** The body of a platform-B purchase, built on first use (src/platform/first-use.ts). */
const purchaseBody = onFirstUse(() => {
  const checkouts = checkoutSchemas();
  return z
    .object({
      /** What `POST /checkouts` takes (2021-11 form); `email` and `shipping_address` are needed. */
      checkout: checkouts['2021-11'].create,
      /** What `POST /checkouts/{token}/charge` takes. */
      payment: checkouts.charge,
    })
    .strict();
});

const PLATFORM_B = ['platform_b_hosted', 'platform_b_native'];

export const platformCheckoutControlEndpoints: readonly ControlEndpoint[] = [
  {
    method: 'POST',
    path: '/platform_checkouts',
    access: 'store',
    summary:
      "A buyer completes platform B's checkout (platform_b_* stores; spec rule 6): `{checkout, payment}` as POST /checkouts and its charge take them; makes the customer, address, subscriptions, checkout charge and order, without checkout/* events; on platform_b_native the discount's checkout_page channel setting is not applied",
    status: 201,
    body: purchaseBody,
    handle: ({ store, body }) => {
      if (!PLATFORM_B.includes(store.settings.platform)) {
        throw errors.field(
          'platform',
          `Only platform B stores check out on platform B; a ${store.settings.platform} store uses POST /checkouts.`,
        );
      }
      const input = parseWith(purchaseBody(), body);
      const ctx: ServiceContext = { store, actor: PLATFORM_CHECKOUT_ACTOR };
      const open = createCheckout(ctx, { ...input.checkout, external_checkout_source: 'platform_b' }, false);
      try {
        const checkoutCharge = chargeCheckout(ctx, open.token, input.payment, 'country_code', false);
        const completed = findCheckout(store, open.token);
        const version = store.settings.default_api_version;
        return {
          status: 201,
          body: { checkout: serializeCheckout(completed, version), checkout_charge: checkoutCharge },
        };
      } catch (error) {
        // A refused purchase leaves nothing behind: platform B keeps its open checkouts itself.
        store.collections.checkouts.delete(open.id);
        throw error;
      }
    },
  },
];
