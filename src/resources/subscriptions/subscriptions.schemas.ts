/** Request bodies of the subscription endpoints, per version, parsed into canonical fields. */
import * as z from 'zod';
import type { ApiVersion } from '../../model/versions.js';
import { onFirstUse } from '../../platform/first-use.js';
import { definedOnly, numeric, schemaParts } from '../schema-parts.js';
import type { SubscriptionChange } from '../../domain/subscriptions/subscriptions.service.js';

export const INTERVAL_UNITS = ['day', 'week', 'month'] as const;

/** The fields of both versions' bodies as sent, before they become a SubscriptionChange. */
function bodies() {
  const {
    amount,
    analyticsData,
    itemIds2021_01,
    itemIds2021_11,
    frequency,
    integerId,
    nameValues,
    optionalText,
    platformIdInput,
  } = schemaParts();

  const common = {
    quantity: numeric(z.number().int().min(1).max(100_000)),
    price: amount,
    product_title: z.string().min(1),
    variant_title: optionalText,
    sku: optionalText,
    sku_override: z.boolean(),
    properties: nameValues,
    charge_interval_frequency: frequency,
    order_interval_frequency: frequency,
    order_interval_unit: z.enum(INTERVAL_UNITS),
    order_day_of_month: numeric(z.number().int().min(1).max(31)).nullable(),
    order_day_of_week: numeric(z.number().int().min(0).max(6)).nullable(),
    expire_after_specific_number_of_charges: numeric(z.number().int().min(1)).nullable(),
    plan_id: integerId.nullable(),
    analytics_data: analyticsData,
  };

  const fields2021_11 = z.object({
    ...common,
    ...itemIds2021_11,
  });

  const fields2021_01 = z.object({
    ...common,
    ...itemIds2021_01,
    // The real 2021-01 API also takes these names; accept them as aliases.
    external_product_id: platformIdInput,
    external_variant_id: platformIdInput,
  });

  return { common, fields2021_11, fields2021_01 };
}

type Parsed2021_11 = Partial<z.output<ReturnType<typeof bodies>['fields2021_11']>>;
type Parsed2021_01 = Partial<z.output<ReturnType<typeof bodies>['fields2021_01']>>;

function shared(body: Parsed2021_11 | Parsed2021_01) {
  return {
    quantity: body.quantity,
    price: body.price,
    product_title: body.product_title,
    variant_title: body.variant_title,
    sku: body.sku,
    sku_override: body.sku_override,
    properties: body.properties,
    charge_interval_frequency: body.charge_interval_frequency,
    order_interval_frequency: body.order_interval_frequency,
    order_interval_unit: body.order_interval_unit,
    order_day_of_month: body.order_day_of_month,
    order_day_of_week: body.order_day_of_week,
    expire_after_specific_number_of_charges: body.expire_after_specific_number_of_charges,
    plan_id: body.plan_id,
    analytics_data: body.analytics_data,
  };
}

function from2021_11(body: Parsed2021_11): SubscriptionChange {
  return definedOnly({
    ...shared(body),
    external_product_id: body.external_product_id?.ecommerce,
    external_variant_id: body.external_variant_id?.ecommerce,
  });
}

function from2021_01(body: Parsed2021_01): SubscriptionChange {
  return definedOnly({
    ...shared(body),
    external_product_id: body.platform_product_id ?? body.external_product_id,
    external_variant_id: body.platform_variant_id ?? body.external_variant_id,
  });
}

export interface SubscriptionCreate {
  readonly address_id: number;
  readonly next_charge_scheduled_at: string;
  readonly fields: SubscriptionChange;
}

/**
 * The request bodies of the subscription endpoints, built on first use (src/platform/first-use.ts):
 * per version the create and update, then the actions' bodies, the same in both.
 */
export const subscriptionSchemas = onFirstUse(() => {
  const { calendarDay, countryField, externalIdObject, frequency, integerId, optionalText, text } =
    schemaParts();
  const { common, fields2021_11, fields2021_01 } = bodies();
  const createExtras = { address_id: integerId, next_charge_scheduled_at: calendarDay };

  const create2021_11 = fields2021_11
    .partial()
    .extend({
      ...createExtras,
      external_variant_id: externalIdObject,
      quantity: common.quantity,
      charge_interval_frequency: frequency,
      order_interval_frequency: frequency,
      order_interval_unit: common.order_interval_unit,
    })
    .transform((body) => ({
      address_id: body.address_id,
      next_charge_scheduled_at: body.next_charge_scheduled_at,
      fields: from2021_11(body),
    }));

  const create2021_01 = fields2021_01
    .partial()
    .extend({
      ...createExtras,
      quantity: common.quantity,
      charge_interval_frequency: frequency,
      order_interval_frequency: frequency,
      order_interval_unit: common.order_interval_unit,
    })
    .superRefine((body, ctx) => {
      if (body.platform_variant_id === undefined && body.external_variant_id === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['platform_variant_id'],
          message: 'Missing data for required field.',
        });
      }
    })
    .transform((body) => ({
      address_id: body.address_id,
      next_charge_scheduled_at: body.next_charge_scheduled_at,
      fields: from2021_01(body),
    }));

  const versions: Record<
    ApiVersion,
    { create: z.ZodType<SubscriptionCreate>; update: z.ZodType<SubscriptionChange> }
  > = {
    '2021-01': { create: create2021_01, update: fields2021_01.partial().transform(from2021_01) },
    '2021-11': { create: create2021_11, update: fields2021_11.partial().transform(from2021_11) },
  };
  return {
    ...versions,
    setNextChargeDate: z.object({ date: calendarDay }),
    changeAddress: z.object({
      address_id: integerId,
      next_charge_scheduled_at: calendarDay.optional(),
    }),
    cancel: z.object({
      cancellation_reason: z.string().min(1).max(255),
      cancellation_reason_comments: z.string().max(5000).nullable().optional(),
      send_email: z.boolean().optional(),
    }),
    /** Skip a charge and send its items to a recipient (2021-11 `skip_gift`). */
    gift: z.object({
      purchase_item_ids: z.array(integerId).min(1),
      recipient_address: z.object({
        email: z.email(),
        first_name: text,
        last_name: text,
        address1: text,
        address2: optionalText,
        city: text,
        company: optionalText,
        province: z.string().nullable(),
        zip: z.string().nullable(),
        country_code: countryField,
        phone: z.string().nullable().optional(),
      }),
    }),
  };
});
