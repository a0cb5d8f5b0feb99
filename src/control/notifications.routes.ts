/** The emails the store would have sent (POST /customers/{id}/notifications), newest first. */
import { parseInteger } from '../http/list/params.js';
import type { SentNotification } from '../model/notification.js';
import type { ControlEndpoint } from './control.types.js';

export const notificationControlEndpoints: readonly ControlEndpoint[] = [
  {
    method: 'GET',
    path: '/notifications',
    access: 'store',
    summary: 'Emails the store would have sent, newest first (query customer_id to filter)',
    handle: ({ store, query }) => {
      const notifications = store.collections.notifications;
      const customerId =
        query.customer_id === undefined ? undefined : parseInteger('customer_id', query.customer_id);
      const rows: SentNotification[] =
        customerId === undefined
          ? [...notifications.values()]
          : notifications.findBy('customer_id', customerId);
      return { body: { notifications: rows.reverse() } };
    },
  },
  {
    method: 'DELETE',
    path: '/notifications',
    access: 'store',
    summary: 'Forget the recorded emails of the store',
    status: 204,
    handle: ({ store }) => {
      store.collections.notifications.clear();
      return { status: 204 };
    },
  },
];
