/** Bodies of the control routes that seed credit accounts and their adjustments. */
import * as z from 'zod';
import { onFirstUse } from '../../platform/first-use.js';
import { schemaParts } from '../schema-parts.js';
import { catalogParts } from '../products/catalog.schema-parts.js';
import { ADJUSTMENT_TYPES, CREDIT_ACCOUNT_TYPES } from '../../model/credit.js';

/** The seed bodies, built on first use (src/platform/first-use.ts). */
export const creditSchemas = onFirstUse(() => {
  const { currencyCode, integerId } = schemaParts();
  const { amountField, timestampField } = catalogParts();
  return {
    accountSeed: z
      .object({
        customer_id: integerId,
        initial_balance: amountField,
        currency_code: currencyCode.optional(),
        name: z.string().max(255).nullable().optional(),
        type: z.enum(CREDIT_ACCOUNT_TYPES).optional(),
        expires_at: timestampField.nullable().optional(),
        redemption_code: z.string().min(1).max(255).nullable().optional(),
      })
      .strict(),

    adjustmentSeed: z
      .object({
        amount: amountField,
        type: z.enum(ADJUSTMENT_TYPES),
        note: z.string().max(1000).nullable().optional(),
      })
      .strict(),
  };
});
