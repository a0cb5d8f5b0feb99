/** Tools for stores: list them, create one (optionally seeded from a built-in scenario). */
import * as z from 'zod';
import type { StoreInfo } from '../../client/client.js';
import { controlOf } from '../target.js';
import { answer, type ToolModule } from '../tool.js';

function describeStore(store: StoreInfo): string {
  const counts = store.counts;
  return (
    `store ${store.id} "${store.name}"${store.default ? ' (default)' : ''}: clock ${store.clock.now} ` +
    `(${store.clock.mode}); ${counts.customers} customers, ${counts.active_subscriptions} active subscriptions, ` +
    `${counts.queued_charges} queued and ${counts.failed_charges} failed charges, ` +
    `${counts.pending_deliveries} webhook deliveries pending`
  );
}

export const storeTools: ToolModule = (server, target) => {
  server.registerTool(
    'list_stores',
    {
      title: 'List stores',
      description: 'The stores of the emulator, each with its clock and what it holds.',
      annotations: { readOnlyHint: true },
    },
    () =>
      answer(async () => {
        const stores = await controlOf(target).listStores();
        return stores.map(describeStore);
      }),
  );

  server.registerTool(
    'create_store',
    {
      title: 'Create a store',
      description:
        'Creates an isolated store (its own data, clock, webhooks) and answers its access token and webhook client secret. ' +
        'Pass the token as store_token to the other tools.',
      inputSchema: {
        name: z.string().min(1).max(100).optional().describe('A name shown in the dashboard'),
        now: z.iso
          .datetime()
          .optional()
          .describe('Where its virtual clock starts, e.g. 2025-01-15T12:00:00Z'),
        api_version: z.enum(['2021-01', '2021-11']).optional().describe('Default API version of its answers'),
        scenario: z
          .string()
          .min(1)
          .optional()
          .describe('A built-in scenario to seed it from (list_scenarios)'),
      },
    },
    ({ name, now, api_version, scenario }) =>
      answer(async () => {
        const created = await controlOf(target).createStore({
          name,
          scenario,
          clock: now === undefined ? undefined : { now },
          settings: api_version === undefined ? undefined : { default_api_version: api_version },
        });
        const seeded = created.scenario?.records
          ? `; seeded: ${Object.entries(created.scenario.records)
              .map(([kind, count]) => `${count} ${kind}`)
              .join(', ')}`
          : '';
        return [
          describeStore(created.store) + seeded,
          `token: ${created.token}`,
          `client secret: ${created.client_secret}`,
        ];
      }),
  );
};
