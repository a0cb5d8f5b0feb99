/**
 * Turns recorded events into webhook deliveries and delivers them: signed over the exact bytes
 * sent, one receiver's deliveries in event order, failed tries retried as jobs on the virtual
 * clock (20 tries over 48 hours), the webhook deleted after the last failure (spec, Delivery
 * rules). Deliveries of events raised during a request go out at once without holding the
 * request; a clock advance waits for the deliveries its jobs caused (`store.track`).
 */
import type { LookupFunction } from 'node:net';
import type { HeaderNames } from '../http/headers.js';
import { toIso } from '../platform/clock.js';
import { sendWebhook, type SendResult } from '../platform/webhooks/http-sender.js';
import { signWebhook } from '../platform/webhooks/signature.js';
import type { EventRecord } from '../model/event.js';
import type { Delivery, DeliveryStatus, Webhook } from '../model/webhook.js';
import type { Store, StoreObserver, StoreJobKind } from '../store/store.js';
import { isTopic } from '../domain/events/topics.js';

/** Minutes from each failed try to the next: 19 retries, the last 48 h after the first try. */
export const RETRY_DELAYS_MINUTES = [
  1, 2, 4, 8, 15, 30, 60, 60, 120, 120, 180, 180, 240, 240, 240, 300, 360, 360, 360,
];
export const MAX_TRIES = RETRY_DELAYS_MINUTES.length + 1;
export const WEBHOOK_RETRY_JOB = 'webhook_retry';

export interface WebhookConfig {
  readonly headers: HeaderNames;
  readonly userAgent: string;
  /**
   * The exact bytes sent for an event: the resource as its retrieve returns it, in the webhook's
   * version and the store's words (the wire renders it: src/resources/webhooks/payloads.ts).
   */
  readonly render: (store: Store, webhook: Webhook, event: EventRecord) => string;
  /**
   * Deliver to link-local and cloud metadata addresses in every store (`--allow-metadata-addresses`);
   * a store's `webhooks.allow_metadata_addresses` allows them for that store.
   */
  readonly allowMetadataAddresses?: boolean;
  /** Resolves receivers' names instead of `dns.lookup` (tests). */
  readonly lookup?: LookupFunction;
}

const dispatchers = new WeakMap<Store, Deliveries>();

/** The delivery machinery of a store (attached by the observer `deliverWebhooks`). */
export function deliveriesOf(store: Store): Deliveries {
  const deliveries = dispatchers.get(store);
  if (!deliveries) throw new Error(`store ${store.id} has no webhook dispatcher`);
  return deliveries;
}

/** Store observer: every recorded event with a webhook topic becomes deliveries. */
export function deliverWebhooks(config: WebhookConfig): StoreObserver {
  return (store) => {
    const deliveries = new Deliveries(store, config);
    dispatchers.set(store, deliveries);
    store.onRecord((event) => deliveries.announce(event));
  };
}

/** The job kind that retries a failed delivery at its time on the virtual clock. */
export const webhookJobKinds: ReadonlyMap<string, StoreJobKind> = new Map<string, StoreJobKind>([
  [
    WEBHOOK_RETRY_JOB,
    {
      description: 'Retries a failed webhook delivery (20 tries over 48 hours, then the webhook is deleted)',
      run: async (store, job) => deliveriesOf(store).retry(Number(job.payload.delivery_id)),
    },
  ],
]);

export class Deliveries {
  /** The last send of each webhook, so one receiver gets its deliveries in event order. */
  private readonly chains = new Map<number, Promise<unknown>>();

  constructor(
    private readonly store: Store,
    private readonly config: WebhookConfig,
  ) {}

  /** Creates the deliveries of an event for every webhook of its topic, and sends them. */
  announce(event: EventRecord): void {
    // Most stores (and every store being seeded) have no webhook: skip the topic lookup.
    if (this.store.collections.webhooks.size === 0 || !isTopic(event.topic)) return;
    const webhooks = this.store.collections.webhooks.findBy('topic', event.topic);
    for (const webhook of webhooks) {
      this.queue(webhook, event.id, this.config.render(this.store, webhook, event));
    }
  }

  /** Creates a delivery (and its duplicate when the store sends duplicates) and sends it. */
  queue(webhook: Webhook, eventId: number | null, body: string): Delivery {
    const settings = this.store.settings.webhooks;
    const first = this.create(webhook, eventId, body, null);
    this.dispatch(first);
    // Spec, delivery rule 4: the same webhook may be delivered more than once.
    if (settings.duplicates) this.dispatch(this.create(webhook, eventId, first.body, first.id));
    return first;
  }

