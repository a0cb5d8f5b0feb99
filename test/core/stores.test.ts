import { describe, expect, it } from 'vitest';
import { createEmulator, SCOPES } from '../../src/index.js';
import { Api, type Json } from '../helpers/api.js';
import { START, useEmulator } from '../helpers/emulator.js';
import { createCustomer, createCustomerWithAddress, subscribedCustomer } from '../helpers/factories.js';

const { store, emulator } = useEmulator();

describe('stores', () => {
  it('creates an isolated store with its own token and client secret', async () => {
    const reply = await fetch(`${emulator().url}/_emulator/stores`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Shop B', settings: { currency: 'EUR', plan: 'standard' } }),
    });
    expect(reply.status).toBe(201);
    const body = (await reply.json()) as Json;
    expect(body.token).toMatch(/^emu_[0-9a-f]{32}$/);
    expect(body.client_secret).toMatch(/^secret_[0-9a-f]{40}$/);
    expect(body.store).toMatchObject({
      name: 'Shop B',
      settings: {
        currency: 'EUR',
        plan: 'standard',
        default_api_version: '2021-11',
        platform: 'platform_a',
        retention_enabled: false,
        timezone: 'UTC',
        enabled_presentment_currencies: ['EUR'],
      },
      clock: { mode: 'frozen' },
    });
    const fetched = await emulator().control.getStore(body.store.id);
    expect(fetched.name).toBe('Shop B');
    const listed = await emulator().control.listStores();
    expect(listed.map((s) => s.id)).toContain(body.store.id);
  });

  it('refuses invalid settings with 422', async () => {
    const res = await fetch(`${emulator().url}/_emulator/stores`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ settings: { platform: 'mars', timezone: 'Nowhere/City', currency: 'euro' } }),
    });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { errors: { settings: Record<string, unknown> } };
    expect(Object.keys(body.errors.settings).sort()).toEqual(['currency', 'platform', 'timezone']);
  });

  it("keeps one store's data invisible to another store's token (404)", async () => {
    const a = await store();
    const b = await store();
    const { customerId, addressId } = await createCustomerWithAddress(a.api);
    expect((await a.api.get(`/customers/${customerId}`)).status).toBe(200);
    expect((await b.api.get(`/customers/${customerId}`)).status).toBe(404);
    expect((await b.api.get(`/addresses/${addressId}`)).status).toBe(404);
    expect((await b.api.put(`/customers/${customerId}`, { first_name: 'X' })).status).toBe(404);
    expect((await b.api.get('/customers')).body.customers).toEqual([]);
    expect((await a.api.get('/customers')).body.customers).toHaveLength(1);
  });

  it('deletes a store and its tokens, but never the default store', async () => {
    const s = await store();
    await emulator().control.deleteStore(s.storeId);
    expect((await s.api.get('/customers')).status).toBe(401);
    const res = await fetch(`${emulator().url}/_emulator/stores/${emulator().storeId}`, { method: 'DELETE' });
    expect(res.status).toBe(422);
    const missing = await fetch(`${emulator().url}/_emulator/stores/987654`, { method: 'DELETE' });
    expect(missing.status).toBe(404);
  });

  it("resets the calling token's store only", async () => {
    const a = await store();
    const b = await store();
    await createCustomer(a.api);
    await createCustomer(b.api);
    await a.control.reset();
    expect((await a.api.get('/customers')).body.customers).toEqual([]);
    expect((await a.api.get('/events')).body.events).toEqual([]);
    expect((await b.api.get('/customers')).body.customers).toHaveLength(1);
    expect((await a.api.get('/accounts')).body.accounts).toHaveLength(1);
    expect((await a.control.clock()).now).toBe(START);
  });
});

describe('tokens and scopes', () => {
  it('gives the first token every scope', async () => {
    const { api } = await store();
    const reply = await api.get('/token_information');
    expect(reply.status).toBe(200);
    expect([...reply.body.token_information.scopes].sort()).toEqual([...SCOPES].sort());
    expect(reply.body.token_information).toMatchObject({
      name: 'Default token',
      client: { name: 'Default token' },
    });
  });

  it('refuses a read-only token every write with 403 naming the scope', async () => {
    const s = await store();
    const { customerId, addressId } = await createCustomerWithAddress(s.api);
    const issued = await s.control.createToken({ name: 'reader', scopes: ['read_customers'] });
    expect(issued.scopes).toEqual(['read_customers']);
    const reader = s.api.with({ token: issued.token });
    expect((await reader.get(`/customers/${customerId}`)).status).toBe(200);
    const writes = [
      () => reader.post('/customers', { email: 'x@y.co', first_name: 'X', last_name: 'Y' }),
      () => reader.put(`/customers/${customerId}`, { first_name: 'X' }),
      () => reader.delete(`/customers/${customerId}`),
      () => reader.put(`/addresses/${addressId}`, { city: 'Boston' }),
      () => reader.delete(`/addresses/${addressId}`),
    ];
    for (const write of writes) {
      const reply = await write();
      expect(reply.status).toBe(403);
      expect(reply.body.error).toContain('write_customers');
    }
    const store403 = await reader.get('/store');
    expect(store403.status).toBe(403);
    expect(store403.body.error).toContain('read_store');
    expect((await reader.get('/events')).body.error).toContain('read_events');
    expect((await reader.get('/payment_methods')).body.error).toContain('read_payment_methods');
  });

  it('lets a write scope read what it may write', async () => {
    const s = await store();
    const issued = await s.control.createToken({ name: 'writer', scopes: ['write_customers'] });
    const writer = s.api.with({ token: issued.token });
    expect((await writer.get('/customers')).status).toBe(200);
  });

  it('refuses unknown scopes and a token already in use (422)', async () => {
    const s = await store();
    await expect(s.control.createToken({ name: 'x', scopes: ['read_everything'] })).rejects.toMatchObject({
      status: 422,
    });
    await expect(s.control.createToken({ name: 'x', scopes: [], token: s.token })).rejects.toMatchObject({
      status: 422,
    });
  });
});

