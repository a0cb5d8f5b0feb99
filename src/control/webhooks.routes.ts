/**
 * Webhook deliveries as the control API shows them: the log of every try, replay, pause and
 * resume, the outbox; the store's webhooks with their API version; and store settings changes
 * (which fire `store/updated`).
 */
import * as z from 'zod';
import { onFirstUse } from '../platform/first-use.js';
import { errors } from '../errors/messages.js';
import { pathId } from '../http/params.js';
import { parseWith } from '../errors/validation.js';
import { recordEvent } from '../domain/events/event-log.js';
import { DELIVERY_STATUSES, type Delivery } from '../model/webhook.js';
import { EMULATOR_ACTOR } from '../model/actor.js';
import { completeSettings, mergedSettings, storeSettingsSchema } from '../store/settings.js';
import type { Store } from '../store/store.js';
import { deliveriesOf } from '../webhooks/dispatcher.js';
import { refuseAdminOnlySettings } from './access.js';
import type { ControlEndpoint } from './control.types.js';
import { describeStore } from './stores.routes.js';

export function describeDelivery(delivery: Delivery): Record<string, unknown> {
  return {
    id: delivery.id,
    webhook_id: delivery.webhook_id,
    event_id: delivery.event_id,
    topic: delivery.topic,
    url: delivery.url,
    status: delivery.status,
    duplicate_of: delivery.duplicate_of,
    // A test delivery of a made-up record (the store had none of the topic's kind).
    synthetic: delivery.synthetic ?? false,
    request: { headers: delivery.headers, body: delivery.body },
    attempts: delivery.attempts,
    created_at: delivery.created_at,
    updated_at: delivery.updated_at,
  };
}

/** The request schemas of these routes, built on first use (src/platform/first-use.ts). */
const webhookControlSchemas = onFirstUse(() => {
  const deliveryQuery = z.object({
    topic: z.string().optional(),
    webhook_id: z.coerce.number().int().positive().optional(),
    status: z.enum(DELIVERY_STATUSES).optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(100),
  });

  const settingsBody = z.record(z.string(), z.unknown());
  return { deliveries: deliveryQuery, settings: settingsBody };
});

type WebhookControlSchemas = ReturnType<typeof webhookControlSchemas>;

/** Deliveries matching the query, newest first. */
function deliveries(store: Store, query: z.output<WebhookControlSchemas['deliveries']>): Delivery[] {
  const rows =
    query.webhook_id !== undefined
      ? store.collections.deliveries.findBy('webhook_id', query.webhook_id)
      : [...store.collections.deliveries.values()];
  return rows
    .filter(
      (d) =>
        (query.topic === undefined || d.topic === query.topic) &&
        (query.status === undefined || d.status === query.status),
    )
    .reverse()
    .slice(0, query.limit);
}

/** Merges a change into the store's settings; invalid settings give the documented 422. */
export function applySettings(store: Store, change: Readonly<Record<string, unknown>>): void {
  store.updateSettings(
    completeSettings(parseWith(storeSettingsSchema, mergedSettings(store.settings, change))),
  );
}

export const webhookControlEndpoints: readonly ControlEndpoint[] = [
  {
    method: 'GET',
    path: '/webhooks',
    access: 'store',
    summary:
      "The calling store's webhooks with the API version their payloads are rendered in (which the API's webhook records do not show), oldest first",
    handle: ({ store }) => ({
      body: {
        webhooks: [...store.collections.webhooks.values()].map((webhook) => ({
          id: webhook.id,
          address: webhook.address,
          topic: webhook.topic,
          api_version: webhook.api_version,
          included_objects: webhook.included_objects,
          created_at: webhook.created_at,
        })),
      },
    }),
  },
  {
    method: 'GET',
    path: '/webhooks/deliveries',
    access: 'store',
    summary: 'Webhook deliveries, newest first, with every try (filters: topic, webhook_id, status, limit)',
    handle: ({ store, query }) => {
      const wanted = parseWith(webhookControlSchemas().deliveries, query);
      return { body: { deliveries: deliveries(store, wanted).map(describeDelivery) } };
    },
  },
  {
    method: 'DELETE',
    path: '/webhooks/deliveries',
    access: 'store',
    summary: 'Empty the delivery log (deliveries waiting for a retry stop)',
    handle: ({ store }) => {
      store.collections.deliveries.clear();
      for (const job of store.scheduler.pending())
        if (job.type === 'webhook_retry') store.collections.jobs.delete(job.id);
      return { status: 204 };
    },
  },
  {
    method: 'POST',
    path: '/webhooks/deliveries/:id/replay',
    access: 'store',
    summary: 'Send a delivery again now (one try) and answer with it',
    handle: async ({ store, params }) => {
      const delivery = await deliveriesOf(store).replay(pathId({ params }));
      if (!delivery) throw errors.notFound();
      return { body: { delivery: describeDelivery(delivery) } };
    },
  },
  {
    method: 'POST',
    path: '/webhooks/flush',
    access: 'store',
    summary: 'Wait until every delivery in flight has its answer (or has timed out), then answer 204',
    status: 204,
    handle: async ({ store }) => {
      await store.settle();
      return { status: 204 };
    },
  },
  {
    method: 'POST',
    path: '/webhooks/pause',
    access: 'store',
    summary: 'Hold new deliveries (status paused) until resumed, e.g. while seeding',
    handle: ({ store }) => {
      applySettings(store, { webhooks: { paused: true } });
      return { body: { paused: true } };
    },
  },
  {
    method: 'POST',
    path: '/webhooks/resume',
    access: 'store',
    summary: 'Send the held deliveries in order, wait for them, and deliver again as events come',
    handle: async ({ store }) => {
      applySettings(store, { webhooks: { paused: false } });
      const sent = await deliveriesOf(store).resume();
      return { body: { paused: false, sent } };
    },
  },
  {
    method: 'GET',
    path: '/webhooks/outbox',
    access: 'store',
    summary: 'What would have been sent in outbox mode (settings.webhooks.mode = outbox), oldest first',
    handle: ({ store }) => ({
      body: { outbox: store.collections.deliveries.findBy('status', 'outbox').map(describeDelivery) },
    }),
  },
  {
    method: 'PATCH',
    path: '/settings',
    access: 'store',
    summary: "Change the calling store's settings (nested objects merge); fires store/updated",
    body: () => webhookControlSchemas().settings,
    handle: ({ deps, store, body, acrossStores }) => {
      const patch = parseWith(webhookControlSchemas().settings, body);
      refuseAdminOnlySettings(patch, acrossStores);
      applySettings(store, patch);
      recordEvent(store, EMULATOR_ACTOR, { object_type: 'store', verb: 'updated', object_id: store.id });
      return { body: { store: describeStore(store, deps.registry) } };
    },
  },
];
