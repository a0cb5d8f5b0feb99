/**
 * The battery of a webhook check: every request it sends, in order, each made from a real payload
 * and signed exactly like a real delivery (`sha256(secret + raw body)`, the dialect's header names),
 * or broken on purpose in one way (a wrong signature, a body changed after signing, an HMAC...).
 */
import { createHmac } from 'node:crypto';
import type { HeaderNames } from '../http/headers.js';
import { signWebhook } from '../platform/webhooks/signature.js';

/** What a request of the battery is for; the graders pick theirs by role. */
export type DeliveryRole =
  | 'valid'
  | 'duplicate'
  | 'out-of-order'
  | 'unknown-topic'
  | 'extra-fields'
  | 'wrong-signature'
  | 'changed-body'
  | 'no-signature'
  | 'hmac';

export interface PlannedDelivery {
  readonly role: DeliveryRole;
  readonly label: string;
  readonly topic: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** A topic's valid payload, as the dispatcher would render it. */
export interface TopicPayload {
  readonly topic: string;
  readonly body: string;
}

export interface PlanInput {
  /** The valid payload of each topic checked, in order. */
  readonly payloads: readonly TopicPayload[];
  /** `charge/paid` and `charge/created` of one charge, sent in that order. */
  readonly outOfOrder: readonly [TopicPayload, TopicPayload] | null;
  /** The body sent with the unknown topic: a customer, a record every handler has seen. */
  readonly unknownBody: string;
  readonly secret: string;
  readonly headers: HeaderNames;
  readonly userAgent: string;
}

/** A topic the service does not have (a later version of the service may add topics). */
export const UNKNOWN_TOPIC = 'customer/merged';

/** The topic whose delivery is sent twice: a paid charge is what handlers act on most. */
const DUPLICATE_PREFERENCE = ['charge/paid', 'order/created', 'subscription/created'];

/** The headers of a delivery of `topic`, signed with `signature` (none when null). */
function headersOf(input: PlanInput, topic: string, signature: string | null): Record<string, string> {
  return {
    'Content-Type': 'application/json',
    'User-Agent': input.userAgent,
    [input.headers.topic]: topic,
    ...(signature === null ? {} : { [input.headers.hmac]: signature }),
  };
}

/** The body with a field a later version of the service might add, at the top and in the record. */
function withExtraFields(body: string): string {
  const payload = JSON.parse(body) as Record<string, unknown>;
  const extended: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload))
    extended[key] =
      value !== null && typeof value === 'object' && !Array.isArray(value)
        ? {
            ...value,
            added_in_a_later_version: { enabled: true, note: 'a field your handler does not know' },
          }
        : value;
  extended.webhook_metadata = { sent_by: 'a later version of the service' };
  return JSON.stringify(extended);
}

/** The body with its record's id changed: what an attacker replaying a signed body would send. */
function changed(body: string): string {
  const payload = JSON.parse(body) as Record<string, unknown>;
  for (const [key, value] of Object.entries(payload))
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      payload[key] = { ...record, id: typeof record.id === 'number' ? record.id + 1 : 1 };
      return JSON.stringify(payload);
    }
  return `${body.slice(0, -1)},"changed":true}`;
}

/**
 * The requests of a check, in the order they are sent: the valid delivery of each topic (the
 * preferred one followed at once by its exact copy), the out-of-order pair, an unknown topic, a
 * payload with extra fields, then the deliveries that must be refused.
 *
 * @example
 * const plan = planDeliveries({ payloads, outOfOrder: null, unknownBody, secret, headers: headerNames(), userAgent: 'x' });
 */
export function planDeliveries(input: PlanInput): PlannedDelivery[] {
  const { secret } = input;
  const valid = (role: DeliveryRole, label: string, { topic, body }: TopicPayload): PlannedDelivery => ({
    role,
    label,
    topic,
    body,
    headers: headersOf(input, topic, signWebhook(body, secret)),
  });
  const first = input.payloads[0];
  if (!first) return [];
  const twice =
    DUPLICATE_PREFERENCE.map((topic) => input.payloads.find((p) => p.topic === topic)).find(Boolean) ?? first;
  const plan: PlannedDelivery[] = [];
  for (const payload of input.payloads) {
    plan.push(valid('valid', payload.topic, payload));
    if (payload === twice) plan.push(valid('duplicate', `the same ${payload.topic} again`, payload));
  }
  if (input.outOfOrder) {
    const [later, earlier] = input.outOfOrder;
    plan.push(valid('out-of-order', `${later.topic} before ${earlier.topic}`, later));
    plan.push(valid('out-of-order', `${earlier.topic} after ${later.topic}`, earlier));
  }
  plan.push(
    valid('unknown-topic', `unknown topic ${UNKNOWN_TOPIC}`, {
      topic: UNKNOWN_TOPIC,
      body: input.unknownBody,
    }),
  );
  plan.push(
    valid('extra-fields', `${first.topic} with fields it does not know`, {
      topic: first.topic,
      body: withExtraFields(first.body),
    }),
  );
  const broken = (role: DeliveryRole, label: string, body: string, signature: string | null) => ({
    role,
    label,
    topic: first.topic,
    body,
    headers: headersOf(input, first.topic, signature),
  });
  plan.push(
    broken('wrong-signature', 'a wrong signature', first.body, signWebhook(first.body, `${secret}-not`)),
    broken(
      'changed-body',
      'a body changed after signing',
      changed(first.body),
      signWebhook(first.body, secret),
    ),
    broken('no-signature', 'no signature', first.body, null),
    broken(
      'hmac',
      'signed with HMAC-SHA256(secret, body)',
      first.body,
      createHmac('sha256', secret).update(first.body).digest('hex'),
    ),
  );
  return plan;
}
