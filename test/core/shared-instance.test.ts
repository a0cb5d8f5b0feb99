/**
 * One emulator shared by many CI jobs (`--admin-token`): each job's store token drives its own
 * store's control routes, and only the admin token reaches across stores. Every control route is
 * walked with a store's token, so a route added without its `access` (or with the wrong one)
 * shows here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlClient, createEmulator, type CreatedStore, type Emulator } from '../../src/index.js';
import { CONTROL_ACCESS } from '../../src/control/access.js';
import { controlEndpoints } from '../../src/control/control.router.js';
import { Api } from '../helpers/api.js';
import { refusal } from '../helpers/refusal.js';

const ADMIN = 'admin-secret-1234';

let emu: Emulator;
let a: CreatedStore;
let b: CreatedStore;
/** The control client of a CI job that holds only its store's token. */
let jobA: ControlClient;

beforeAll(async () => {
  emu = await createEmulator({ port: 0, logger: 'silent', adminToken: ADMIN });
  a = await emu.control.createStore({ name: 'job A', clock: { now: '2025-01-15T12:00:00Z' } });
  b = await emu.control.createStore({ name: 'job B', clock: { now: '2025-01-15T12:00:00Z' } });
  jobA = new ControlClient({ baseUrl: emu.url, token: a.token });
});

afterAll(async () => {
  await emu.close();
});

/** A webhook of `store` delivering to the inbox `name` of this emulator. */
async function webhookToInbox(store: CreatedStore, name: string): Promise<void> {
  const api = new Api(emu.url, store.token, '2021-11');
  const created = await api.post('/webhooks', {
    address: `${emu.url}/_emulator/inbox/${name}`,
    topic: 'customer/created',
  });
  expect(created.status).toBe(201);
}

describe("a store's own token on a shared instance", () => {
  it('drives its own store: clock, journal, faults, snapshots, webhooks, settings, reset', async () => {
    const api = new Api(emu.url, a.token, '2021-11');
    await api.post('/customers', { email: 'a@example.com', first_name: 'A', last_name: 'A' });
    expect((await jobA.advanceClock({ days: 2 })).now).toBe('2025-01-17T12:00:00Z');
    expect((await emu.control.forStore(b.token).clock()).now).toBe('2025-01-15T12:00:00Z');
    expect((await jobA.requests()).map((entry) => entry.path)).toContain('/customers');
    const fault = await jobA.addFault({
      match: { path: '/nowhere' },
      action: { type: 'status', status: 500 },
    });
    await jobA.removeFault(fault.id);
    await jobA.saveSnapshot('seeded');
    expect((await jobA.listSnapshots()).map((s) => s.name)).toEqual(['seeded']);
    await jobA.pauseWebhooks();
    await jobA.resumeWebhooks();
    expect((await jobA.updateSettings({ currency: 'EUR' })).settings.currency).toBe('EUR');
    await jobA.reset();
    expect((await api.get('/customers')).body.customers).toEqual([]);
  });

  it('cannot list, read, create or delete stores, nor mint tokens (403 naming the admin token)', async () => {
    for (const work of [
      () => jobA.listStores(),
      () => jobA.getStore(b.store.id),
      () => jobA.getStore(a.store.id),
      () => jobA.createStore({ name: 'sneaky' }),
      () => jobA.deleteStore(b.store.id),
      () => jobA.createStoreToken(b.store.id, { name: 'stolen', scopes: ['read_customers'] }),
      () => jobA.createToken({ name: 'wider', scopes: ['read_customers', 'write_customers'] }),
      () => jobA.listInboxes(),
    ]) {
      const error = await refusal(work());
      expect(error.status).toBe(403);
      expect(error.body).toEqual({ error: expect.stringContaining('admin token') });
    }
    expect((await emu.control.getStore(b.store.id)).name).toBe('job B');
  });

  it("cannot touch another store's data: its own reset leaves store B whole", async () => {
    const apiB = new Api(emu.url, b.token, '2021-11');
    await apiB.post('/customers', { email: 'b@example.com', first_name: 'B', last_name: 'B' });
    await jobA.reset();
    expect((await apiB.get('/customers')).body.customers).toHaveLength(1);
  });

  it('reads and steers the inboxes its own webhooks point at, not the others', async () => {
    await webhookToInbox(a, 'job-a-hooks');
    await webhookToInbox(b, 'job-b-hooks');
    const api = new Api(emu.url, a.token, '2021-11');
    await api.post('/customers', { email: 'hook@example.com', first_name: 'H', last_name: 'K' });
    await jobA.flushWebhooks();
    expect((await jobA.inbox('job-a-hooks').read()).received).toBe(1);
    expect((await jobA.inbox('job-a-hooks').answerWith(500)).status).toBe(500);
    await jobA.inbox('job-a-hooks').clear();
    for (const work of [
      () => jobA.inbox('job-b-hooks').read(),
      () => jobA.inbox('job-b-hooks').answerWith(500),
      () => jobA.inbox('job-b-hooks').clear(),
    ]) {
      const error = await refusal(work());
      expect(error.status).toBe(403);
      expect(error.body).toEqual({ error: expect.stringContaining('inbox') });
    }
  });

  it('cannot let its webhooks reach cloud metadata addresses; the admin token can', async () => {
    const error = await refusal(jobA.updateSettings({ webhooks: { allow_metadata_addresses: true } }));
    expect(error.status).toBe(403);
    expect(error.body).toEqual({ error: expect.stringContaining('webhooks.allow_metadata_addresses') });
    const asAdmin = emu.control.forStore(a.token);
    const changed = await asAdmin.updateSettings({ webhooks: { allow_metadata_addresses: true } });
    expect(changed.settings).toMatchObject({ webhooks: { allow_metadata_addresses: true } });
    // Turning it off again is the store's own business.
    const off = await jobA.updateSettings({ webhooks: { allow_metadata_addresses: false } });
    expect(off.settings).toMatchObject({ webhooks: { allow_metadata_addresses: false } });
  });

  it('without any token, or with a wrong admin token, is 401', async () => {
    const nobody = new ControlClient({ baseUrl: emu.url });
    expect((await refusal(nobody.clock())).status).toBe(401);
    const wrong = new ControlClient({ baseUrl: emu.url, token: a.token, adminToken: 'not-it' });
    expect((await refusal(wrong.clock())).status).toBe(401);
    expect((await nobody.health()).status).toBe('ok');
  });
});

