/**
 * Notifications (2021-11; spec: Other 2021-11 endpoints, Notifications): POST
 * /customers/{id}/notifications, and POST /notifications/customer, which the service's own customer
 * portal calls to send the update-payment email (api-facts: "Endpoints the service's own demo portal
 * calls"): the same email as the first with the `platform_update_payment_information` template.
 */
import { errors } from '../../errors/messages.js';
import { pathId } from '../../http/params.js';
import type { Endpoint } from '../../http/types.js';
import { parseWith } from '../../errors/validation.js';
import { customerNotification, notificationSchemas } from './notifications.schemas.js';
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
      const input = parseWith(notificationSchemas().create, request.body);
      sendNotification(request, customerId, input);
      // The service answers the action with an empty object (decision 0012).
      return { body: {} };
    },
  },
  {
    method: 'POST',
    path: '/notifications/customer',
    scope: 'write_notifications',
    versions: ['2021-11'],
    summary:
      'Send a customer the update-payment email, as the portal does: type PLATFORM_UPDATE_PAYMENT_INFO (the platform word in capitals), template_vars customer_id and payment_method_id',
    handle: (request) => {
      const input = parseWith(customerNotification(request.store.settings.platform_word), request.body);
      const customerId = input.template_vars.customer_id;
      // A customer named in the body, not the path: a field error, as other bodies' references are.
      if (!request.store.collections.customers.has(customerId))
        throw errors.validation({ template_vars: { customer_id: ['Customer not found.'] } });
      sendNotification(request, customerId, {
        type: 'email',
        template_type: 'platform_update_payment_information',
        template_vars: { payment_method_id: input.template_vars.payment_method_id },
      });
      return { body: {} };
    },
  },
];
