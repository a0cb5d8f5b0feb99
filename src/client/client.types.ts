/** The shapes the control API takes and answers, as the typed `ControlClient` uses them. */
export interface ControlClientOptions {
  readonly baseUrl: string;
  /** Access token of the store to act on; the default store when absent. */
  readonly token?: string;
  /** Bearer token, when the emulator was started with `--admin-token`. */
  readonly adminToken?: string;
  /** Middle word of the custom headers (default `Service`). */
  readonly headerPrefix?: string;
}

export interface StoreInfo {
  readonly id: number;
  readonly name: string;
  readonly settings: Record<string, unknown>;
  readonly clock: { readonly now: string; readonly mode: 'frozen' | 'realtime' };
  /** False while the service is uninstalled (`uninstall`). */
  readonly installed: boolean;
  readonly created_at: string;
  /** The emulator's default store (it cannot be deleted). */
  readonly default: boolean;
  readonly counts: StoreCounts;
}

/** What a store holds, at a glance (`StoreInfo.counts`). */
export interface StoreCounts {
  readonly customers: number;
  readonly active_subscriptions: number;
  readonly queued_charges: number;
  /** Charges in `error` (failed, in dunning or past their last retry). */
  readonly failed_charges: number;
  /** Webhook deliveries not yet answered: pending, retrying or paused. */
  readonly pending_deliveries: number;
}

export interface CreatedStore {
  readonly store: StoreInfo;
  readonly token: string;
  readonly client_secret: string;
  /** With `scenario`: its name and the records its fixture created, by kind (null: no fixture). */
  readonly scenario?: { readonly name: string; readonly records: Record<string, number> | null };
  /** With `clone`: what it read and left out. */
  readonly clone?: CloneSummary;
}

export interface CreateStoreInput {
  readonly name?: string;
  readonly settings?: Record<string, unknown>;
  readonly token?: string;
  readonly clock?: { readonly now?: string; readonly mode?: 'frozen' | 'realtime' };
  /** A built-in scenario to seed the store with (`scenarios()` lists them). */
  readonly scenario?: string;
  /**
   * Fill the store with a copy of a store read through the API at `clone.from` (docs/clone.md);
   * `clock.now` is the clone's virtual time (default now), `settings` given here win.
   */
  readonly clone?: CloneInput;
}

/** Where and how a clone reads its store (`POST /_emulator/stores` `clone`). */
export interface CloneInput {
  /** Base URL of the API, e.g. `https://api.example.com` or another emulator's URL. */
  readonly from: string;
  /** The store's API token there (read scopes are enough). */
  readonly token: string;
  /** Middle word of its headers (`X-<prefix>-Access-Token`); default the emulator's `--header-prefix`. */
  readonly header_prefix?: string;
  /** Its word for the platform (`shopify` for `shopify_product_id`); default the emulator's. */
  readonly platform_word?: string;
  /** Its names for neutral values (`{platform_payments: 'shopify_payments'}`); default the emulator's. */
  readonly value_names?: Record<string, string>;
  /** Version lists are read in where both exist (default 2021-11). */
  readonly api_version?: '2021-01' | '2021-11';
  /** Lists to read (`customers`, `subscriptions`, ...), with what they need; all when absent. */
  readonly only?: readonly string[];
  /** Clone only these customers and their records (the catalog whole). */
  readonly customers?: readonly number[];
  /** Records per page (default 250). */
  readonly page_size?: number;
  /** Replace emails, phones, names and street lines with stand-ins, consistently. */
  readonly redact_pii?: boolean;
}

/** What a clone read and left out (`CreatedStore.clone`, `billing-emulator clone --json`). */
export interface CloneSummary {
  /** Records cloned per list. */
  readonly counts: Record<string, number>;
  /** Records and lists not cloned, and why. */
  readonly skipped: readonly {
    readonly collection: string;
    readonly id: number | string | null;
    readonly reason: string;
  }[];
  readonly requests: number;
  readonly rate_limit_waits: number;
  readonly too_many_requests: number;
  readonly retries: number;
  readonly waited_ms: number;
  readonly duration_ms: number;
  /** With `redact_pii`: the distinct values replaced, by kind. */
  readonly redacted?: Record<string, number>;
}