describe('the admin token on a shared instance', () => {
  it('does everything: lists, creates, deletes stores, mints tokens of any store, acts on any store', async () => {
    expect((await emu.control.listStores()).map((s) => s.name)).toEqual(
      expect.arrayContaining(['job A', 'job B']),
    );
    const issued = await emu.control.createStoreToken(b.store.id, {
      name: 'ops',
      scopes: ['read_customers'],
    });
    const opsOnB = emu.control.forStore(issued.token);
    expect((await opsOnB.advanceClock({ hours: 1 })).now).toBe('2025-01-15T13:00:00Z');
    const temporary = await emu.control.createStore({ name: 'temporary' });
    await emu.control.deleteStore(temporary.store.id);
    await emu.control.inbox('job-b-hooks').answerWith(503);
    expect((await emu.control.listInboxes()).map((inbox) => inbox.name)).toEqual(
      expect.arrayContaining(['job-b-hooks']),
    );
  });
});

describe('every control route', () => {
  it('declares who may call it', () => {
    for (const endpoint of controlEndpoints)
      expect(CONTROL_ACCESS, `${endpoint.method} ${endpoint.path}`).toContain(endpoint.access);
  });

  it.each(controlEndpoints.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s answers a store token as its access says',
    async (_route, endpoint) => {
      const path = endpoint.path
        .replace(':id', String(b.store.id))
        .replace(':name', 'nobodys-inbox')
        .replace(':file', 'app.css');
      const stop = new AbortController();
      const response = await fetch(`${emu.url}/_emulator${path}?limit=1`, {
        method: endpoint.method,
        headers: { 'X-Service-Access-Token': a.token, 'Content-Type': 'application/json' },
        body: endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : '{}',
        signal: stop.signal,
      });
      stop.abort();
      if (endpoint.access === 'admin' || endpoint.access === 'inbox') expect(response.status).toBe(403);
      else expect([401, 403]).not.toContain(response.status);
    },
  );
});

describe('a single developer (no admin token)', () => {
  let solo: Emulator;
  beforeAll(async () => {
    solo = await createEmulator({ port: 0, logger: 'silent' });
  });
  afterAll(async () => {
    await solo.close();
  });

  it('needs no new flag: a store token lists stores and mints tokens as before', async () => {
    const created = await solo.control.createStore({ name: 'mine' });
    const mine = new ControlClient({ baseUrl: solo.url, token: created.token });
    expect((await mine.listStores()).length).toBe(2);
    expect((await mine.createStoreToken(created.store.id, { name: 'x', scopes: [] })).name).toBe('x');
    expect((await new ControlClient({ baseUrl: solo.url }).clock()).mode).toBe('frozen');
  });
});
