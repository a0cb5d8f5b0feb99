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
  readonly created_at: string;
}

export interface CreatedStore {
  readonly store: StoreInfo;
  readonly token: string;
  readonly client_secret: string;
}

export interface CreateStoreInput {
  readonly name?: string;
  readonly settings?: Record<string, unknown>;
  readonly token?: string;
  readonly clock?: { readonly now?: string; readonly mode?: 'frozen' | 'realtime' };
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
