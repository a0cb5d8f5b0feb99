/**
 * Checkout endpoints of both versions (spec: Checkouts; rule 6: platform A and custom stores
 * only, other platforms get 406 from the gate). Scopes: `read_orders` / `write_orders`, the scope
 * of the checkout webhook topics (the spec names none for the endpoints).
 */
import { chargeCheckout } from '../../domain/checkouts/checkout-completion.js';
import { offeredRates, priceCheckout } from '../../domain/checkouts/checkout-pricing.js';
import { errors } from '../../errors/messages.js';
import { RULE } from '../../domain/messages.js';
import type { ApiRequest, Endpoint, Gate } from '../../http/types.js';
import { parseWith } from '../../errors/validation.js';
import type { Checkout } from '../../model/checkout.js';
import { checkoutSchemas } from './checkouts.schemas.js';
import { serializeCheckout, serializeShippingRate } from './checkouts.serializers.js';
import { createCheckout, findCheckout, updateCheckout } from '../../domain/checkouts/checkouts.service.js';

/** Spec rule 6: checkout endpoints exist only for platform A and custom stores. */
const CHECKOUT_PLATFORMS: Gate = { platforms: ['platform_a', 'custom'] };

const render = (request: ApiRequest, checkout: Checkout) => ({
  checkout: serializeCheckout(checkout, request.version),
});

const tokenOf = (request: ApiRequest) => request.params.token ?? '';

export const checkoutEndpoints: readonly Endpoint[] = [
  {
    method: 'POST',
    path: '/checkouts',
    scope: 'write_orders',
    gate: CHECKOUT_PLATFORMS,
    summary: 'Create a checkout (answers 200, as the spec shows)',
    handle: (request) => {
      const input = parseWith(checkoutSchemas()[request.version].create, request.body);
      return { body: render(request, createCheckout(request, input)) };
    },
  },
  {
    method: 'GET',
    path: '/checkouts/:token',
    scope: 'read_orders',
    gate: CHECKOUT_PLATFORMS,
    summary: 'Retrieve a checkout',
    handle: (request) => ({ body: render(request, findCheckout(request.store, tokenOf(request))) }),
  },
  {
    method: 'PUT',
    path: '/checkouts/:token',
    scope: 'write_orders',
    gate: CHECKOUT_PLATFORMS,
    summary:
      'Update an open checkout (partial_shipping checks only country and zip; shipping_line picks a rate)',
    handle: (request) => {
      const token = tokenOf(request);
      findCheckout(request.store, token);
      const patch = parseWith(checkoutSchemas()[request.version].update, request.body);
      return { body: render(request, updateCheckout(request, token, patch)) };
    },
  },
  {
    method: 'GET',
    path: '/checkouts/:token/shipping_rates',
    scope: 'read_orders',
    gate: CHECKOUT_PLATFORMS,
    summary: "The store's shipping rates for the checkout, each with the totals it would give",
    handle: (request) => {
      const checkout = findCheckout(request.store, tokenOf(request));
      if (!checkout.shipping_address) throw errors.field('shipping_address', RULE.checkout.addressForRates);
      const rates = offeredRates(request.store, checkout).map((rate) =>
        serializeShippingRate(rate, priceCheckout(request.store, checkout, rate)),
      );
      return { body: { shipping_rates: rates } };
    },
  },
  {
    method: 'POST',
    path: '/checkouts/:token/charge',
    scope: 'write_orders',
    gate: CHECKOUT_PLATFORMS,
    summary: 'Pay for a checkout with a payment token (test tokens decide the outcome); completes it',
    handle: (request) => {
      const token = tokenOf(request);
      findCheckout(request.store, token);
      const payment = parseWith(checkoutSchemas().charge, request.body);
      const countryKey = request.version === '2021-01' ? 'country' : 'country_code';
      return { body: { checkout_charge: chargeCheckout(request, token, payment, countryKey) } };
    },
  },
];
