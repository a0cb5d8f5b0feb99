/** GET /events: the store's event log, newest first (api-facts: Event). */
import {
  idsFilter,
  indexedStringFilter,
  integerFilter,
  maxTimeFilter,
  minTimeFilter,
  stringFilter,
} from '../../http/list/filters.js';
import { listResponse, type ListSpec } from '../../http/list/list.js';
import type { Endpoint } from '../../http/types.js';
import type { ApiVersion } from '../../model/versions.js';
import { timestamp } from '../serialize.js';
import type { EventRecord } from '../../model/event.js';

export function serializeEvent(event: EventRecord, version: ApiVersion): Record<string, unknown> {
  return {
    id: event.id,
    created_at: timestamp(version, event.created_at),
    custom_attributes: event.custom_attributes,
    customer_id: event.customer_id,
    description: event.description,
    object_id: event.object_id,
    object_type: event.object_type,
    source: event.source,
    updated_attributes: event.updated_attributes,
    verb: event.verb,
  };
}

export const eventList: ListSpec<EventRecord> = {
  name: 'events',
  collection: (store) => store.collections.events,
  filters: {
    ids: idsFilter(),
    object_type: indexedStringFilter((store) => store.collections.events, 'object_type'),
    object_id: stringFilter((e) => String(e.object_id)),
    verb: stringFilter((e) => e.verb),
    topic: stringFilter((e) => e.topic),
    customer_id: integerFilter((e) => e.customer_id),
    created_at_min: minTimeFilter((e) => e.created_at),
    created_at_max: maxTimeFilter((e) => e.created_at),
  },
  sorts: { created_at: (e) => e.created_at },
  defaultSort: 'id-desc',
  serialize: (event, { version }) => serializeEvent(event, version),
};

export const eventEndpoints: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/events',
    scope: 'read_events',
    summary: 'List recent events of the store',
    handle: (request) => listResponse(eventList, request),
  },
];
