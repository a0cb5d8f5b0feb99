/** Bodies of POST /customers/{id}/notifications (api-facts: Notification) and POST /notifications/customer. */
import * as z from 'zod';
import { onFirstUse } from '../../platform/first-use.js';
import { schemaParts } from '../schema-parts.js';
import { TEMPLATE_TYPES } from '../../model/notification.js';

/**
 * The body of POST /customers/{id}/notifications, built on first use (src/platform/first-use.ts);
 * the customer notification's depends on the store (`customerNotification`).
 */
export const notificationSchemas = onFirstUse(() => {
  const { integerId } = schemaParts();
  return {
    create: z.object({
      type: z.enum(['email']),
      template_type: z.enum(TEMPLATE_TYPES),
      template_vars: z
        .object({
          address_id: integerId.nullable().optional(),
          charge_id: integerId.nullable().optional(),
          payment_method_id: integerId.nullable().optional(),
        })
        .optional(),
    }),
  };
});

/** The neutral type of the portal's update-payment notification; the store's word stands for `PLATFORM`. */
const UPDATE_PAYMENT_INFO = 'UPDATE_PAYMENT_INFO';

/**
 * Body of POST /notifications/customer: the type names the platform in capitals
 * (`SHOPIFY_UPDATE_PAYMENT_INFO` on a store whose platform word is `shopify`; the neutral
 * `PLATFORM_UPDATE_PAYMENT_INFO` is understood everywhere, as neutral names are).
 *
 * @example
 * parseWith(customerNotification('shopify'), { type: 'SHOPIFY_UPDATE_PAYMENT_INFO', template_vars: { customer_id: 7 } });
 */
export function customerNotification(platformWord: string) {
  const types = [
    ...new Set([platformWord, 'platform'].map((word) => `${word.toUpperCase()}_${UPDATE_PAYMENT_INFO}`)),
  ];
  const { integerId } = schemaParts();
  return z.object({
    type: z.enum(types as [string, ...string[]]),
    template_vars: z.object({
      customer_id: integerId,
      payment_method_id: integerId.nullable().optional(),
    }),
  });
}
