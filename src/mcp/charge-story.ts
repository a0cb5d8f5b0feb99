/**
 * A charge's story in order, from what the emulator keeps about it: the charge record, its events
 * and its customer's payment-method changes (GET /events), the webhook deliveries of those events
 * with every try (their payloads hold each failed attempt's error and retry date), its orders, the
 * requests that named it (the journal) and the jobs still scheduled for it.
 */
import type { JournalEntryView, WebhookDelivery } from '../client/client.js';
import { MCP_USER_AGENT } from './target.js';

/** A request the MCP tools made themselves (reading the charge to explain it). */
function isToolRequest(entry: JournalEntryView): boolean {
  const agent = entry.headers['user-agent'];
  return typeof agent === 'string' && agent.startsWith(MCP_USER_AGENT.split('/')[0] ?? MCP_USER_AGENT);
}

export interface StoryEvent {
  readonly id: number;
  readonly created_at: string;
  readonly object_type: string;
  readonly object_id: number;
  readonly verb: string;
  readonly description: string;
  readonly source: { readonly origin?: string | null; readonly api_token_name?: string | null } | null;
}

export interface StoryCharge {
  readonly id: number;
  readonly status: string;
  readonly type?: string;
  readonly total_price?: string;
  readonly currency?: string;
  readonly scheduled_at?: string | null;
  readonly processed_at?: string | null;
  readonly merged_at?: string | null;
  readonly error?: string | null;
  readonly error_type?: string | null;
  readonly retry_date?: string | null;
  readonly charge_attempts?: number;
  readonly customer?: { readonly id: number } | null;
}

export interface StoryOrder {
  readonly id: number;
  readonly status: string;
  readonly created_at: string;
  readonly external_order_name?: Record<string, string | null> | null;
}

export interface StoryInput {
  readonly charge: StoryCharge;
  /** Events of the charge, its orders and its customer's payment methods, any order. */
  readonly events: readonly StoryEvent[];
  readonly deliveries: readonly WebhookDelivery[];
  readonly orders: readonly StoryOrder[];
  readonly requests: readonly JournalEntryView[];
  readonly jobs: readonly { readonly due_at: string; readonly type: string; readonly does: string }[];
}

interface Line {
  readonly at: string;
  /** Keeps lines of the same moment in the order they were written. */
  readonly order: number;
  readonly text: string;
}

/** `2025-01-16T00:00:00+00:00` and `2025-01-16T00:00:00Z` alike, as `2025-01-16T00:00:00Z`. */
function time(value: string): string {
  const ms = Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(ms) ? value : new Date(ms).toISOString().replace('.000Z', 'Z');
}

/** The charge as a failed attempt's webhook payload shows it. */
function chargeOfPayload(delivery: WebhookDelivery | undefined): StoryCharge | undefined {
  if (!delivery) return undefined;
  try {
    const body = JSON.parse(delivery.request.body) as { charge?: StoryCharge };
    return body.charge;
  } catch {
    return undefined;
  }
}

function deliveryLine(delivery: WebhookDelivery, at: string): string {
  const tries = delivery.attempts.map((attempt) => {
    const got = attempt.response_status ?? attempt.error ?? 'no answer';
    return time(attempt.at) === time(at) ? `${got}` : `${got} at ${time(attempt.at)}`;
  });
  const answers =
    tries.length === 0 ? '' : tries.length === 1 ? `, answered ${tries[0]}` : `, tries: ${tries.join(', ')}`;
  return `  webhook ${delivery.topic} to ${delivery.url}: ${delivery.status}${answers}`;
}

function sourceOf(event: StoryEvent): string {
  const origin = event.source?.origin ?? 'unknown';
  const token = event.source?.api_token_name;
  return token ? `${origin}, token "${token}"` : origin;
}

/** The lines of a charge's story, oldest first, under a one-line summary. */
export function chargeStory(input: StoryInput): string[] {
  const { charge } = input;
  const lines: Line[] = [];
  const add = (at: string, text: string) => lines.push({ at: time(at), order: lines.length, text });
  const deliveriesOf = (eventId: number) => input.deliveries.filter((d) => d.event_id === eventId);
  const events = [...input.events].sort((a, b) => a.id - b.id);
  const failedEvents = events.filter((e) => e.object_type === 'charge' && e.verb === 'failed');
  let attempts = 0;

  for (const event of events) {
    const sent = deliveriesOf(event.id);
    if (event.object_type === 'charge') {
      switch (event.verb) {
        case 'failed': {
          attempts += 1;
          const seen = chargeOfPayload(sent[0]) ?? (event === failedEvents.at(-1) ? charge : undefined);
          const error = seen?.error_type
            ? `${seen.error_type}${seen.error ? ` ("${seen.error}")` : ''}`
            : 'error not kept (no webhook for charge/failed was delivered; subscribe one to keep each error)';
          const retry = seen?.retry_date ? `, retry on ${time(seen.retry_date)}` : '';
          add(event.created_at, `attempt ${attempts} failed: ${error}${retry}`);
          break;
        }
        case 'paid':
          attempts += 1;
          add(event.created_at, `attempt ${attempts} paid`);
          break;
        case 'created':
          add(event.created_at, `charge created (${sourceOf(event)})`);
          break;
        default:
          add(event.created_at, `charge ${event.verb} (${sourceOf(event)})`);
      }
    } else if (event.object_type === 'order') {
      add(event.created_at, `order ${event.object_id} ${event.verb}`);
    } else {
      add(event.created_at, `${event.description} (${sourceOf(event)})`);
    }
    for (const delivery of sent) add(event.created_at, deliveryLine(delivery, event.created_at));
  }
  if (charge.merged_at) add(charge.merged_at, 'another queued charge was merged into this one');
  for (const request of input.requests.filter((entry) => !isToolRequest(entry)))
    add(
      request.at,
      `request ${request.method} ${request.path} -> ${request.status ?? 'no answer'}` +
        (request.fault ? ` (fault: ${request.fault.action})` : ''),
    );
  lines.sort((a, b) => (a.at === b.at ? a.order - b.order : a.at < b.at ? -1 : 1));

  const money = charge.total_price
    ? ` ${charge.total_price}${charge.currency ? ` ${charge.currency}` : ''}`
    : '';
  const failed = failedEvents.length;
  const paid = events.some((e) => e.object_type === 'charge' && e.verb === 'paid');
  const summary =
    `charge ${charge.id}: ${charge.status}${charge.type ? `, ${charge.type}` : ''}${money}` +
    (charge.scheduled_at ? `, scheduled ${charge.scheduled_at}` : '') +
    (charge.customer ? `, customer ${charge.customer.id}` : '') +
    `; ${failed} failed attempt${failed === 1 ? '' : 's'}${paid ? ', then paid' : ''}`;
  const orders = input.orders.map(
    (order) =>
      `order ${order.id}: ${order.status}${order.external_order_name?.ecommerce ? ` (${order.external_order_name.ecommerce})` : ''}`,
  );
  const pending = input.jobs.map((job) => `scheduled: ${time(job.due_at)} ${job.type}: ${job.does}`);
  return [summary, ...lines.map((line) => `${line.at} ${line.text}`), ...orders, ...pending];
}
