/** Request bodies of the retention strategy endpoints (2021-11). */
import * as z from 'zod';
import { CANCELLATION_FLOW_TYPES, INCENTIVE_TYPES } from '../../model/retention-strategy.js';

const fields = {
  cancellation_flow_type: z.enum(CANCELLATION_FLOW_TYPES),
  incentive_type: z.enum(INCENTIVE_TYPES),
  discount_code: z.string().trim().min(1).max(255).nullable(),
  prevention_text: z.string().max(2000).nullable(),
  reason: z.string().trim().min(1).max(255),
};

export const retentionStrategyCreate = z.object({
  ...fields,
  // Decision 0012: the subscription flow unless told otherwise.
  cancellation_flow_type: fields.cancellation_flow_type.default('subscription'),
  discount_code: fields.discount_code.optional(),
  prevention_text: fields.prevention_text.optional(),
});

export const retentionStrategyUpdate = z.object(fields).partial();

export type RetentionStrategyCreate = z.output<typeof retentionStrategyCreate>;
export type RetentionStrategyUpdate = z.output<typeof retentionStrategyUpdate>;
