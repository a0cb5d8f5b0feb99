/**
 * A request is all or nothing: a command that fails part-way (an error injected right after one of
 * its writes) leaves the store exactly as before it, in memory and after a restart from `--data`:
 * no record, no event, no delivery, no id used up. Regression: a create whose event insert failed
 * (an id collision after a kill during compaction) answered 500 and kept its customer, so the
 * client's retry met "email already exists".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';
import type { CollectionName } from '../../src/store/collections.js';
import type { Store, StoreObserver } from '../../src/store/store.js';
import { Api, type Json } from '../helpers/api.js';
import { START } from '../helpers/emulator.js';
import {
  addCard,
  createCustomer,
  createCustomerWithAddress,
  subscriptionBody,
} from '../helpers/factories.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

/** Throws once, right after the next write to `collection` of the armed store. */
class Saboteur {
  private armed: { storeId: number; collection: CollectionName } | null = null;

  readonly observe: StoreObserver = (store: Store) => {
    for (const [name, collection] of Object.entries(store.collections)) {
      collection.onWrite((_before: unknown, _after: unknown, cause: string) => {
        if (cause !== 'write' || this.armed?.storeId !== store.id || this.armed.collection !== name) return;
        this.armed = null;
        throw new Error(`injected failure after a write to ${name}`);
      });
    }
  };

  arm(storeId: number, collection: CollectionName): void {
    this.armed = { storeId, collection };
  }
}

describe('a command that fails part-way', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'atomic-'));
  const data = path.join(dir, 'shop.json');
  const saboteur = new Saboteur();
  let emulator: Emulator;
  let receiver: Receiver;
  let api: Api;
  let storeId: number;
  let token: string;

  const start = () =>
    createEmulator({ port: 0, logger: 'silent', data, flushIntervalMs: 10, observers: [saboteur.observe] });

  beforeAll(async () => {
    receiver = await startReceiver();
    emulator = await start();
    const created = await emulator.control.createStore({
      settings: { default_api_version: '2021-11' },
      clock: { now: START },
    });
    storeId = created.store.id;
    token = created.token;
    api = new Api(emulator.url, token, '2021-11');
    for (const topic of ['customer/created', 'subscription/created', 'charge/paid'])
      expect((await api.post('/webhooks', { address: receiver.url, topic })).status).toBe(201);
  });

  afterAll(async () => {
    await emulator.close();
    await receiver.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const ids = async (list: string) => ((await api.get(`/${list}`)).body[list] as Json[]).map((r) => r.id);
  const topics = async () =>
    ((await api.get('/events', { query: { limit: 250 } })).body.events as Json[]).map((e) => e.topic);

  it('leaves no customer, no event and no delivery, and the retry takes the same id', async () => {
    const eventsBefore = await topics();
    saboteur.arm(storeId, 'events');
    const failed = await api.post('/customers', {
      email: 'once@example.com',
      first_name: 'Ada',
      last_name: 'L',
    });
    expect(failed.status).toBe(500);
    expect(await ids('customers')).toEqual([]);
    expect(await topics()).toEqual(eventsBefore);
    expect(await emulator.control.forStore(token).deliveries()).toEqual([]);

    const retried = await api.post('/customers', {
      email: 'once@example.com',
      first_name: 'Ada',
      last_name: 'L',
    });
    expect(retried.status).toBe(201);
    // No id was used up by the failed create: the customer gets the first id of the store.
    expect(retried.body.customer.id).toBe(storeId * 10_000_000 + 1);
    await receiver.find((r) => r.topic === 'customer/created');
    expect(receiver.received.map((r) => r.topic)).toEqual(['customer/created']);
  });

  it('undoes a subscription whose queued charge could not be made (a knock-on effect)', async () => {
    const { customerId, addressId } = await createCustomerWithAddress(api);
    const eventsBefore = await topics();
    saboteur.arm(storeId, 'charges');
    const failed = await api.post('/subscriptions', subscriptionBody(addressId));
    expect(failed.status).toBe(500);
    expect(await ids('subscriptions')).toEqual([]);
    expect(await ids('charges')).toEqual([]);
    // Neither subscription/created nor customer/activated happened.
    expect(await topics()).toEqual(eventsBefore);
    const after = await api.get(`/customers/${customerId}`);
    expect(after.body.customer.subscriptions_active_count).toBe(0);
    expect((await api.post('/subscriptions', subscriptionBody(addressId))).status).toBe(201);
  });

  it('undoes a control API command (a card updated in the portal)', async () => {
    const customer = await createCustomer(api, { email: 'portal@example.com' });
    const card = await addCard(api, customer.id, 'tok_ok');
    saboteur.arm(storeId, 'events');
    await expect(
      emulator.control.forStore(token).request('POST', `/portal/customers/${customer.id}/payment_method`, {
        processor_payment_method_token: 'tok_declined',
      }),
    ).rejects.toThrow(/500/);
    const method = await api.get(`/payment_methods/${card.id}`);
    expect(method.body.payment_method.processor_payment_method_token).toBe('tok_ok');
  });

  it('undoes a scheduled job that fails part-way: the charge stays queued, with no order', async () => {
    const { customerId, addressId } = await createCustomerWithAddress(api);
    await addCard(api, customerId);
    const next = new Date(Date.parse(START) + 86_400_000).toISOString().slice(0, 10);
    const created = await api.post(
      '/subscriptions',
      subscriptionBody(addressId, { next_charge_scheduled_at: next }),
    );
    expect(created.status).toBe(201);
    saboteur.arm(storeId, 'orders');
    const report = await emulator.control.forStore(token).advanceClock({ days: 2 });
    expect(report.jobs.map((job: Json) => job.outcome)).toContain('failed: internal error');
    const charges = (await api.get('/charges', { query: { address_id: addressId } })).body.charges as Json[];
    expect(charges.map((c) => c.status)).toEqual(['queued']);
    expect(await ids('orders')).toEqual([]);
    expect(await topics()).not.toContain('charge/paid');
  });

  it('keeps none of it after a restart', async () => {
    const before = {
      customers: await ids('customers'),
      subscriptions: await ids('subscriptions'),
      events: await topics(),
    };
    await emulator.close();
    emulator = await start();
    api = new Api(emulator.url, token, '2021-11');
    expect(await ids('customers')).toEqual(before.customers);
    expect(await ids('subscriptions')).toEqual(before.subscriptions);
    expect(await topics()).toEqual(before.events);
    const charges = (await api.get('/charges')).body.charges as Json[];
    expect(charges.filter((c) => c.status === 'success')).toEqual([]);
  });
});
