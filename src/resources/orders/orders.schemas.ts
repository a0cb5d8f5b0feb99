/** Request bodies of the order endpoints (one shape in both versions). */
import * as z from 'zod';
import { onFirstUse } from '../../platform/first-use.js';
import { schemaParts } from '../schema-parts.js';

/** The request bodies of the order endpoints, built on first use (src/platform/first-use.ts). */
export const orderSchemas = onFirstUse(() => {
  const { calendarDay, countryField, nameValues, optionalText, platformIdInput, postalTextFields } =
    schemaParts();
  return {
    update: z.object({
      shipping_address: z
        .object({
          ...postalTextFields,
          country_code: countryField.nullable().optional(),
        })
        .optional(),
      note: optionalText,
      order_attributes: nameValues.optional(),
      scheduled_at: calendarDay.optional(),
    }),
    clone: z.object({ scheduled_at: calendarDay }),
    delay: z.object({ scheduled_at: calendarDay.optional() }),
    // 2021-01 actions published clients call (api-facts: "Live evidence, wave 3").
    // `shipping_date` (the Ruby client, api-facts); a published Python client sends `scheduled_at`.
    changeDate: z
      .object({ shipping_date: calendarDay.optional(), scheduled_at: calendarDay.optional() })
      .transform((body, ctx) => {
        const date = body.shipping_date ?? body.scheduled_at;
        if (date === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['shipping_date'],
            message: 'Missing data for required field.',
          });
          return z.NEVER;
        }
        return { shipping_date: date };
      }),
    swapVariant: z.object({ new_platform_variant_id: platformIdInput }),
  };
});
