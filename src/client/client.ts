/**
 * A typed client for the control API, for tests that drive the emulator from outside (in-process
 * or in a container). Every method maps to one `/_emulator` route.
 *
 * @example
 * const control = new ControlClient({ baseUrl: emulator.url, token: emulator.token });
 * await control.advanceClock({ days: 30 });
 */
import { downloadToFile, isTransferAnswer, parseAnswer, uploadFile } from './client.files.js';
import { InboxClient } from './client.inbox.js';
import { headerNames } from '../http/headers.js';
import type { FaultRuleInput, FaultRuleView } from '../platform/faults/fault.types.js';
import type { JournalEntryView, JournalFilter } from '../platform/journal/journal.js';

export type {
  FaultAction,
  FaultMatch,
  FaultRecord,
  FaultRuleInput,
  FaultRuleView,
  FaultWhen,
} from '../platform/faults/fault.types.js';
export type { JournalEntryView } from '../platform/journal/journal.js';
export type { JournalFilter } from '../platform/journal/journal.js';
import type {
  ControlClientOptions,
  StoreInfo,
  CreatedStore,
  CreateStoreInput,
  AdvanceInput,
  AdvanceReport,
  IssuedToken,
  WebhookDelivery,
  SentNotification,
  CreditAccountRecord,
  DeliveryFilter,
  CreditAdjustmentRecord,
  CreditAccountInput,
  CreditAdjustmentInput,
  StoreSnapshot,
  NamedSnapshot,
  ScenarioInfo,
  ScenarioRun,
  ScheduledJobs,
  InboxSummary,
  PaymentToken,
  WebhookInfo,
} from './client.types.js';

export { InboxClient } from './client.inbox.js';

