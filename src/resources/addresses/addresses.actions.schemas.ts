/** Bodies of the address actions: merge, skip a future charge, the 2021-11 `discounts` array. */
import * as z from 'zod';
import { onFirstUse } from '../../platform/first-use.js';
import { schemaParts } from '../schema-parts.js';

/** The bodies of the address actions, built on first use (src/platform/first-use.ts). */
export const addressActionSchemas = onFirstUse(() => {
  const { integerId } = schemaParts();
  const idObject = z.object({ id: integerId });
  const itemId = z.union([integerId, z.string().regex(/^\d+$/).transform(Number)]);

  return {
    merge: z.object({
      target_address: idObject,
      source_addresses: z.array(idObject).min(1).max(10),
      delete_source_addresses: z.boolean().optional(),
      next_charge_date: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}/, 'Not a valid date.')
        .transform((value) => value.slice(0, 10))
        .optional(),
    }),
    skip: z
      .object({
        date: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}/, 'Not a valid date.')
          .transform((value) => value.slice(0, 10)),
        subscription_ids: z.array(itemId).min(1).optional(),
        purchase_item_ids: z.array(itemId).min(1).optional(),
      })
      .refine((body) => body.subscription_ids !== undefined || body.purchase_item_ids !== undefined, {
        message: 'Missing data for required field.',
        path: ['subscription_ids'],
      }),
    discounts: z.array(
      z
        .object({ id: integerId.optional(), code: z.string().min(1).optional() })
        .refine((d) => d.id !== undefined || d.code !== undefined, 'Each discount needs an id or a code.'),
    ),
  };
});
