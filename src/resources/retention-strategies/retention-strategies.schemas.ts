/** Request bodies of the retention strategy endpoints (2021-11). */
import * as z from 'zod';
import { onFirstUse } from '../../platform/first-use.js';
import { CANCELLATION_FLOW_TYPES, INCENTIVE_TYPES } from '../../model/retention-strategy.js';

/** The request bodies of the retention strategy endpoints, built on first use (src/platform/first-use.ts). */
export const retentionStrategySchemas = onFirstUse(() => {
  const fields = {
    cancellation_flow_type: z.enum(CANCELLATION_FLOW_TYPES),
    incentive_type: z.enum(INCENTIVE_TYPES),
    discount_code: z.string().trim().min(1).max(255).nullable(),
    prevention_text: z.string().max(2000).nullable(),
    reason: z.string().trim().min(1).max(255),
  };

  return {
    create: z.object({
      ...fields,
      // Decision 0012: the subscription flow unless told otherwise.
      cancellation_flow_type: fields.cancellation_flow_type.default('subscription'),
      discount_code: fields.discount_code.optional(),
      prevention_text: fields.prevention_text.optional(),
    }),

    update: z.object(fields).partial(),
  };
});
