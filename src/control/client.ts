/**
 * A typed client for the control API, for tests that drive the emulator from outside (in-process
 * or in a container). Every method maps to one `/_emulator` route.
 *
 * @example
 * const control = new ControlClient({ baseUrl: emulator.url, token: emulator.token });
 * await control.advanceClock({ days: 30 });
 */
import { headerNames } from '../http/headers.js';
import type { FaultRuleInput, FaultRuleView } from '../platform/faults/fault.types.js';
import type { JournalEntryView } from '../platform/journal/journal.js';
import type { JournalFilter } from './requests.filter.js';

export type {
  FaultAction,
  FaultMatch,
  FaultRecord,
  FaultRuleInput,
  FaultRuleView,
  FaultWhen,
} from '../platform/faults/fault.types.js';
export type { JournalEntryView } from '../platform/journal/journal.js';
export type { JournalFilter } from './requests.filter.js';

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
}

export interface CreatedStore {
  readonly store: StoreInfo;
  readonly token: string;
  readonly client_secret: string;
  /** With `scenario`: its name and the records its fixture created, by kind (null: no fixture). */
  readonly scenario?: { readonly name: string; readonly records: Record<string, number> | null };
}

export interface CreateStoreInput {
  readonly name?: string;
  readonly settings?: Record<string, unknown>;
  readonly token?: string;
  readonly clock?: { readonly now?: string; readonly mode?: 'frozen' | 'realtime' };
  /** A built-in scenario to seed the store with (`scenarios()` lists them). */
  readonly scenario?: string;
}

export type AdvanceInput =
  | { readonly seconds: number }
  | { readonly minutes: number }
  | { readonly hours: number }
  | { readonly days: number }
  | { readonly to: string }
  | { readonly until: 'next_job' };

export interface AdvanceReport {
  readonly now: string;
  readonly jobs: readonly { type: string; due_at: string; subject: string; outcome: string }[];
  readonly events: readonly string[];
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

/** A non-2xx answer of the control API. */
export class ControlError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`control API answered ${status}: ${JSON.stringify(body)}`);
    this.name = 'ControlError';
  }
}

export class ControlClient {
  constructor(readonly options: ControlClientOptions) {}

