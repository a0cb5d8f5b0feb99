import type { ApiVersion } from './versions.js';
import type { Timestamp } from './shared.js';

/** A subscription of a receiver URL to one topic. */
export interface Webhook {
  readonly id: number;
  /** The receiver URL. */
  readonly address: string;
  readonly topic: string;
  readonly included_objects: readonly string[];
  /** Payloads are rendered in the version the webhook was created with. */
  readonly api_version: ApiVersion;
  readonly created_at: Timestamp;
  readonly updated_at: Timestamp;
}

export interface DeliveryAttempt {
  readonly number: number;
  /** Virtual time of the try. */
  readonly at: Timestamp;
  readonly response_status: number | null;
  readonly response_body: string | null;
  readonly duration_ms: number;
  readonly error: string | null;
}

export const DELIVERY_STATUSES = ['pending', 'paused', 'outbox', 'retrying', 'succeeded', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One webhook payload for one receiver, with every try to deliver it. */
export interface Delivery {
  readonly id: number;
  readonly webhook_id: number;
  /** The event it announces (`null` for a test delivery). */
  readonly event_id: number | null;
  readonly topic: string;
  readonly url: string;
  /** The exact request: headers (with the signature) and the raw body that was signed. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly status: DeliveryStatus;
  readonly attempts: readonly DeliveryAttempt[];
  /**
   * A test delivery whose record was made up because the store had none of the topic's kind
   * (webhooks/samples.ts); absent in older data: false.
   */
  readonly synthetic?: boolean;
  /** Set on the copy sent when duplicate deliveries are switched on. */
  readonly duplicate_of: number | null;
  readonly created_at: Timestamp;
  readonly updated_at: Timestamp;
}
