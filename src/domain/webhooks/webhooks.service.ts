/** Webhook subscriptions: a receiver URL per topic, with the topic's included objects. */
import { fail } from '../failures.js';
import type { Scope } from '../../store/scopes.js';
import type { Store } from '../../store/store.js';
import type { ApiVersion } from '../../model/versions.js';
import { includedObjectsFor, isTopic, TOPICS } from '../events/topics.js';
import type { Webhook } from '../../model/webhook.js';

export function findWebhook(store: Store, id: number): Webhook {
  const webhook = store.collections.webhooks.get(id);
  if (!webhook) throw fail.notFound();
  return webhook;
}

export interface WebhookFields {
  readonly address: string;
  readonly topic: string;
  readonly included_objects: readonly string[];
}

/** Checks topic and included objects against the spec's tables; returns the topic's read scope. */
export function checkSubscription(fields: Pick<WebhookFields, 'topic' | 'included_objects'>): Scope | null {
  if (!isTopic(fields.topic)) throw fail.field('topic', `Not a webhook topic: ${fields.topic}.`);
  const allowed = includedObjectsFor(fields.topic);
  const unknown = fields.included_objects.filter((name) => !allowed.includes(name));
  if (unknown.length) {
    throw fail.field(
      'included_objects',
      allowed.length
        ? `${unknown.join(', ')} cannot be included with ${fields.topic}; allowed: ${allowed.join(', ')}.`
        : `${fields.topic} takes no included objects.`,
    );
  }
  return TOPICS[fields.topic] ?? null;
}

export function createWebhook(store: Store, fields: WebhookFields, version: ApiVersion): Webhook {
  const now = store.now();
  return store.collections.webhooks.insert({
    id: store.nextId('webhooks'),
    address: fields.address,
    topic: fields.topic,
    included_objects: [...new Set(fields.included_objects)],
    api_version: version,
    created_at: now,
    updated_at: now,
  });
}

export function updateWebhook(store: Store, id: number, fields: Partial<WebhookFields>): Webhook {
  findWebhook(store, id);
  return store.collections.webhooks.update(id, { ...fields, updated_at: store.now() });
}