export type AdvanceInput =
  | { readonly seconds: number }
  | { readonly minutes: number }
  | { readonly hours: number }
  | { readonly days: number }
  /** Calendar months in UTC, clamped to the month's last day. */
  | { readonly months: number }
  | { readonly to: string }
  | { readonly until: 'next_job' };

export interface AdvanceReport {
  readonly now: string;
  readonly jobs: readonly { type: string; due_at: string; subject: string; outcome: string }[];
  readonly events: readonly string[];
}

/** `GET /_emulator/clock/jobs`: what the clock will do next. */
export interface ScheduledJobs {
  readonly now: string;
  /** Every pending job, also those past `limit`. */
  readonly total: number;
  readonly jobs: readonly { id: number; type: string; due_at: string; subject: string; does: string }[];
}

export interface IssuedToken {
  readonly id: number;
  readonly name: string;
  readonly scopes: readonly string[];
  readonly token: string;
}

export interface DeliveryAttempt {
  readonly number: number;
  readonly at: string;
  readonly response_status: number | null;
  readonly response_body: string | null;
  readonly duration_ms: number;
  readonly error: string | null;
}

/** A webhook delivery as the control API logs it: the exact request and every try. */
export interface WebhookDelivery {
  readonly id: number;
  readonly webhook_id: number;
  readonly event_id: number | null;
  readonly topic: string;
  readonly url: string;
  readonly status: 'pending' | 'paused' | 'outbox' | 'retrying' | 'succeeded' | 'failed';
  readonly duplicate_of: number | null;
  /** A test delivery of a made-up sample record (the store had none of the topic's kind). */
  readonly synthetic: boolean;
  readonly request: { readonly headers: Record<string, string>; readonly body: string };
  readonly attempts: readonly DeliveryAttempt[];
  readonly created_at: string;
  readonly updated_at: string;
}

/** An email the store would have sent (`POST /customers/{id}/notifications`). */
export interface SentNotification {
  readonly id: number;
  readonly customer_id: number;
  readonly type: 'email';
  readonly template_type: 'upcoming_charge' | 'get_account_access' | 'platform_update_payment_information';
  readonly template_vars: { readonly address_id: number | null; readonly charge_id: number | null };
  readonly to: string;
  readonly from: string;
  readonly subject: string;
  readonly text: string;
  /** Virtual time, `YYYY-MM-DDTHH:MM:SSZ`. */
  readonly created_at: string;
}

/** A credit account in the 2021-11 shape (api-facts: Credit account). */
export interface CreditAccountRecord {
  readonly id: number;
  readonly customer_id: number;
  readonly available_balance: string;
  readonly initial_balance: string;
  readonly currency_code: string;
  readonly expires_at: string | null;
  readonly name: string | null;
  readonly redemption_code: string | null;
  readonly type: 'reward' | 'manual' | 'gift';
  readonly created_at: string;
  readonly updated_at: string;
}

export interface DeliveryFilter {
  readonly topic?: string;
  readonly webhook_id?: number;
  readonly status?: WebhookDelivery['status'];
  readonly limit?: number;
}

/** A credit adjustment in the 2021-11 shape (api-facts: Credit adjustment). */
export interface CreditAdjustmentRecord {
  readonly id: number;
  readonly credit_account_id: number;
  readonly amount: string;
  readonly currency_code: string;
  readonly ending_balance: string;
  readonly note: string | null;
  readonly type: 'credit' | 'debit';
  readonly created_at: string;
}

export interface CreditAccountInput {
  readonly customer_id: number;
  /** Decimal string (`"25.00"`) or number. */
  readonly initial_balance: string | number;
  /** The store's currency when absent. */
  readonly currency_code?: string;
  readonly name?: string | null;
  /** `manual` when absent. */
  readonly type?: 'reward' | 'manual' | 'gift';
  readonly expires_at?: string | null;
  readonly redemption_code?: string | null;
}

