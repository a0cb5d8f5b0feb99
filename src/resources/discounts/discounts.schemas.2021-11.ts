/**
 * The 2021-11 discount create body real clients send (api-facts: real clients and recorded
 * responses): `value_type`, `applies_to{purchase_item_type, resource, ids}`, `usage_limits{...}`,
 * `channel_settings`, `status`, `starts_at`, `ends_at`, `external_discount_id`. It is mapped onto
 * the canonical create input here, at the version edge; the service never sees it. A body in the
 * spec's shape (`discount_type`, `duration`, ...) keeps working.
 */
import * as z from 'zod';
import type { Body } from '../../http/types.js';
import type { ApiVersion } from '../../model/versions.js';
import { numeric } from '../schema-parts.js';
import { DISCOUNT_STATUSES, DISCOUNT_TYPES, FIRST_TIME_ONLY, PRODUCT_TYPES } from '../../model/discount.js';
import { onFirstUse } from '../../platform/first-use.js';
import { discountParts, discountSchemas } from './discounts.schemas.js';

export type DiscountCreateInput = z.output<ReturnType<typeof discountSchemas>['create']>;

/** The real 2021-11 create body, mapped onto the spec's; built on first use (src/platform/first-use.ts). */
const realCreate = onFirstUse((): z.ZodType<DiscountCreateInput> => {
  const { timestamp, channelSettings, value, externalDiscountId } = discountParts();
  const appliesTo = z.object({
    purchase_item_type: z.enum(PRODUCT_TYPES).optional(),
    resource: z.enum(['platform_product', 'platform_collection_id']).nullable().optional(),
    // The emulator's discounts apply to one product or collection (decision 0019): more ids are refused.
    ids: z
      .array(z.union([z.string().min(1), numeric(z.number().int().positive())]))
      .max(1, 'The emulator applies a discount to one product or collection; send at most one id.')
      .optional(),
  });

  const usageLimits = z.object({
    first_time_customer_restriction: z.boolean().optional(),
    one_application_per_customer: z.boolean().optional(),
    max_subsequent_redemptions: numeric(z.number().int().min(1)).nullable().optional(),
  });

  return z
    .object({
      code: z.string().min(1).max(255),
      value,
      value_type: z.enum(DISCOUNT_TYPES),
      applies_to: appliesTo.optional(),
      usage_limits: usageLimits.optional(),
      channel_settings: channelSettings.optional(),
      status: z.enum(DISCOUNT_STATUSES).optional(),
      starts_at: timestamp.optional(),
      ends_at: timestamp.optional(),
      external_discount_id: externalDiscountId.optional(),
    })
    .superRefine((body, ctx) => {
      if (body.value_type !== 'fixed_amount' && Number(body.value) > 100) {
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage must be between 0 and 100.' });
      }
      const ids = body.applies_to?.ids ?? [];
      if ((ids.length === 0) !== (body.applies_to?.resource == null)) {
        ctx.addIssue({
          code: 'custom',
          path: ['applies_to', 'resource'],
          message: 'applies_to.ids and applies_to.resource go together.',
        });
      }
    })
    .transform((body): DiscountCreateInput => {
      const limits = body.usage_limits ?? {};
      const maxRedemptions = limits.max_subsequent_redemptions ?? null;
      return {
        code: body.code,
        discount_type: body.value_type,
        value: body.value,
        // A limit on re-applications is the spec's `usage_limit` duration; none is `forever`.
        duration: maxRedemptions === null ? 'forever' : 'usage_limit',
        duration_usage_limit: maxRedemptions,
        applies_to_id: body.applies_to?.ids?.[0] ?? null,
        applies_to_resource: body.applies_to?.resource ?? null,
        applies_to_product_type: body.applies_to?.purchase_item_type,
        channel_settings: body.channel_settings,
        starts_at: body.starts_at,
        ends_at: body.ends_at,
        first_time_customer_restriction: limits.first_time_customer_restriction ? FIRST_TIME_ONLY : null,
        once_per_customer: limits.one_application_per_customer,
        status: body.status,
        external_discount_id: body.external_discount_id,
      };
    });
});

/** Fields only the real 2021-11 body has: their presence picks its parser. */
const REAL_FIELDS = ['value_type', 'applies_to', 'usage_limits'];

/**
 * The create schema for a request: the real 2021-11 body when it names one of its own fields,
 * else the spec's body (both versions).
 *
 * @example discountCreateFor('2021-11', { code: 'X', value: '10', value_type: 'percentage' })
 */
export function discountCreateFor(version: ApiVersion, body: Body): z.ZodType<DiscountCreateInput> {
  if (version === '2021-11' && REAL_FIELDS.some((field) => field in body)) return realCreate();
  return discountSchemas().create;
}
