import type { Timestamp } from './shared.js';

/** Who or what caused an event (`source` of the event record). */
export interface EventSource {
  readonly account_id: number | null;
  readonly api_token_id: number | null;
  readonly api_token_name: string | null;
  /** `api`, `emulator` (control API, seeding) or `scheduler` (the virtual clock). */
  readonly origin: string;
  readonly user_type: string;
}

/** A domain fact recorded in the store's event log; `topic` is `object_type/verb`. */
export interface EventRecord {
  readonly id: number;
  readonly topic: string;
  readonly object_type: string;
  readonly verb: string;
  readonly object_id: number | string;
  readonly customer_id: number | null;
  readonly description: string;
  readonly updated_attributes: Readonly<Record<string, unknown>> | null;
  readonly custom_attributes: Readonly<Record<string, unknown>> | null;
  readonly source: EventSource;
  readonly created_at: Timestamp;
}
