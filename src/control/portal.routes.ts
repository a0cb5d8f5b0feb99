/**
 * What a customer does in the customer portal, which the API cannot do: update their card
 * (`customer/payment_method_updated`, "from the UI only") and pause a subscription
 * (`subscription/paused`). Each acts like the portal would, with the portal as the event source.
 * Also the test payment tokens a card can carry, for the dashboard's card forms.
 */
import * as z from 'zod';
import { onFirstUse } from '../platform/first-use.js';
import { errors } from '../errors/messages.js';
import { pathId } from '../http/params.js';
import { parseWith } from '../errors/validation.js';
import { recordEvent } from '../domain/events/event-log.js';
import { addInterval } from '../domain/dates.js';
import { TEST_TOKENS } from '../domain/charges/processor.js';
import { customerSerializers } from '../resources/customers/customers.serializers.js';
import {
  createPaymentMethod,
  defaultPaymentMethod,
  updatePaymentMethod,
} from '../domain/payment-methods/payment-methods.service.js';
import { findSubscription, setNextChargeDate } from '../domain/subscriptions/subscriptions.service.js';
import { subscriptionSerializers } from '../resources/subscriptions/subscriptions.serializers.js';
import type { ServiceContext } from '../domain/service-context.js';
import { PORTAL_ACTOR } from '../model/actor.js';
import type { Store } from '../store/store.js';
import type { ControlEndpoint } from './control.types.js';

/** The request schemas of these routes, built on first use (src/platform/first-use.ts). */
const portalSchemas = onFirstUse(() => {
  const paymentMethodBody = z
    .object({
      /** The new card's processor token (a test token picks the outcome of the next charges). */
      processor_payment_method_token: z.string().min(1).max(255),
      /** What the card shows; fields left out describe the token's card (README, "Test payment tokens"). */
      payment_details: z
        .object({
          brand: z.string().min(1).max(50).optional(),
          last4: z
            .string()
            .regex(/^\d{4}$/, 'Must be 4 digits.')
            .optional(),
          exp_month: z.number().int().min(1).max(12).optional(),
          exp_year: z.number().int().min(2000).max(2100).optional(),
        })
        .strict()
        .optional(),
    })
    .strict();

  const pauseBody = z
    .object({
      /** How many of the subscription's intervals the next charge moves out. */
      intervals: z.number().int().min(1).max(52).default(1),
    })
    .strict();
  return { paymentMethod: paymentMethodBody, pause: pauseBody };
});

const ctxOf = (store: Store): ServiceContext => ({ store, actor: PORTAL_ACTOR });

export const portalControlEndpoints: readonly ControlEndpoint[] = [
  {
    method: 'GET',
    path: '/payment_tokens',
    access: 'store',
    summary:
      'The test payment tokens, what a charge paid with each does (any other token succeeds) and the card a payment method saved with it describes; the dashboard offers them for cards',
    handle: () => ({
      body: {
        tokens: Object.entries(TEST_TOKENS).map(([token, { description, card }]) => ({
          token,
          description,
          card: { brand: card.brand, last4: card.last4, expired: card.expired === true },
        })),
      },
    }),
  },
  {
    method: 'POST',
    path: '/portal/customers/:id/payment_method',
    access: 'store',
    summary:
      'The customer updates their card in the portal: the default payment method takes the new token (one is created when there is none); fires customer/payment_method_updated and retries charges in dunning tomorrow',
    body: () => portalSchemas().paymentMethod,
    handle: ({ store, params, body }) => {
      const input = parseWith(portalSchemas().paymentMethod, body);
      const ctx = ctxOf(store);
      const customer = store.collections.customers.get(pathId({ params }));
      if (!customer) throw errors.notFound();
      const current = defaultPaymentMethod(store, customer.id);
      if (current) {
        updatePaymentMethod(ctx, current.id, {
          processor_payment_method_token: input.processor_payment_method_token,
          payment_details: input.payment_details,
          default: true,
        });
      } else {
        createPaymentMethod(ctx, {
          customer_id: customer.id,
          billing_address: null,
          default: true,
          payment_details: input.payment_details,
          payment_type: 'CREDIT_CARD',
          processor_name: 'stripe',
          processor_customer_token: `cus_${store.random.hex(12)}`,
          processor_payment_method_token: input.processor_payment_method_token,
        });
      }
      recordEvent(store, PORTAL_ACTOR, {
        object_type: 'customer',
        verb: 'payment_method_updated',
        object_id: customer.id,
        customer_id: customer.id,
      });
      const updated = store.collections.customers.get(customer.id) ?? customer;
      return { body: { customer: customerSerializers[store.settings.default_api_version](updated, store) } };
    },
  },
  {
    method: 'POST',
    path: '/portal/subscriptions/:id/pause',
    access: 'store',
    summary:
      'The customer pauses a subscription in the portal: its next charge moves out by `intervals` (default 1) of its charge interval; fires subscription/updated and subscription/paused',
    body: () => portalSchemas().pause,
    handle: ({ store, params, body }) => {
      const { intervals } = parseWith(portalSchemas().pause, body);
      const ctx = ctxOf(store);
      const subscription = findSubscription(store, pathId({ params }));
      if (subscription.status !== 'active' || !subscription.next_charge_scheduled_at)
        throw errors.field('status', 'Only an active subscription can be paused.');
      const date = addInterval(
        subscription.next_charge_scheduled_at,
        subscription.order_interval_unit,
        subscription.charge_interval_frequency * intervals,
        subscription.order_day_of_month,
      );
      const paused = setNextChargeDate(ctx, subscription.id, date);
      recordEvent(store, PORTAL_ACTOR, {
        object_type: 'subscription',
        verb: 'paused',
        object_id: paused.id,
        customer_id: paused.customer_id,
      });
      const version = store.settings.default_api_version;
      return { body: { subscription: subscriptionSerializers[version](paused, store) } };
    },
  },
];