describe('start options', () => {
  it('protects the control API with --admin-token, except health', async () => {
    const emu = await createEmulator({ port: 0, logger: 'silent', adminToken: 'let-me-in' });
    try {
      expect((await fetch(`${emu.url}/_emulator/health`)).status).toBe(200);
      const refused = await fetch(`${emu.url}/_emulator/clock`);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ error: expect.any(String) });
      const wrong = await fetch(`${emu.url}/_emulator/clock`, { headers: { Authorization: 'Bearer nope' } });
      expect(wrong.status).toBe(401);
      expect((await emu.control.clock()).mode).toBe('frozen');
    } finally {
      await emu.close();
    }
  });

  it('uses the configured header prefix for every custom header', async () => {
    const emu = await createEmulator({
      port: 0,
      logger: 'silent',
      headerPrefix: 'Recharge',
      token: 'prefixed-token',
    });
    try {
      const headers = { 'X-Recharge-Access-Token': 'prefixed-token', 'X-Recharge-Version': '2021-01' };
      const ok = await fetch(`${emu.url}/customers`, { headers });
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ customers: [] });
      const old = new Api(emu.url, 'prefixed-token');
      expect((await old.get('/customers')).status).toBe(401);
    } finally {
      await emu.close();
    }
  });

  it('gives the same token, secret and hashes for the same --seed', async () => {
    const runs = [];
    for (let i = 0; i < 2; i++) {
      const emu = await createEmulator({ port: 0, logger: 'silent', seed: 7 });
      const customer = await createCustomer(new Api(emu.url, emu.token), { email: 'same@example.com' });
      runs.push({ token: emu.token, secret: emu.clientSecret, hash: customer.hash });
      await emu.close();
    }
    expect(runs[0]).toEqual(runs[1]);
  });

  it('serves GET /_emulator/health without a token', async () => {
    const res = await fetch(`${emulator().url}/_emulator/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('counts customers, active subscriptions, queued and failed charges and pending deliveries', async () => {
    const s = await store({ settings: { webhooks: { paused: true } } });
    const empty = await s.control.getStore(s.storeId);
    expect(empty.counts).toEqual({
      customers: 0,
      active_subscriptions: 0,
      queued_charges: 0,
      failed_charges: 0,
      pending_deliveries: 0,
    });
    await s.api.post('/webhooks', { address: 'http://127.0.0.1:9/hooks', topic: 'charge/failed' });
    await subscribedCustomer(s.api, 'tok_declined');
    await subscribedCustomer(s.api);
    await createCustomer(s.api);
    expect((await s.control.listStores()).find((info) => info.id === s.storeId)?.counts).toEqual({
      customers: 3,
      active_subscriptions: 2,
      queued_charges: 2,
      failed_charges: 0,
      pending_deliveries: 0,
    });
    await s.control.advanceClock({ days: 2 }); // both charged: one paid, one declined
    const held = await s.control.deliveries({ status: 'paused' }); // charge/failed, held while paused
    expect(held.length).toBeGreaterThan(0);
    expect((await s.control.getStore(s.storeId)).counts).toEqual({
      customers: 3,
      active_subscriptions: 2,
      queued_charges: 1, // the paid one's next charge
      failed_charges: 1,
      pending_deliveries: held.length,
    });
  });

  it('marks the default store, the one that cannot be deleted', async () => {
    const s = await store();
    const listed = await emulator().control.listStores();
    expect(listed.filter((info) => info.default).map((info) => info.id)).toEqual([emulator().storeId]);
    expect((await s.control.getStore(s.storeId)).default).toBe(false);
  });

  it('lists the test payment tokens with what a charge paid with each does', async () => {
    const tokens = await emulator().control.paymentTokens();
    expect(tokens).toContainEqual({
      token: 'tok_declined',
      description: 'declined: CARD_DECLINED',
      card: { brand: 'visa', last4: '0002', expired: false },
    });
    expect(tokens.find((t) => t.token === 'tok_expired')?.card).toEqual({
      brand: 'visa',
      last4: '0069',
      expired: true,
    });
    expect(tokens.map((t) => t.token)).toEqual(
      expect.arrayContaining(['tok_ok', 'tok_expired', 'tok_insufficient_funds', 'tok_authorize_only']),
    );
  });
});
