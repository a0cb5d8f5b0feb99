/** Webhook endpoints (spec: Webhooks; topics and included objects per the Events tables). */
import { idsFilter, stringFilter } from '../../http/list/filters.js';
import { listResponse, type ListSpec } from '../../http/list/list.js';
import { pathId } from '../../http/params.js';
import type { ApiRequest, Endpoint } from '../../http/types.js';
import { parseWith } from '../../errors/validation.js';
import { errors } from '../../errors/messages.js';
import { deliveriesOf } from '../../webhooks/dispatcher.js';
import { newestOf, payloadBody, payloadOf } from './payloads.js';
import { webhookSchemas } from './webhooks.schemas.js';
import { SampleUnavailable, syntheticPayload } from './samples.js';
import { createdResponse, deletedResponse } from '../responses.js';
import { timestamp } from '../serialize.js';
import type { Webhook } from '../../model/webhook.js';
import {
  checkSubscription,
  createWebhook,
  findWebhook,
  updateWebhook,
} from '../../domain/webhooks/webhooks.service.js';

function serializeWebhook(webhook: Webhook, request: Pick<ApiRequest, 'version'>): Record<string, unknown> {
  return {
    id: webhook.id,
    address: webhook.address,
    created_at: timestamp(request.version, webhook.created_at),
    included_objects: webhook.included_objects,
    topic: webhook.topic,
    updated_at: timestamp(request.version, webhook.updated_at),
  };
}

/** Spec: a token without a topic's read scope cannot subscribe to it. */
function authorizeTopic(
  request: ApiRequest,
  fields: { topic: string; included_objects: readonly string[] },
): void {
  const scope = checkSubscription(fields);
  if (scope) request.authorize(scope);
}

const webhookList: ListSpec<Webhook> = {
  name: 'webhooks',
  collection: (store) => store.collections.webhooks,
  filters: { ids: idsFilter(), topic: stringFilter((w) => w.topic), address: stringFilter((w) => w.address) },
  sorts: {},
  defaultSort: 'id-desc',
  serialize: (webhook, request) => serializeWebhook(webhook, request),
};

/**
 * A made-up record of the webhook's topic (api-facts: the real service sends a sample whether or
 * not the store has such a record); 422 when the store's settings refuse one (e.g. checkouts on
 * platform B).
 */
async function syntheticSample(request: ApiRequest, webhook: Webhook): Promise<Record<string, unknown>> {
  const objectType = webhook.topic.split('/')[0] ?? '';
  try {
    const payload = await syntheticPayload(
      request.store,
      objectType,
      webhook.api_version,
      webhook.included_objects,
    );
    if (payload) return payload;
  } catch (error) {
    if (!(error instanceof SampleUnavailable)) throw error;
    throw errors.field('topic', `No sample ${objectType} can be made for this store: ${error.message}`);
  }
  throw errors.field('topic', `The store has no ${objectType} yet to send as a sample; create one first.`);
}

const byTopic = { checkedBy: 'handler', note: 'read scope of the topic' } as const;

export const webhookEndpoints: readonly Endpoint[] = [
  {
    method: 'POST',
    path: '/webhooks',
    scope: byTopic,
    summary: 'Subscribe a receiver URL to a topic',
    handle: (request) => {
      const fields = parseWith(webhookSchemas().create, request.body);
      authorizeTopic(request, fields);
      return createdResponse(request.routeVersion, {
        webhook: serializeWebhook(createWebhook(request.store, fields, request.version), request),
      });
    },
  },
  {
    method: 'GET',
    path: '/webhooks',
    scope: null,
    summary: 'List webhooks',
    handle: (request) => listResponse(webhookList, request),
  },
  {
    method: 'GET',
    path: '/webhooks/:id',
    scope: null,
    summary: 'Retrieve a webhook',
    handle: (request) => ({
      body: { webhook: serializeWebhook(findWebhook(request.store, pathId(request)), request) },
    }),
  },
  {
    method: 'PUT',
    path: '/webhooks/:id',
    scope: byTopic,
    summary: 'Update a webhook',
    handle: (request) => {
      const id = pathId(request);
      const current = findWebhook(request.store, id);
      const fields = parseWith(webhookSchemas().update, request.body);
      authorizeTopic(request, {
        topic: fields.topic ?? current.topic,
        included_objects: fields.included_objects ?? current.included_objects,
      });
      return { body: { webhook: serializeWebhook(updateWebhook(request.store, id, fields), request) } };
    },
  },
  {
    method: 'DELETE',
    path: '/webhooks/:id',
    scope: null,
    summary: 'Delete a webhook',
    handle: (request) => {
      const id = pathId(request);
      findWebhook(request.store, id);
      request.store.collections.webhooks.delete(id);
      return deletedResponse(request.routeVersion);
    },
  },
  {
    method: 'POST',
    path: '/webhooks/:id/test',
    scope: null,
    summary:
      "Send the webhook a signed sample of its topic: the newest record of the topic's resource, else a synthetic one",
    handle: async (request) => {
      const webhook = findWebhook(request.store, pathId(request));
      const objectType = webhook.topic.split('/')[0] ?? '';
      const sample = newestOf(request.store, objectType);
      const payload =
        sample === undefined
          ? await syntheticSample(request, webhook)
          : payloadOf(request.store, objectType, sample, webhook.api_version, webhook.included_objects);
      await deliveriesOf(request.store).test(
        webhook,
        payloadBody(request.store, payload),
        sample === undefined,
      );
      return { body: {} };
    },
  },
];
