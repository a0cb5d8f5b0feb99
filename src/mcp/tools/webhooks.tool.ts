/** Tools for webhooks: what an inbox received, and the store's delivery log. */
import * as z from 'zod';
import { controlOf } from '../target.js';
import { answer, storeToken, type ToolModule } from '../tool.js';

export const webhookTools: ToolModule = (server, target) => {
  server.registerTool(
    'read_inbox',
    {
      title: 'Read a webhook inbox',
      description:
        'What a webhook inbox on the emulator (/_emulator/inbox/<name>) received, newest first: topic, whether the ' +
        'signature is valid and for which store, and the record sent. Without a name, lists the inboxes.',
      inputSchema: {
        name: z
          .string()
          .min(1)
          .optional()
          .describe('The inbox (a webhook address of <emulator>/_emulator/inbox/<name>)'),
        topic: z.string().min(1).optional().describe('Only this topic, e.g. charge/failed'),
        limit: z.number().int().min(1).max(200).optional().describe('Default 20'),
      },
      annotations: { readOnlyHint: true },
    },
    ({ name, topic, limit }) =>
      answer(async () => {
        const control = controlOf(target);
        if (name === undefined) {
          const inboxes = await control.listInboxes();
          if (inboxes.length === 0)
            return 'no inboxes yet: subscribe a webhook to <emulator>/_emulator/inbox/<name>';
          return inboxes.map(
            (inbox) => `${inbox.name}: ${inbox.received} received, answers ${inbox.status}, ${inbox.url}`,
          );
        }
        const inbox = await control.inbox(name).read({ topic, limit: limit ?? 20 });
        return [
          `inbox ${inbox.name}: ${inbox.received} received, answers ${inbox.status}`,
          ...inbox.entries.map((entry) => {
            const signature = entry.signature.valid
              ? `valid signature of store ${entry.signature.store_id} at its time ${entry.signature.store_time}`
              : 'INVALID signature';
            const body = entry.body.length > 200 ? `${entry.body.slice(0, 200)}...` : entry.body;
            return `#${entry.id} ${entry.topic ?? '(no topic)'}: ${signature}; answered ${entry.answered}\n  ${body}`;
          }),
        ];
      }),
  );

  server.registerTool(
    'list_deliveries',
    {
      title: 'List webhook deliveries',
      description: "The store's webhook deliveries, newest first, with every try and the answer it got.",
      inputSchema: {
        store_token: storeToken(),
        topic: z.string().min(1).optional(),
        limit: z.number().int().min(1).max(100).optional().describe('Default 20'),
      },
      annotations: { readOnlyHint: true },
    },
    ({ store_token, topic, limit }) =>
      answer(async () => {
        const deliveries = await controlOf(target, store_token).deliveries({ topic, limit: limit ?? 20 });
        if (deliveries.length === 0) return 'no deliveries';
        return deliveries.map((delivery) => {
          const tries = delivery.attempts
            .map((attempt) => `${attempt.at} ${attempt.response_status ?? attempt.error ?? 'no answer'}`)
            .join(', ');
          return `delivery ${delivery.id} ${delivery.topic} to ${delivery.url}: ${delivery.status}${tries ? ` (tries: ${tries})` : ''}`;
        });
      }),
  );
};
