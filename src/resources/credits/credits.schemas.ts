/** Bodies of the control routes that seed credit accounts and their adjustments. */
import * as z from 'zod';
import { currencyCode, integerId } from '../schema-parts.js';
import { amountField, timestampField } from '../products/catalog.schema-parts.js';
import { ADJUSTMENT_TYPES, CREDIT_ACCOUNT_TYPES } from '../../model/credit.js';

export const creditAccountSeed = z
  .object({
    customer_id: integerId,
    initial_balance: amountField,
    currency_code: currencyCode.optional(),
    name: z.string().max(255).nullable().optional(),
    type: z.enum(CREDIT_ACCOUNT_TYPES).optional(),
    expires_at: timestampField.nullable().optional(),
    redemption_code: z.string().min(1).max(255).nullable().optional(),
  })
  .strict();

export const creditAdjustmentSeed = z
  .object({
    amount: amountField,
    type: z.enum(ADJUSTMENT_TYPES),
    note: z.string().max(1000).nullable().optional(),
  })
  .strict();

export type CreditAccountSeed = z.output<typeof creditAccountSeed>;
export type CreditAdjustmentSeed = z.output<typeof creditAdjustmentSeed>;
