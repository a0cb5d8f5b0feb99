/** Request bodies of the async batch endpoints (one shape in both versions). */
import * as z from 'zod';
import { RULE } from '../../domain/messages.js';
import { onFirstUse } from '../../platform/first-use.js';
import { BATCH_TYPES, MAX_TASKS_PER_REQUEST } from '../../model/async-batch.js';

/** The request bodies of the async batch endpoints, built on first use (src/platform/first-use.ts). */
export const asyncBatchSchemas = onFirstUse(() => ({
  create: z.object({ batch_type: z.enum(BATCH_TYPES) }),

  /**
   * `{tasks: [{body}, ...]}`. A body is only checked to be an object here: it is validated by the
   * endpoint it is sent to when the batch runs, and a bad one fails its task, not the request.
   */
  tasksAdd: z.object({
    tasks: z
      .array(z.object({ body: z.record(z.string(), z.unknown()) }))
      .min(1)
      .max(MAX_TASKS_PER_REQUEST, {
        // Written when needed: the number's formatting loads locale data (6 ms at start).
        error: () => RULE.batch.tasksPerRequest(MAX_TASKS_PER_REQUEST),
      }),
  }),
}));
