/**
 * The system under test of the billing property test: one store of an in-process emulator with a
 * few customers, cards, a discount and a webhook per topic to an inbox, driven through the public
 * API and the control API. After every step it reads the store whole (the control API's snapshot)
 * for the invariants, and remembers every answer of 500 or more.
 */
import type { Emulator } from '../../../src/index.js';
import type { InboxClient } from '../../../src/client/client.inbox.js';
import type { Charge } from '../../../src/model/charge.js';
import type { Customer } from '../../../src/model/customer.js';
import type { EventRecord } from '../../../src/model/event.js';
import type { Onetime } from '../../../src/model/onetime.js';
import type { Order } from '../../../src/model/order.js';
import type { PaymentMethod } from '../../../src/model/payment-method.js';
import type { Subscription } from '../../../src/model/subscription.js';
import { Api, type Json, type Reply } from '../../helpers/api.js';
import { addCard, addressBody2021_11, createCustomerWithAddress } from '../../helpers/factories.js';

/** Topics the store's webhooks subscribe to (one webhook each, all to one inbox). */
export const TOPICS = [
  'charge/created',
  'charge/updated',
  'charge/deleted',
  'charge/paid',
  'charge/failed',
  'charge/refunded',
  'charge/max_retries_reached',
  'customer/activated',
  'customer/deactivated',
  'order/created',
  'order/processed',
  'subscription/created',
  'subscription/updated',
  'subscription/cancelled',
  'subscription/activated',
  'subscription/skipped',
  'subscription/unskipped',
  'onetime/created',
] as const;

/** The records of the store, as its snapshot holds them. */
export interface Records {
  readonly now: string;
  readonly today: string;
  readonly settings: Json;
  readonly charges: readonly Charge[];
  readonly subscriptions: readonly Subscription[];
  readonly onetimes: readonly Onetime[];
  readonly orders: readonly Order[];
  readonly customers: readonly Customer[];
  readonly events: readonly EventRecord[];
  readonly payment_methods: readonly PaymentMethod[];
}

export interface Shopper {
  readonly customerId: number;
  readonly addressIds: readonly number[];
  readonly cardId: number;
}

let stores = 0;

export class BillingSystem {
  /** Answers of 500 or more: a step that got one fails the run. */
  readonly serverErrors: string[] = [];
  /** Scheduled jobs that failed inside (`failed: internal error`). */
  readonly failedJobs: string[] = [];
  /** Events already matched with their deliveries. */
  eventsChecked = 0;
  /** The newest inbox entry already matched, and how many the inbox had received then. */
  inboxSeen = 0;
  inboxReceived = 0;
  records!: Records;

  private constructor(
    readonly api: Api,
    readonly control: Emulator['control'],
    readonly inbox: InboxClient,
    readonly storeId: number,
    readonly shoppers: readonly Shopper[],
    readonly discountIds: readonly number[],
  ) {}

  static async start(emulator: Emulator): Promise<BillingSystem> {
    const created = await emulator.control.createStore({
      settings: { default_api_version: '2021-11', plan: 'pro', upcoming_charge_days: 0 },
      clock: { now: '2025-01-15T12:00:00Z' },
    });
    const api = new Api(emulator.url, created.token, '2021-11');
    const control = emulator.control.forStore(created.token);
    const inbox = control.inbox(`billing-model-${created.store.id}-${++stores}`);
    const url = await inbox.url();
    for (const topic of TOPICS) await api.post('/webhooks', { address: url, topic });
    const shoppers: Shopper[] = [];
    for (let i = 0; i < 2; i++) {
      const { customerId, addressId } = await createCustomerWithAddress(api);
      const card = await addCard(api, customerId, 'tok_ok');
      const addressIds = [addressId];
      if (i === 0) {
        const second = await api.post(
          '/addresses',
          addressBody2021_11(customerId, { address1: '2 Side St' }),
        );
        addressIds.push(second.body.address.id);
      }
      shoppers.push({ customerId, addressIds, cardId: card.id });
    }
    const discount = await api.post(
      '/discounts',
      { code: `TEN${created.store.id}`, discount_type: 'percentage', duration: 'forever', value: '10' },
      { version: '2021-01' },
    );
    const system = new BillingSystem(api, control, inbox, created.store.id, shoppers, [
      discount.body.discount.id,
    ]);
    await system.refresh();
    return system;
  }

  /** Calls the API, noting an answer of 500 or more with what was asked. */
  async call(
    method: string,
    path: string,
    body?: unknown,
    version: '2021-01' | '2021-11' = '2021-11',
  ): Promise<Reply<Json>> {
    const reply = await this.api.call(method, path, body, { version });
    if (reply.status >= 500)
      this.serverErrors.push(`${method} ${path} ${JSON.stringify(body)} → ${reply.status} ${reply.text}`);
    return reply;
  }

  async advance(input: { days: number } | { hours: number }): Promise<void> {
    const report = await this.control.advanceClock(input);
    for (const job of report.jobs)
      if (job.outcome.startsWith('failed: internal')) this.failedJobs.push(`${job.type} ${job.subject}`);
  }

  /** Reads the store whole, once its webhook deliveries have their answers. */
  async refresh(): Promise<void> {
    await this.control.flushWebhooks();
    const snapshot = await this.control.snapshot();
    const c = snapshot.store.collections as Record<string, unknown[] | undefined>;
    const list = <T>(name: string) => (c[name] ?? []) as T[];
    const settings = snapshot.store.settings as Json;
    const now = snapshot.store.clock.now;
    this.records = {
      now,
      today: now.slice(0, 10),
      settings,
      charges: list<Charge>('charges'),
      subscriptions: list<Subscription>('subscriptions'),
      onetimes: list<Onetime>('onetimes'),
      orders: list<Order>('orders'),
      customers: list<Customer>('customers'),
      events: list<EventRecord>('events'),
      payment_methods: list<PaymentMethod>('payment_methods'),
    };
  }

  /** The `index`-th of `items` (modulo their number), or undefined when there are none. */
  static pick<T>(items: readonly T[], index: number): T | undefined {
    return items.length === 0 ? undefined : items[index % items.length];
  }

  async stop(): Promise<void> {
    await this.inbox.clear();
    await this.control.deleteStore(this.storeId);
  }
}
