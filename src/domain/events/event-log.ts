/**
 * Records domain facts in a store's event log, then tells the store's listeners (webhook delivery,
 * clock-advance reports). Services call `recordEvent` after their store write.
 */
import type { Actor } from '../../model/actor.js';
import type { Store } from '../../store/store.js';
import type { EventRecord, EventSource } from '../../model/event.js';

export interface EventInput {
  readonly object_type: string;
  readonly verb: string;
  readonly object_id: number | string;
  readonly customer_id?: number | null;
  readonly updated_attributes?: Readonly<Record<string, unknown>> | null;
  readonly custom_attributes?: Readonly<Record<string, unknown>> | null;
}

export function sourceOf(actor: Actor): EventSource {
  switch (actor.origin) {
    case 'api':
      return {
        account_id: null,
        api_token_id: actor.token.id,
        api_token_name: actor.token.name,
        origin: 'api',
        user_type: 'app',
      };
    case 'emulator':
      return {
        account_id: null,
        api_token_id: null,
        api_token_name: null,
        origin: 'emulator',
        user_type: 'system',
      };
    case 'scheduler':
      return {
        account_id: null,
        api_token_id: null,
        api_token_name: null,
        origin: 'scheduler',
        user_type: 'system',
      };
    case 'customer_portal':
      return {
        account_id: null,
        api_token_id: null,
        api_token_name: null,
        origin: 'customer_portal',
        user_type: 'customer',
      };
    case 'platform_checkout':
      return {
        account_id: null,
        api_token_id: null,
        api_token_name: null,
        origin: 'platform_checkout',
        user_type: 'customer',
      };
  }
}

/** One source object per actor, shared by its events (records are immutable): 84,000 events a year of billing. */
const sources = new WeakMap<Actor, EventSource>();

function cachedSourceOf(actor: Actor): EventSource {
  let source = sources.get(actor);
  if (!source) sources.set(actor, (source = Object.freeze(sourceOf(actor))));
  return source;
}

/** How a topic's events are named and described, worked out once per topic (the topics are few). */
interface TopicWords {
  readonly topic: string;
  /** `Charge` of `charge`, `Payment method` of `payment_method`. */
  readonly subject: string;
  /** `paid`, `max retries reached`. */
  readonly predicate: string;
}

const topics = new Map<string, Map<string, TopicWords>>();

function wordsOf(objectType: string, verb: string): TopicWords {
  let verbs = topics.get(objectType);
  if (!verbs) topics.set(objectType, (verbs = new Map()));
  let words = verbs.get(verb);
  if (!words)
    verbs.set(
      verb,
      (words = {
        topic: `${objectType}/${verb}`,
        subject: capitalize(objectType.replace(/_/g, ' ')),
        predicate: verb.replace(/_/g, ' '),
      }),
    );
  return words;
}

/** Appends an event to the store's log and publishes it. */
export function recordEvent(store: Store, actor: Actor, input: EventInput): EventRecord {
  const words = wordsOf(input.object_type, input.verb);
  // A literal made for the insert and not used after: kept as it is, without a copy (`fresh`).
  const event = store.collections.events.insert(
    {
      id: store.nextId('events'),
      // One string per topic, shared by its events (a seeded large-shop holds 64,000 events).
      topic: words.topic,
      object_type: input.object_type,
      verb: input.verb,
      object_id: input.object_id,
      customer_id: input.customer_id ?? null,
      description: `${words.subject} ${input.object_id} ${words.predicate}`,
      updated_attributes: input.updated_attributes ?? null,
      custom_attributes: input.custom_attributes ?? null,
      source: cachedSourceOf(actor),
      created_at: store.now(),
    },
    true,
  );
  store.publish(event);
  return event;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
