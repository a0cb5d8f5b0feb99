/**
 * The typed client of one webhook inbox (`/_emulator/inbox/<name>`), as `ControlClient.inbox(name)`
 * gives it: its URL to subscribe webhooks to, what arrived, the status it answers.
 *
 * @example
 * const inbox = control.inbox('orders-suite');
 * await api.post('/webhooks', { address: await inbox.url(), topic: 'charge/paid' });
 * await control.advanceClock({ days: 1 });
 * await control.flushWebhooks();
 * const [paid] = await inbox.requests({ topic: 'charge/paid' });
 * paid?.signature.valid; // true
 */
import type { InboxEntry, InboxSummary, InboxView } from './client.types.js';

/** What the inbox client needs of the control client: its request method. */
interface Requester {
  request<T>(method: string, path: string, body?: unknown): Promise<T>;
}

export class InboxClient {
  constructor(
    private readonly control: Requester,
    readonly name: string,
  ) {}

  private get path(): string {
    return `/inbox/${encodeURIComponent(this.name)}`;
  }

  /**
   * The URL a store's webhooks reach this inbox at, as the emulator sees itself (inside a
   * container too): use it as a webhook's `address` or as `--webhook-url`.
   */
  async url(): Promise<string> {
    return (await this.read({ limit: 1 })).url;
  }

  /** The inbox with the requests it kept, newest first (`topic` and `limit` filter them). */
  async read(filter: { topic?: string; limit?: number } = {}): Promise<InboxView> {
    const query = new URLSearchParams();
    if (filter.topic !== undefined) query.set('topic', filter.topic);
    if (filter.limit !== undefined) query.set('limit', String(filter.limit));
    const suffix = query.size > 0 ? `?${query.toString()}` : '';
    return (await this.control.request<{ inbox: InboxView }>('GET', `${this.path}${suffix}`)).inbox;
  }

  /** The requests it kept, newest first. Flush the store's webhooks first (`flushWebhooks`). */
  async requests(filter: { topic?: string; limit?: number } = {}): Promise<InboxEntry[]> {
    return [...(await this.read(filter)).entries];
  }

  /** Makes it answer `status` from now on (200 by default; 500 makes deliveries fail and retry). */
  async answerWith(status: number): Promise<InboxSummary> {
    return (await this.control.request<{ inbox: InboxSummary }>('PUT', this.path, { status })).inbox;
  }

  /** Forgets what it received and the status it was told. */
  async clear(): Promise<void> {
    await this.control.request('DELETE', this.path);
  }
}
