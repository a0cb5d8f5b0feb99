/** Request bodies of the discount endpoints (one shape in both versions). */
import * as z from 'zod';
import { MAX_AMOUNT, numeric, schemaParts } from '../schema-parts.js';
import { onFirstUse } from '../../platform/first-use.js';
import { parseTimestampMs } from '../../platform/calendar.js';
import { toIso } from '../../platform/clock.js';
import {
  CHANNELS,
  DISCOUNT_DURATIONS,
  DISCOUNT_STATUSES,
  DISCOUNT_TYPES,
  PRODUCT_TYPES,
} from '../../model/discount.js';

/** Fields the spec's body and the real 2021-11 body share, built on first use (src/platform/first-use.ts). */
export const discountParts = onFirstUse(() => {
  const { externalIdObject } = schemaParts();
  const timestamp = z
    .string()
    .nullable()
    .transform((value, ctx) => {
      if (value === null) return null;
      const ms = parseTimestampMs(value);
      if (ms === null) {
        ctx.addIssue({ code: 'custom', message: 'Not a valid datetime.' });
        return z.NEVER;
      }
      return toIso(ms);
    });

  const channelSettings = z
    .object(Object.fromEntries(CHANNELS.map((channel) => [channel, z.object({ can_apply: z.boolean() })])))
    .partial();

  // Numbers are bounded and printed as decimals like the strings (String(1e-7) is "1e-7").
  const value = z
    .union([
      z.string().regex(/^\d{1,9}(\.\d{1,4})?$/, 'Not a valid number.'),
      numeric(z.number().nonnegative().max(MAX_AMOUNT)).transform((n) => String(Number(n.toFixed(4)))),
    ])
    .transform(String);

  /** The platform's id of the discount: a string, a number, or the 2021-11 `{ecommerce}` wrapper. */
  const externalDiscountId = z
    .union([
      externalIdObject.transform((id) => id.ecommerce),
      z.string().min(1),
      numeric(z.number().int()).transform(String),
    ])
    .nullable();
  return { timestamp, channelSettings, value, externalDiscountId };
});

/**
 * The request bodies of the discount endpoints (the spec's create, the update) and of the
 * apply_discount actions of addresses and charges, built on first use.
 */
export const discountSchemas = onFirstUse(() => {
  const { timestamp, channelSettings, value, externalDiscountId } = discountParts();
  const create = z
    .object({
      code: z.string().min(1).max(255),
      discount_type: z.enum(DISCOUNT_TYPES),
      duration: z.enum(DISCOUNT_DURATIONS),
      value,
      duration_usage_limit: numeric(z.number().int().min(1)).nullable().optional(),
      applies_to_id: z
        .union([z.string().min(1), numeric(z.number().int().positive())])
        .nullable()
        .optional(),
      applies_to_product_type: z.enum(PRODUCT_TYPES).optional(),
      applies_to_resource: z.enum(['platform_product', 'platform_collection_id']).nullable().optional(),
      channel_settings: channelSettings.optional(),
      ends_at: timestamp.optional(),
      starts_at: timestamp.optional(),
      first_time_customer_restriction: z.string().nullable().optional(),
      once_per_customer: z.boolean().optional(),
      prerequisite_subtotal_min: numeric(z.number().nonnegative().max(MAX_AMOUNT))
        .transform((n) => Number(n.toFixed(2)))
        .nullable()
        .optional(),
      status: z.enum(DISCOUNT_STATUSES).optional(),
      usage_limit: numeric(z.number().int().min(1)).nullable().optional(),
      external_discount_id: externalDiscountId.optional(),
    })
    .superRefine((body, ctx) => {
      if (body.duration === 'usage_limit' && !body.duration_usage_limit) {
        ctx.addIssue({
          code: 'custom',
          path: ['duration_usage_limit'],
          message: 'Missing data for required field.',
        });
      }
      if (body.discount_type !== 'fixed_amount' && Number(body.value) > 100) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage must be between 0 and 100.' });
      }
      if ((body.applies_to_id == null) !== (body.applies_to_resource == null)) {
        ctx.addIssue({
          code: 'custom',
          path: ['applies_to_resource'],
          message: 'applies_to_id and applies_to_resource go together.',
        });
      }
    });

  const update = z.object({
    channel_settings: channelSettings.optional(),
    ends_at: timestamp.optional(),
    starts_at: timestamp.optional(),
    status: z.enum(DISCOUNT_STATUSES).optional(),
    usage_limit: numeric(z.number().int().min(1)).nullable().optional(),
  });

  /** Body of the apply_discount actions: `discount_id` wins over `discount_code` (spec). */
  const applyDiscount = z
    .object({
      discount_code: z.string().min(1).optional(),
      discount_id: numeric(z.number().int().positive()).optional(),
    })
    .refine((body) => body.discount_code !== undefined || body.discount_id !== undefined, {
      message: 'Send discount_code or discount_id.',
      path: ['discount_code'],
    });
  return { create, update, applyDiscount };
});