  /** The same client acting on another store. */
  forStore(token: string): ControlClient {
    return new ControlClient({ ...this.options, token });
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (this.options.token) headers[headerNames(this.options.headerPrefix).accessToken] = this.options.token;
    if (this.options.adminToken) headers.Authorization = `Bearer ${this.options.adminToken}`;
    const response = await fetch(`${this.options.baseUrl.replace(/\/$/, '')}/_emulator${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) throw new ControlError(response.status, parsed);
    return parsed as T;
  }

  health(): Promise<{ status: 'ok' }> {
    return this.request('GET', '/health');
  }

  createStore(input: CreateStoreInput = {}): Promise<CreatedStore> {
    return this.request('POST', '/stores', input);
  }

  async listStores(): Promise<StoreInfo[]> {
    return (await this.request<{ stores: StoreInfo[] }>('GET', '/stores')).stores;
  }

  async getStore(id: number): Promise<StoreInfo> {
    return (await this.request<{ store: StoreInfo }>('GET', `/stores/${id}`)).store;
  }

  async deleteStore(id: number): Promise<void> {
    await this.request('DELETE', `/stores/${id}`);
  }

  /** Empties this client's store. */
  async reset(): Promise<void> {
    await this.request('POST', '/reset', {});
  }

  async createToken(input: {
    name: string;
    scopes: readonly string[];
    token?: string;
  }): Promise<IssuedToken> {
    return (await this.request<{ token: IssuedToken }>('POST', '/tokens', input)).token;
  }

  clock(): Promise<{ now: string; mode: 'frozen' | 'realtime' }> {
    return this.request('GET', '/clock');
  }

  /** Moves the store's clock forward, running every job due on the way. */
  advanceClock(input: AdvanceInput): Promise<AdvanceReport> {
    return this.request('POST', '/clock/advance', input);
  }

  /** `realtime` follows wall-clock time from where the clock stands; `frozen` moves only when told. */
  setClockMode(mode: 'frozen' | 'realtime'): Promise<{ now: string; mode: 'frozen' | 'realtime' }> {
    return this.request('POST', '/clock/mode', { mode });
  }

  scheduledJobs(): Promise<{ now: string; jobs: { type: string; due_at: string; subject: string }[] }> {
    return this.request('GET', '/clock/jobs');
  }

  /** Changes this store's settings; nested objects (`webhooks`, `dunning`) merge. */
  async updateSettings(change: Record<string, unknown>): Promise<StoreInfo> {
    return (await this.request<{ store: StoreInfo }>('PATCH', '/settings', change)).store;
  }

  /** Webhook deliveries, newest first, with every try. */
  async deliveries(filter: DeliveryFilter = {}): Promise<WebhookDelivery[]> {
    const query = new URLSearchParams(
      Object.entries(filter).map(([key, value]) => [key, String(value)] as [string, string]),
    ).toString();
    const path = `/webhooks/deliveries${query ? `?${query}` : ''}`;
    return (await this.request<{ deliveries: WebhookDelivery[] }>('GET', path)).deliveries;
  }

  async clearDeliveries(): Promise<void> {
    await this.request('DELETE', '/webhooks/deliveries');
  }

  /** Sends a delivery again now (one try) and answers with it. */
  async replayDelivery(id: number): Promise<WebhookDelivery> {
    return (
      await this.request<{ delivery: WebhookDelivery }>('POST', `/webhooks/deliveries/${id}/replay`, {})
    ).delivery;
  }

  /** Waits until every delivery in flight has its answer (or has timed out). */
  async flushWebhooks(): Promise<void> {
    await this.request('POST', '/webhooks/flush', {});
  }

  /** Holds new deliveries until `resumeWebhooks`. */
  async pauseWebhooks(): Promise<void> {
    await this.request('POST', '/webhooks/pause', {});
  }

  /** Sends the held deliveries, in order, and waits for them; answers how many were sent. */
  async resumeWebhooks(): Promise<number> {
    return (await this.request<{ sent: number }>('POST', '/webhooks/resume', {})).sent;
  }

  /** What would have been sent, in outbox mode (`updateSettings({ webhooks: { mode: 'outbox' } })`). */
  async outbox(): Promise<WebhookDelivery[]> {
    return (await this.request<{ outbox: WebhookDelivery[] }>('GET', '/webhooks/outbox')).outbox;
  }

  /** The customer updates their card in the customer portal. */
  portalUpdatePaymentMethod(
    customerId: number,
    input: { processor_payment_method_token: string; payment_details?: Record<string, unknown> },
  ): Promise<{ customer: Record<string, unknown> }> {
    return this.request('POST', `/portal/customers/${customerId}/payment_method`, input);
  }

  /** The customer pauses a subscription in the customer portal (next charge moves out). */
  portalPauseSubscription(
    subscriptionId: number,
    input: { intervals?: number } = {},
  ): Promise<{ subscription: Record<string, unknown> }> {
    return this.request('POST', `/portal/subscriptions/${subscriptionId}/pause`, input);
  }

  /**
   * A buyer completes platform B's checkout (platform B stores, which have no checkout endpoints):
   * `checkout` as `POST /checkouts` takes it, `payment` as its charge does.
   */
  platformCheckout(input: {
    checkout: Record<string, unknown>;
    payment: { payment_processor: string; payment_token: string; payment_type?: string };
  }): Promise<{ checkout: Record<string, unknown>; checkout_charge: Record<string, unknown> }> {
    return this.request('POST', '/platform_checkouts', input);
  }

  /** Uninstalls the service from this store, or an app (revoking its token). */
  async uninstall(input: { target: 'service' } | { target: 'app'; token_id: number }): Promise<StoreInfo> {
    return (await this.request<{ store: StoreInfo }>('POST', '/uninstall', input)).store;
  }

  async reinstall(): Promise<StoreInfo> {
    return (await this.request<{ store: StoreInfo }>('POST', '/reinstall', {})).store;
  }

  /** Emails the store would have sent, newest first; `customer_id` keeps one customer's. */
  async notifications(filter: { customer_id?: number } = {}): Promise<SentNotification[]> {
    const query = filter.customer_id === undefined ? '' : `?customer_id=${filter.customer_id}`;
    return (await this.request<{ notifications: SentNotification[] }>('GET', `/notifications${query}`))
      .notifications;
  }

  /** Forgets the recorded emails of this client's store. */
  async clearNotifications(): Promise<void> {
    await this.request('DELETE', '/notifications');
  }

  /** Opens a credit account (the API only reads them); a positive initial balance is its first adjustment. */
  async createCreditAccount(input: CreditAccountInput): Promise<CreditAccountRecord> {
    return (await this.request<{ credit_account: CreditAccountRecord }>('POST', '/credit_accounts', input))
      .credit_account;
  }

  /** Credits or debits a credit account; a debit beyond its available balance is refused (422). */
  adjustCreditAccount(
    accountId: number,
    input: CreditAdjustmentInput,
  ): Promise<{ credit_adjustment: CreditAdjustmentRecord; credit_account: CreditAccountRecord }> {
    return this.request('POST', `/credit_accounts/${accountId}/adjustments`, input);
  }
  /** The built-in scenarios, with descriptions (`createStore({ scenario })` seeds a store from one). */
  async scenarios(): Promise<ScenarioInfo[]> {
    return (await this.request<{ scenarios: ScenarioInfo[] }>('GET', '/scenarios')).scenarios;
  }

  /** This client's store, whole: data, clock, scheduled jobs, webhooks, settings. */
  snapshot(): Promise<StoreSnapshot> {
    return this.request('GET', '/snapshot');
  }

  /** Replaces this client's store's state with a snapshot (its tokens, secret and name stay). */
  async restoreSnapshot(snapshot: StoreSnapshot): Promise<StoreInfo> {
    return (await this.request<{ store: StoreInfo }>('PUT', '/snapshot', snapshot)).store;
  }

  /** Keeps a named in-memory snapshot of this client's store (one of the same name is replaced). */
  async saveSnapshot(name: string): Promise<NamedSnapshot> {
    return (await this.request<{ snapshot: NamedSnapshot }>('POST', '/snapshots', { name })).snapshot;
  }

  async listSnapshots(): Promise<NamedSnapshot[]> {
    return (await this.request<{ snapshots: NamedSnapshot[] }>('GET', '/snapshots')).snapshots;
  }

  /** Puts this client's store back to a named snapshot. */
  async restoreNamedSnapshot(name: string): Promise<StoreInfo> {
    return (
      await this.request<{ store: StoreInfo }>('POST', `/snapshots/${encodeURIComponent(name)}/restore`, {})
    ).store;
  }

  async deleteSnapshot(name: string): Promise<void> {
    await this.request('DELETE', `/snapshots/${encodeURIComponent(name)}`);
  }

  /**
   * Adds a fault rule to the store.
   *
   * @example
   * await control.addFault({
   *   match: { method: 'POST', path: '/customers' },
   *   action: { type: 'status', status: 503 },
   *   when: { mode: 'next', n: 3 },
   * });
   */
  async addFault(rule: FaultRuleInput): Promise<FaultRuleView> {
    return (await this.request<{ fault: FaultRuleView }>('POST', '/faults', rule)).fault;
  }

  /** The store's fault rules with how many requests each saw and answered. */
  async listFaults(): Promise<FaultRuleView[]> {
    return (await this.request<{ faults: FaultRuleView[] }>('GET', '/faults')).faults;
  }

  async removeFault(id: number): Promise<void> {
    await this.request('DELETE', `/faults/${id}`);
  }

  async clearFaults(): Promise<void> {
    await this.request('DELETE', '/faults');
  }

  /**
   * Recorded API requests of the store, newest first (100 unless `limit` says otherwise).
   *
   * @example
   * const [last] = await control.requests({ method: 'POST', path: '/customers', limit: 1 });
   * last?.status; // 201
   */
  async requests(filter: JournalFilter & { readonly limit?: number } = {}): Promise<JournalEntryView[]> {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(filter))
      if (value !== undefined) query.set(name, String(value));
    const suffix = query.size > 0 ? `?${query.toString()}` : '';
    return (await this.request<{ requests: JournalEntryView[] }>('GET', `/requests${suffix}`)).requests;
  }

  /**
   * How many recorded requests match `filter`.
   *
   * @example
   * expect(await control.countRequests({ method: 'POST', path: '/customers' })).toBe(3);
   */
  async countRequests(filter: JournalFilter = {}): Promise<number> {
    return (await this.request<{ count: number }>('POST', '/requests/count', filter)).count;
  }

  /** Empties the store's request journal. */
  async clearRequests(): Promise<void> {
    await this.request('DELETE', '/requests');
  }
}