export interface CreditAdjustmentInput {
  readonly amount: string | number;
  readonly type: 'credit' | 'debit';
  readonly note?: string | null;
}

/** A store's whole state as `GET /_emulator/snapshot` gives it (pass it back to `restoreSnapshot`). */
export interface StoreSnapshot {
  readonly kind: 'billing-emulator/snapshot';
  readonly version: 1;
  readonly emulator_version: string;
  readonly store_id: number;
  /** The store's virtual time when it was taken. */
  readonly taken_at: string;
  readonly store: {
    readonly settings: Record<string, unknown>;
    readonly clock: { readonly now: string; readonly mode: 'frozen' | 'realtime' };
    readonly sequences: Record<string, number>;
    readonly uninstalled_at: string | null;
    readonly collections: Record<string, readonly Record<string, unknown>[]>;
  };
}

/** A named in-memory snapshot. */
export interface NamedSnapshot {
  readonly name: string;
  readonly taken_at: string;
  readonly store_id: number;
  /** Records it holds, in every collection. */
  readonly records: number;
}

/** A built-in scenario (`GET /_emulator/scenarios`). */
export interface ScenarioInfo {
  readonly name: string;
  readonly description: string;
  /** Steps of its timeline (`billing-emulator scenario run <name>` runs them). */
  readonly steps: number;
}

/** `POST /_emulator/scenarios/run`: the store a scenario ran in, its token and what each step did. */
export interface ScenarioRun {
  readonly store: StoreInfo;
  readonly token: string;
  readonly report: {
    readonly name: string;
    readonly description: string;
    readonly passed: boolean;
    readonly durationMs: number;
    readonly steps: readonly {
      readonly index: number;
      readonly name: string;
      readonly request?: string;
      readonly status?: number;
      readonly passed: boolean;
      readonly checks: readonly {
        readonly label: string;
        readonly passed: boolean;
        readonly problems: readonly string[];
      }[];
      readonly error?: string;
    }[];
  };
}

/** A webhook inbox (`/_emulator/inbox/<name>`) without its requests. */
export interface InboxSummary {
  readonly name: string;
  /** Where a store's webhooks reach it, as the emulator sees itself. */
  readonly url: string;
  /** The status it answers. */
  readonly status: number;
  /** Requests received in all (the oldest are dropped past 200 kept). */
  readonly received: number;
}

/** A webhook inbox with the requests it kept, newest first. */
export interface InboxView extends InboxSummary {
  readonly entries: readonly InboxEntry[];
}

/** One request a webhook inbox received. */
export interface InboxEntry {
  /** 1, 2, ... in the order the inbox received them. */
  readonly id: number;
  /** Wall-clock time of arrival (the sending store's virtual time is `signature.store_time`). */
  readonly received_at: string;
  /** The topic header's value, when sent. */
  readonly topic: string | null;
  /** The request's headers as received (lowercase names). */
  readonly headers: Readonly<Record<string, string>>;
  /** The body as sent (UTF-8 text). */
  readonly body: string;
  /**
   * Whether the signature header is `sha256(client secret + body)` of one of this emulator's
   * stores, which store, and that store's virtual time when the request arrived.
   */
  readonly signature: {
    readonly valid: boolean;
    readonly store_id: number | null;
    readonly store_time: string | null;
  };
  /** The status the inbox answered. */
  readonly answered: number;
}

/** A test payment token and what a charge paid with it does. */
export interface PaymentToken {
  readonly token: string;
  readonly description: string;
  /** The card a payment method saved with the token describes (`payment_details`); an expired one expired last year. */
  readonly card: { readonly brand: string; readonly last4: string; readonly expired: boolean };
}

/** A webhook of the store as the control API lists it: with the API version of its payloads. */
export interface WebhookInfo {
  readonly id: number;
  readonly address: string;
  readonly topic: string;
  readonly api_version: '2021-01' | '2021-11';
  readonly included_objects: readonly string[];
  readonly created_at: string;
}