export type * from './client.types.js';
export type * from '../webhook-check/report.types.js';
import type { WebhookCheckInput, WebhookCheckReport } from '../webhook-check/report.types.js';

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

  private headers(json: boolean): Record<string, string> {
    const headers: Record<string, string> = {};
    if (json) headers['Content-Type'] = 'application/json';
    if (this.options.token) headers[headerNames(this.options.headerPrefix).accessToken] = this.options.token;
    if (this.options.adminToken) headers.Authorization = `Bearer ${this.options.adminToken}`;
    return headers;
  }

  private url(path: string): string {
    return `${this.options.baseUrl.replace(/\/$/, '')}/_emulator${path}`;
  }

  async request<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers = this.headers(body !== undefined);
    const response = await fetch(this.url(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const parsed: unknown = text ? JSON.parse(text) : undefined;
    if (!response.ok) throw new ControlError(response.status, parsed);
    return parsed as T;
  }

  /**
   * `{status: 'ok'}`; while writing `--data` fails, throws a ControlError with status 503 and body
   * `{status: 'degraded', persistence: PersistenceHealth}`.
   */
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

  /** Issues a token for a store named by id (not the calling store), e.g. to open a store listed by `listStores`. */
  async createStoreToken(
    storeId: number,
    input: { name: string; scopes: readonly string[]; token?: string },
  ): Promise<IssuedToken> {
    return (await this.request<{ token: IssuedToken }>('POST', `/stores/${storeId}/tokens`, input)).token;
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

  /** Scheduled jobs in the order they will run, each with what it will do (`does`); the first `limit` only when given. */
  scheduledJobs(limit?: number): Promise<ScheduledJobs> {
    return this.request('GET', `/clock/jobs${limit === undefined ? '' : `?limit=${limit}`}`);
  }

  /** Changes this store's settings; nested objects (`webhooks`, `dunning`) merge. */
  async updateSettings(change: Record<string, unknown>): Promise<StoreInfo> {
    return (await this.request<{ store: StoreInfo }>('PATCH', '/settings', change)).store;
  }

  /** The store's webhooks, oldest first, each with the API version its payloads are rendered in. */
  async webhooks(): Promise<WebhookInfo[]> {
    return (await this.request<{ webhooks: WebhookInfo[] }>('GET', '/webhooks')).webhooks;
  }

  /** Webhook deliveries, newest first, with every try. */
  async deliveries(filter: DeliveryFilter = {}): Promise<WebhookDelivery[]> {
    const query = new URLSearchParams(
      Object.entries(filter)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => [key, String(value)] as [string, string]),
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

  /**
   * Checks the webhook handler at `input.url`: signed deliveries (valid, forged, twice, out of
   * order...) sent there only, from a store made for the check (`store: 'current'`: this client's
   * store), each answer graded. Resolves when every request was answered or timed out.
   *
   * @example
   * const report = await control.checkWebhooks({ url: 'http://127.0.0.1:3000/webhooks' });
   * report.passed; // every check passed
   */
  async checkWebhooks(input: WebhookCheckInput): Promise<WebhookCheckReport> {
    return (await this.request<{ report: WebhookCheckReport }>('POST', '/webhooks/check', input)).report;
  }

  /** What would have been sent, in outbox mode (`updateSettings({ webhooks: { mode: 'outbox' } })`). */
  async outbox(): Promise<WebhookDelivery[]> {
    return (await this.request<{ outbox: WebhookDelivery[] }>('GET', '/webhooks/outbox')).outbox;
  }

  /**
   * A webhook inbox on the emulator itself, made on first use: subscribe webhooks to its `url()`,
   * then read what arrived. One per test suite (a name of its own): inboxes are the emulator's, not a store's.
   */
  inbox(name: string): InboxClient {
    return new InboxClient(this, name);
  }

  /** The emulator's webhook inboxes. */
  async listInboxes(): Promise<InboxSummary[]> {
    return (await this.request<{ inboxes: InboxSummary[] }>('GET', '/inbox')).inboxes;
  }

  /** The test payment tokens (`tok_declined`, ...) and what a charge paid with each does. */
  async paymentTokens(): Promise<PaymentToken[]> {
    return (await this.request<{ tokens: PaymentToken[] }>('GET', '/payment_tokens')).tokens;
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

  /**
   * Seeds a new store from a built-in scenario (`name`) or a scenario file's `text`, runs its
   * timeline against it and answers the store, its token and the report of every step.
   *
   * @example
   * const run = await control.runScenario({ name: 'dunning' });
   * run.report.passed; // true
   */
  runScenario(input: { name: string } | { text: string; file_name?: string }): Promise<ScenarioRun> {
    return this.request('POST', '/scenarios/run', input);
  }

  /** This client's store, whole: data, clock, scheduled jobs, webhooks, settings. */
  snapshot(): Promise<StoreSnapshot> {
    return this.request('GET', '/snapshot');
  }

  /** Replaces this client's store's state with a snapshot (its tokens, secret and name stay). */
  async restoreSnapshot(snapshot: StoreSnapshot): Promise<StoreInfo> {
    return (await this.request<{ store: StoreInfo }>('PUT', '/snapshot', snapshot)).store;
  }

  /**
   * Streams this client's store whole into `file`, without holding it in memory: the fast way to
   * keep a large store. Version 2 by default (the columnar document, about 60% of the bytes and
   * several times faster both ways); `{version: 1}` writes the document `snapshot()` answers, a
   * record a line. Answers the bytes written.
   *
   * @example
   * await control.exportSnapshot('seeded.json'); // later: await control.importSnapshot('seeded.json');
   */
  async exportSnapshot(file: string, options: { version?: 1 | 2 } = {}): Promise<number> {
    const url = this.url(`/snapshot?version=${options.version ?? 2}`);
    return downloadToFile(url, this.headers(false), file).catch((error: unknown) => {
      if (isTransferAnswer(error)) throw new ControlError(error.status, parseAnswer(error.text));
      throw error;
    });
  }

  /**
   * Replaces this client's store's state with the snapshot document in `file` (as
   * `restoreSnapshot`; version 1 or 2), streaming it: the emulator parses it as it arrives.
   *
   * @example
   * const info = await control.importSnapshot('seeded.json');
   */
  async importSnapshot(file: string): Promise<StoreInfo> {
    const { status, text } = await uploadFile(this.url('/snapshot'), this.headers(true), file);
    const parsed = parseAnswer(text);
    if (status >= 300) throw new ControlError(status, parsed);
    return (parsed as { store: StoreInfo }).store;
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
