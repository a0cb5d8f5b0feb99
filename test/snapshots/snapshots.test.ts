/** Snapshots give a store back exactly: data, clock, pending jobs, webhooks, settings, sequences. */
import { describe, expect, it } from 'vitest';
import { ControlError, type StoreSnapshot } from '../../src/index.js';
import type { Json } from '../helpers/api.js';
import { useEmulator } from '../helpers/emulator.js';
import {
  addCard,
  createCustomer,
  createCustomerWithAddress,
  createSubscription,
} from '../helpers/factories.js';

const { store, emulator } = useEmulator();

/** A store with a declined card due tomorrow, a paying one, and a webhook in outbox mode. */
async function seeded() {
  const s = await store({ settings: { webhooks: { mode: 'outbox' } } });
  await s.api.post('/webhooks', { address: 'https://receiver.example/hooks', topic: 'charge/failed' });
  const failing = await createCustomerWithAddress(s.api);
  await addCard(s.api, failing.customerId, 'tok_declined');
  await createSubscription(s.api, failing.addressId, { next_charge_scheduled_at: '2025-01-16' });
  const paying = await createCustomerWithAddress(s.api);
  await addCard(s.api, paying.customerId, 'tok_ok');
  await createSubscription(s.api, paying.addressId, { next_charge_scheduled_at: '2025-01-20' });
  await s.control.advanceClock({ days: 1 }); // one failure: a retry job and an outbox delivery
  return s;
}

async function expectControlError(promise: Promise<unknown>, status: number): Promise<Json> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ControlError);
  expect((error as ControlError).status).toBe(status);
  return (error as ControlError).body;
}

