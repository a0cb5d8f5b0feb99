/**
 * Request bodies of the checkout endpoints (spec: Checkouts). Both versions take the same fields;
 * addresses take `country_code` or a `country` name, and 2021-11 line items may name their product
 * and variant as `external_product_id` / `external_variant_id` objects, as its other records do.
 */
import { FIELD } from '../../errors/messages.js';
import * as z from 'zod';
import type { ApiVersion } from '../../model/versions.js';
import { onFirstUse } from '../../platform/first-use.js';
import { numeric, postalAddress, schemaParts } from '../schema-parts.js';
import type { PostalAddress } from '../../model/shared.js';
import type { CheckoutPatch, LineInput } from '../../domain/checkouts/checkout-inputs.js';
import { INTERVAL_UNITS } from '../subscriptions/subscriptions.schemas.js';
import { CHECKOUT_PAYMENT_TYPES, CHECKOUT_PROCESSORS, CHECKOUT_SOURCES } from '../../model/checkout.js';

/** A line item; `strict` (updates, spec) also requires `product_id`. */
function lineItem(strict: boolean) {
  const { externalIdObject, frequency, nameValues, platformIdInput } = schemaParts();
  const dayOfMonth = numeric(z.number().int().min(1).max(31)).nullable().optional();
  const dayOfWeek = numeric(z.number().int().min(0).max(6)).nullable().optional();
  return z
    .object({
      product_id: platformIdInput.optional(),
      variant_id: platformIdInput.optional(),
      external_product_id: externalIdObject.optional(),
      external_variant_id: externalIdObject.optional(),
      quantity: numeric(z.number().int().min(1).max(10_000)),
      properties: nameValues.optional(),
      requires_shipping: z.boolean().optional(),
      taxable: z.boolean().optional(),
      // Spec: fulfillment_service is 'manual'; other values are taken and ignored.
      fulfillment_service: z.string().nullable().optional(),
      charge_interval_frequency: frequency.nullable().optional(),
      order_interval_frequency: frequency.nullable().optional(),
      order_interval_unit: z.enum(INTERVAL_UNITS).nullable().optional(),
      order_day_of_month: dayOfMonth,
      order_day_of_week: dayOfWeek,
      cutoff_day_of_month: dayOfMonth,
      cutoff_day_of_week: dayOfWeek,
      expire_after_specific_number_of_charges: numeric(z.number().int().min(1)).nullable().optional(),
    })
    .superRefine((line, ctx) => {
      if (line.variant_id === undefined && line.external_variant_id === undefined)
        ctx.addIssue({ code: 'custom', path: ['variant_id'], message: FIELD.required });
      if (strict && line.product_id === undefined && line.external_product_id === undefined)
        ctx.addIssue({ code: 'custom', path: ['product_id'], message: FIELD.required });
    })
    .transform((line): LineInput => ({
      product_id: line.product_id ?? line.external_product_id?.ecommerce,
      variant_id: line.variant_id ?? line.external_variant_id?.ecommerce ?? '',
      quantity: line.quantity,
      properties: line.properties,
      requires_shipping: line.requires_shipping,
      taxable: line.taxable,
      charge_interval_frequency: line.charge_interval_frequency,
      order_interval_frequency: line.order_interval_frequency,
      order_interval_unit: line.order_interval_unit,
      order_day_of_month: line.order_day_of_month,
      order_day_of_week: line.order_day_of_week,
      cutoff_day_of_month: line.cutoff_day_of_month,
      cutoff_day_of_week: line.cutoff_day_of_week,
      expire_after_specific_number_of_charges: line.expire_after_specific_number_of_charges,
    }));
}

/** An address; which fields it must have is checked afterwards (complete, or partial shipping). */
function address(version: ApiVersion) {
  const { countryField, postalTextFields } = schemaParts();
  const countryKey = version === '2021-01' ? 'country' : 'country_code';
  return z
    .object({
      ...postalTextFields,
      country: countryField.optional(),
      country_code: countryField.optional(),
    })
    .superRefine((value, ctx) => {
      if (value.country === undefined && value.country_code === undefined)
        ctx.addIssue({ code: 'custom', path: [countryKey], message: FIELD.required });
    })
    .transform((value): PostalAddress => postalAddress(value, value.country_code ?? value.country));
}

function fields(version: ApiVersion, strictLines: boolean) {
  const { analyticsData, currencyCode, nameValues } = schemaParts();
  /** The rate chosen (an addition: the spec shows `shipping_line` on the record, not how to set it). */
  const rateChoice = z
    .object({ handle: z.string().min(1).optional(), code: z.string().min(1).optional() })
    .refine((choice) => choice.handle !== undefined || choice.code !== undefined, {
      message: 'Send the handle (or code) of one of the checkout’s shipping rates.',
      path: ['handle'],
    });
  return {
    line_items: z.array(lineItem(strictLines)).min(1).max(100),
    analytics_data: analyticsData,
    billing_address: address(version).nullable(),
    buyer_accepts_marketing: z.boolean(),
    currency: currencyCode,
    discount_code: z.string().max(255).nullable(),
    email: z.email().nullable(),
    external_checkout_id: z.string().max(255).nullable(),
    external_checkout_source: z.enum(CHECKOUT_SOURCES).nullable(),
    external_checkout_customer_id: z.string().max(255).nullable(),
    note: z.string().max(5000).nullable(),
    note_attributes: nameValues,
    phone: z.string().max(64).nullable(),
    shipping_address: address(version).nullable(),
    shipping_line: z
      .union([rateChoice, z.array(rateChoice).max(1)])
      .nullable()
      .transform((choice) => (Array.isArray(choice) ? (choice[0] ?? null) : choice)),
  };
}

function createSchema(version: ApiVersion) {
  const all = fields(version, false);
  return z.object(all).partial().required({ line_items: true });
}

function updateSchema(version: ApiVersion) {
  return z.object({ ...fields(version, true), partial_shipping: z.boolean() }).partial();
}

export type CheckoutCreate = z.output<ReturnType<typeof createSchema>>;

/**
 * The request bodies of the checkout endpoints, built on first use (src/platform/first-use.ts):
 * per version the create and update, then the charge's body, the same in both.
 */
export const checkoutSchemas = onFirstUse(() => {
  const versions: Record<
    ApiVersion,
    { create: z.ZodType<CheckoutCreate>; update: z.ZodType<CheckoutPatch> }
  > = {
    '2021-01': { create: createSchema('2021-01'), update: updateSchema('2021-01') },
    '2021-11': { create: createSchema('2021-11'), update: updateSchema('2021-11') },
  };
  return {
    ...versions,
    charge: z.object({
      payment_processor: z.enum(CHECKOUT_PROCESSORS),
      payment_token: z.string().min(1).max(255),
      payment_type: z.enum(CHECKOUT_PAYMENT_TYPES).optional(),
    }),
  };
});
