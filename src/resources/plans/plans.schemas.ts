/** Request bodies of the 2021-11 plan endpoints, single and bulk. */
import * as z from 'zod';
import { onFirstUse } from '../../platform/first-use.js';
import { numeric, schemaParts } from '../schema-parts.js';
import { catalogParts } from '../products/catalog.schema-parts.js';
import { PLAN_TYPES } from '../../model/plan.js';

/** Items of one plans-bulk request (decision: like list pages, at most 250). */
export const MAX_BULK_PLANS = 250;

/** The request bodies of the plan endpoints, built on first use (src/platform/first-use.ts). */
export const planSchemas = onFirstUse(() => {
  const { integerId, text } = schemaParts();
  const { amountField, countField, externalIdField } = catalogParts();
  const preferences = z.object({
    charge_interval_frequency: countField,
    order_interval_frequency: countField,
    interval_unit: z.enum(['day', 'week', 'month']),
    // Decision: days 29-31 are accepted; in shorter months the order falls on the last day.
    order_day_of_month: numeric(z.number().int().min(1).max(31)).nullable(),
    // 0 = Monday (api-facts: Scheduling).
    order_day_of_week: numeric(z.number().int().min(0).max(6)).nullable(),
    expire_after_specific_number_of_charges: numeric(z.number().int().min(1).max(10_000)).nullable(),
  });

  const display = z.object({ display: z.boolean() });
  const channels = z
    .object({ api: display, checkout_page: display, customer_portal: display, merchant_portal: display })
    .partial();

  const fields = {
    type: z.enum(PLAN_TYPES),
    title: text.max(255),
    external_product_id: externalIdField,
    discount_amount: amountField.nullable(),
    discount_type: z.enum(['percentage', 'fixed_amount']).nullable(),
    sort_order: numeric(z.number().int().min(0).max(1_000_000)),
    // Preferences are partial here: what a plan needs depends on its type (plans.rules.ts).
    subscription_preferences: preferences.partial().nullable(),
    channel_settings: channels,
  };

  const createItem = z.object({
    ...fields,
    external_product_id: fields.external_product_id.optional(),
    discount_amount: fields.discount_amount.optional(),
    discount_type: fields.discount_type.optional(),
    sort_order: fields.sort_order.optional(),
    subscription_preferences: fields.subscription_preferences.optional(),
    channel_settings: fields.channel_settings.optional(),
  });

  const updateItem = z.object(fields).partial();

  const create = createItem.extend({ external_product_id: fields.external_product_id });

  const items = <T extends z.ZodType>(item: T) =>
    z.object({ plans: z.array(item).min(1).max(MAX_BULK_PLANS) });

  return {
    create,
    update: updateItem,
    bulkCreate: items(createItem),
    bulkUpdate: items(updateItem.extend({ id: integerId })),
    bulkDelete: items(z.object({ id: integerId })),
  };
});