describe('snapshots', () => {
  it('restores the exact state, clock and pending jobs included, after the store moved on', async () => {
    const s = await seeded();
    const before = await s.control.snapshot();
    const jobsBefore = await s.control.scheduledJobs();
    expect(before).toMatchObject({
      kind: 'billing-emulator/snapshot',
      version: 1,
      store_id: s.storeId,
      taken_at: '2025-01-16T12:00:00Z',
      store: { clock: { now: '2025-01-16T12:00:00Z', mode: 'frozen' } },
    });
    expect(before.store.collections.jobs?.length).toBeGreaterThan(0);
    expect(before.store.collections.deliveries).toHaveLength(1);
    await s.control.saveSnapshot('seeded');

    // The store moves on: time, data, settings, webhooks.
    const firstRun = await s.control.advanceClock({ days: 40 });
    await createCustomer(s.api);
    await s.control.updateSettings({ upcoming_charge_days: 5, webhooks: { mode: 'deliver' } });
    await s.api.post('/webhooks', { address: 'https://other.example/hooks', topic: 'charge/paid' });
    expect((await s.control.snapshot()).store.clock.now).toBe('2025-02-25T12:00:00Z');

    const restored = await s.control.restoreNamedSnapshot('seeded');
    expect(restored.clock.now).toBe('2025-01-16T12:00:00Z');
    expect(restored.settings).toMatchObject({ upcoming_charge_days: 3, webhooks: { mode: 'outbox' } });
    expect(await s.control.snapshot()).toEqual(before);
    expect(await s.control.scheduledJobs()).toEqual(jobsBefore);
    // The rebuilt scheduler runs the same jobs in the same order, with the same outcomes.
    expect(await s.control.advanceClock({ days: 40 })).toEqual(firstRun);
  });

  it('keeps ids going from where the snapshot left them', async () => {
    const s = await store();
    const first = await createCustomer(s.api);
    await s.control.saveSnapshot('one-customer');
    const second = await createCustomer(s.api);
    await s.control.restoreNamedSnapshot('one-customer');
    expect((await s.api.get(`/customers/${second.id}`)).status).toBe(404);
    expect((await s.api.get(`/customers/${first.id}`)).status).toBe(200);
    expect((await createCustomer(s.api)).id).toBe(second.id);
  });

  it('exports a store and imports it into another, whose tokens and name stay its own', async () => {
    const source = await seeded();
    const target = await store({ settings: { currency: 'EUR' } });
    const exported = await source.control.snapshot();
    const info = await target.control.restoreSnapshot(JSON.parse(JSON.stringify(exported)) as StoreSnapshot);
    expect(info.id).toBe(target.storeId);
    expect(info.settings).toMatchObject({ currency: 'USD', webhooks: { mode: 'outbox' } });
    const customers = (await target.api.get('/customers')).body.customers;
    expect(customers.map((c: Json) => c.email)).toEqual(
      (await source.api.get('/customers')).body.customers.map((c: Json) => c.email),
    );
    expect((await target.control.snapshot()).store).toEqual(exported.store);
    // The source store is untouched and each token still reaches its own store.
    expect((await source.control.snapshot()).store).toEqual(exported.store);
    expect((await target.api.get('/token_information')).status).toBe(200);
  });

  it("names the importing store as the owner of the store's own metafields (regression: updating one answered 422)", async () => {
    const source = await store();
    const created = await source.api.post('/metafields', {
      metafield: {
        namespace: 'shop',
        key: 'motto',
        owner_id: source.storeId,
        owner_resource: 'store',
        value: 'fresh beans',
        value_type: 'string',
      },
    });
    expect(created.status).toBe(201);
    const target = await store();
    expect(target.storeId).not.toBe(source.storeId);
    await target.control.restoreSnapshot(await source.control.snapshot());
    const id = created.body.metafield.id as number;
    expect((await target.api.get(`/metafields/${id}`)).body.metafield.owner_id).toBe(String(target.storeId));
    const updated = await target.api.put(`/metafields/${id}`, { metafield: { value: 'roasted today' } });
    expect(updated.status).toBe(200);
    expect(updated.body.metafield).toMatchObject({
      owner_id: String(target.storeId),
      value: 'roasted today',
    });
  });

  it('lists, replaces and forgets named snapshots', async () => {
    const s = await store();
    await s.control.saveSnapshot('empty');
    await createCustomer(s.api);
    const replaced = await s.control.saveSnapshot('empty');
    expect(replaced).toMatchObject({ name: 'empty', store_id: s.storeId });
    expect((await s.control.listSnapshots()).map((n) => n.name)).toEqual(['empty']);
    await s.control.deleteSnapshot('empty');
    expect(await s.control.listSnapshots()).toEqual([]);
    expect(await expectControlError(s.control.restoreNamedSnapshot('empty'), 404)).toEqual({
      error: `No snapshot named "empty" in store ${s.storeId}; it has none (GET /_emulator/snapshots lists them).`,
    });
    // Named snapshots belong to their store.
    const other = await store();
    await s.control.saveSnapshot('mine');
    await expectControlError(other.control.restoreNamedSnapshot('mine'), 404);
    await other.control.saveSnapshot('theirs');
    for (const missing of [other.control.restoreNamedSnapshot('mine'), other.control.deleteSnapshot('mine')])
      expect(await expectControlError(missing, 404)).toEqual({
        error: `No snapshot named "mine" in store ${other.storeId}; it has "theirs" (GET /_emulator/snapshots lists them).`,
      });
  });

  it('refuses malformed documents and names with 422, leaving the store as it was', async () => {
    const s = await store();
    const customer = await createCustomer(s.api);
    const good = await s.control.snapshot();
    expect(await expectControlError(s.control.saveSnapshot('no spaces'), 422)).toEqual({
      errors: { name: [expect.stringContaining('Letters, digits')] },
    });
    const wrongKind = await expectControlError(
      s.control.restoreSnapshot({ ...good, kind: 'other' } as unknown as StoreSnapshot),
      422,
    );
    expect(wrongKind.errors.kind).toBeDefined();
    const unknownCollection = await expectControlError(
      s.control.restoreSnapshot({
        ...good,
        store: { ...good.store, collections: { ...good.store.collections, gadgets: [] } },
      }),
      422,
    );
    expect(
      unknownCollection.errors.store.collections._schema ?? unknownCollection.errors.store.collections,
    ).toBeDefined();
    const badSettings = await expectControlError(
      s.control.restoreSnapshot({ ...good, store: { ...good.store, settings: { currency: 'dollars' } } }),
      422,
    );
    expect(badSettings.errors.store.settings.currency).toBeDefined();
    const customers = good.store.collections.customers ?? [];
    const twin = { ...customers[0], id: (customers[0]?.id as number) + 1 };
    const collision = await expectControlError(
      s.control.restoreSnapshot({
        ...good,
        store: { ...good.store, collections: { ...good.store.collections, customers: [...customers, twin] } },
      }),
      422,
    );
    expect(collision).toEqual({
      errors: { store: { collections: { customers: [expect.stringContaining('email')] } } },
    });
    expect((await s.api.get(`/customers/${customer.id}`)).status).toBe(200);
    expect(await s.control.snapshot()).toEqual(good);
    for (const body of [
      '[]',
      '{"kind": 1}',
      '{"store": null, "version": 1, "kind": "billing-emulator/snapshot"}',
    ]) {
      const reply = await fetch(`${emulator().url}/_emulator/snapshot`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', 'X-Service-Access-Token': s.token },
        body,
      });
      expect([415, 422]).toContain(reply.status);
    }
  });
});
