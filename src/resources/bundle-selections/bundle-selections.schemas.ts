/** Request bodies of the bundle selection endpoints (2021-11). */
import * as z from 'zod';
import { onFirstUse } from '../../platform/first-use.js';
import { numeric, schemaParts } from '../schema-parts.js';

/** The request bodies of the bundle selection endpoints, built on first use (src/platform/first-use.ts). */
export const bundleSelectionSchemas = onFirstUse(() => {
  const { integerId } = schemaParts();
  const item = z.object({
    collection_id: z.union([integerId, z.string().regex(/^\d+$/).transform(Number)]),
    collection_source: z.string().optional(),
    external_product_id: z.union([z.string().min(1), numeric(z.number().int()).transform(String)]),
    external_variant_id: z.union([z.string().min(1), numeric(z.number().int()).transform(String)]),
    quantity: numeric(z.number().int().min(1).max(1000)),
  });
  const create = z.object({
    purchase_item_id: integerId,
    plan_id: integerId.nullable().optional(),
    /** A queued charge of the purchase item: the selection applies to that charge's order only. */
    charge_id: integerId.nullable().optional(),
    items: z.array(item).min(1),
  });
  return { create, update: create.partial() };
});
