/** POST /customers/{id}/notifications (2021-11; spec: Other 2021-11 endpoints, Notifications). */
import { pathId } from '../../http/params.js';
import type { Endpoint } from '../../http/types.js';
import { parseWith } from '../../errors/validation.js';
import { notificationCreate } from './notifications.schemas.js';
import { sendNotification } from '../../domain/notifications/notifications.service.js';

export const notificationEndpoints: readonly Endpoint[] = [
  {
    method: 'POST',
    path: '/customers/:id/notifications',
    scope: 'write_notifications',
    versions: ['2021-11'],
    summary: 'Send the customer an email from a template (recorded; see GET /_emulator/notifications)',
    handle: (request) => {
      const customerId = pathId(request);
      const input = parseWith(notificationCreate, request.body);
      sendNotification(request, customerId, input);
      // The service answers the action with an empty object (decision 0012).
      return { body: {} };
    },
  },
];
