/** Body of POST /customers/{id}/notifications (api-facts: Notification). */
import * as z from 'zod';
import { integerId } from '../schema-parts.js';
import { TEMPLATE_TYPES } from '../../model/notification.js';

export const notificationCreate = z.object({
  type: z.enum(['email']),
  template_type: z.enum(TEMPLATE_TYPES),
  template_vars: z
    .object({ address_id: integerId.nullable().optional(), charge_id: integerId.nullable().optional() })
    .optional(),
});

export type NotificationInput = z.output<typeof notificationCreate>;
