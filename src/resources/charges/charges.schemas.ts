/** Request bodies of the charge actions (one shape in both versions). */
import * as z from 'zod';
import { onFirstUse } from '../../platform/first-use.js';
import { numeric, schemaParts } from '../schema-parts.js';

/** The request bodies of the charge actions, built on first use (src/platform/first-use.ts). */
export const chargeSchemas = onFirstUse(() => {
  const { amount } = schemaParts();
  const itemIds = numeric(z.number().int().positive());
  return {
    changeDate: z.object({ next_charge_date: z.string().min(1) }),
    /** Items to skip or unskip: 2021-11 `purchase_item_ids`, 2021-01 `subscription_id(s)` (strings allowed). */
    skip: z.object({
      purchase_item_ids: z.array(itemIds).optional(),
      subscription_ids: z.array(itemIds).optional(),
      subscription_id: itemIds.optional(),
    }),
    removeDiscount: z.object({ charge_id: itemIds.optional(), address_id: itemIds.optional() }),
    refund: z
      .object({ amount: amount.optional(), full_refund: z.boolean().optional() })
      .refine((body) => body.amount !== undefined || body.full_refund === true, {
        message: 'Missing data for required field.',
        path: ['amount'],
      }),
  };
});