  private create(
    webhook: Webhook,
    eventId: number | null,
    body: string,
    duplicateOf: number | null,
    synthetic = false,
  ): Delivery {
    const { headers } = this.config;
    const settings = this.store.settings.webhooks;
    const status: DeliveryStatus =
      settings.mode === 'outbox' ? 'outbox' : settings.paused ? 'paused' : 'pending';
    const now = this.store.now();
    return this.store.collections.deliveries.insert({
      id: this.store.nextId('deliveries'),
      webhook_id: webhook.id,
      event_id: eventId,
      topic: webhook.topic,
      url: webhook.address,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': this.config.userAgent,
        [headers.topic]: webhook.topic,
        [headers.hmac]: signWebhook(body, this.store.clientSecret),
      },
      body,
      status,
      attempts: [],
      duplicate_of: duplicateOf,
      synthetic,
      created_at: now,
      updated_at: now,
    });
  }

  /** Sends a pending delivery once the command that made it commits (never, if it fails). */
  private dispatch(delivery: Delivery): void {
    if (delivery.status !== 'pending') return;
    this.store.afterCommit(() =>
      this.store.track(this.inOrder(delivery.webhook_id, () => this.attempt(delivery.id, true))),
    );
  }

  /** Runs `send` after the previous sends of the same webhook. */
  private inOrder<T>(webhookId: number, send: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(webhookId) ?? Promise.resolve();
    const next = previous.then(send, send);
    this.chains.set(webhookId, next);
    void next.finally(() => {
      if (this.chains.get(webhookId) === next) this.chains.delete(webhookId);
    });
    return next;
  }

  /** The retry job: one more try of a delivery that failed before. */
  async retry(deliveryId: number): Promise<string> {
    const delivery = this.store.collections.deliveries.get(deliveryId);
    if (!delivery || delivery.status !== 'retrying') return 'nothing to do';
    const result = await this.inOrder(delivery.webhook_id, () => this.attempt(deliveryId, true));
    return describe(result);
  }

  /** Sends a delivery again now, once (control API replay); returns it as it ends up. */
  async replay(deliveryId: number): Promise<Delivery | undefined> {
    const delivery = this.store.collections.deliveries.get(deliveryId);
    if (!delivery) return undefined;
    await this.inOrder(delivery.webhook_id, () => this.attempt(deliveryId, false));
    return this.store.collections.deliveries.get(deliveryId);
  }

  /** Sends the deliveries held while paused, in order, and waits for them. */
  async resume(): Promise<number> {
    const held = this.store.collections.deliveries.findBy('status', 'paused');
    for (const delivery of held)
      this.dispatch(this.store.collections.deliveries.update(delivery.id, { status: 'pending' }));
    await this.store.settle();
    return held.length;
  }

  /** Sends a test delivery (no event) at once and waits for it; `synthetic` marks a made-up record. */
  async test(webhook: Webhook, body: string, synthetic = false): Promise<Delivery | undefined> {
    const delivery = this.create(webhook, null, body, null, synthetic);
    if (delivery.status !== 'pending') return delivery;
    await this.inOrder(webhook.id, () => this.attempt(delivery.id, false));
    return this.store.collections.deliveries.get(delivery.id);
  }

  /** One try; with `retries` a failure schedules the next try, or ends the webhook after the last. */
  private async attempt(deliveryId: number, retries: boolean): Promise<SendResult | null> {
    const store = this.store;
    const delivery = store.collections.deliveries.get(deliveryId);
    if (!delivery) return null;
    const at = store.clock.now();
    const settings = store.settings.webhooks;
    const result = await sendWebhook(
      delivery.url,
      { ...delivery.headers },
      delivery.body,
      settings.timeout_ms,
      {
        allowMetadataAddresses:
          (this.config.allowMetadataAddresses ?? false) || settings.allow_metadata_addresses,
        ...(this.config.lookup ? { lookup: this.config.lookup } : {}),
      },
    );
    // The try's outcome is one command: the delivery, its next try, the webhook ended.
    store.command(() => this.record(deliveryId, retries, at, result));
    return result;
  }

  private record(deliveryId: number, retries: boolean, at: number, result: SendResult): void {
    const store = this.store;
    const current = store.collections.deliveries.get(deliveryId);
    if (!current) return;
    const attempts = [
      ...current.attempts,
      {
        number: current.attempts.length + 1,
        at: toIso(at),
        response_status: result.status,
        response_body: result.body,
        duration_ms: result.durationMs,
        error: result.error ?? (succeeded(result) ? null : `HTTP ${result.status}`),
      },
    ];
    if (succeeded(result)) {
      store.collections.deliveries.update(deliveryId, {
        status: 'succeeded',
        attempts,
        updated_at: store.now(),
      });
    } else if (retries && retryable(result) && attempts.length < MAX_TRIES) {
      store.collections.deliveries.update(deliveryId, {
        status: 'retrying',
        attempts,
        updated_at: store.now(),
      });
      store.scheduler.schedule({
        type: WEBHOOK_RETRY_JOB,
        due_at: at + (RETRY_DELAYS_MINUTES[attempts.length - 1] ?? 60) * 60_000,
        subject: `delivery:${deliveryId}`,
        payload: { delivery_id: deliveryId },
      });
    } else {
      store.collections.deliveries.update(deliveryId, {
        status: 'failed',
        attempts,
        updated_at: store.now(),
      });
      // Spec, delivery rule 3: after the last failed try the webhook is deleted. Other answers
      // (a 404, a redirect) end the delivery without retries and keep the webhook.
      if (retries && retryable(result)) store.collections.webhooks.delete(current.webhook_id);
    }
  }
}

/** A try the service counts as a success: a 2xx answer. */
export function succeeded(result: Pick<SendResult, 'status'>): boolean {
  return result.status !== null && result.status >= 200 && result.status < 300;
}

/**
 * api-facts: a 408, a 429, any 5xx or no answer within the timeout is a failed try to retry. A
 * refused address is not: trying again would be refused again (the webhook stays).
 */
export function retryable(result: Pick<SendResult, 'status' | 'refused'>): boolean {
  if (result.refused) return false;
  return result.status === null || result.status === 408 || result.status === 429 || result.status >= 500;
}

function describe(result: SendResult | null): string {
  if (!result) return 'nothing to do';
  if (succeeded(result)) return 'delivered';
  return `failed: ${result.error ?? `HTTP ${result.status}`}`;
}
