/** Request bodies of the webhook endpoints (one shape in both versions). */
import * as z from 'zod';
import { onFirstUse } from '../../platform/first-use.js';

/** The request bodies of the webhook endpoints, built on first use (src/platform/first-use.ts). */
export const webhookSchemas = onFirstUse(() => {
  const create = z.object({
    address: z.url({ protocol: /^https?$/, error: 'Must be an http or https URL.' }),
    topic: z.string().min(1),
    included_objects: z.array(z.string()).default([]),
  });
  return { create, update: create.partial() };
});
