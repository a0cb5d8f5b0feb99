import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';
import type { Logger } from '../../src/platform/logger.js';
import { Api } from '../helpers/api.js';
import {
  addressBody2021_11,
  createCustomer,
  createCustomerWithAddress,
  createSubscription,
  customerBody2021_11,
} from '../helpers/factories.js';

/** A charge date after the clock of a store started now. */
const FUTURE = '2099-01-01';
const ONETIME = (addressId: number) => ({
  address_id: addressId,
  next_charge_scheduled_at: FUTURE,
  external_variant_id: { ecommerce: '777' },
  external_product_id: { ecommerce: '70' },
  product_title: 'Mug',
  price: '12.00',
  quantity: 1,
});

const tempFile = () => join(mkdtempSync(join(tmpdir(), 'billing-emulator-')), 'store.json');

/** Everything a store holds that a restart must give back: its state, its identity, the stores. */
async function everything(emulator: Emulator, token: string) {
  const control = emulator.control.forStore(token);
  const { taken_at: _taken, ...snapshot } = await control.snapshot();
  return { snapshot, stores: await emulator.control.listStores(), clock: await control.clock() };
}

/** A logger that records what it is told, and can wait for a message. */
function recordingLogger() {
  const lines: { level: string; message: string; details: object }[] = [];
  const waiting: { pattern: RegExp; resolve: () => void }[] = [];
  const log = (level: string) => (details: object, message: string) => {
    lines.push({ level, message, details });
    for (const wait of waiting.filter((w) => w.pattern.test(message))) wait.resolve();
  };
  const logger: Logger = { error: log('error'), warn: log('warn'), info: log('info') };
  return {
    logger,
    lines,
    waitFor: (pattern: RegExp) =>
      new Promise<void>((resolve) => {
        if (lines.some((line) => pattern.test(line.message))) resolve();
        else waiting.push({ pattern, resolve });
      }),
  };
}

describe('JSON file store (--data): a base file and a log of changes', () => {
  it('appends changes to a log beside the file, and reloads base and log on start', async () => {
    const file = tempFile();
    const first = await createEmulator({ port: 0, logger: 'silent', data: file, flushIntervalMs: 60_000 });
    const api = new Api(first.url, first.token);
    const customer = await createCustomer(api);
    const { now } = await first.control.advanceClock({ days: 3 });
    // Within the flush interval nothing is written.
    expect(readFileSync(file, 'utf8')).not.toContain(customer.email);
    expect(readFileSync(`${file}.log`, 'utf8')).toBe('');
    await first.close();
    // The change is appended to the log; the base is not rewritten for it.
    expect(readFileSync(file, 'utf8')).not.toContain(customer.email);
    expect(readFileSync(`${file}.log`, 'utf8')).toContain(customer.email);

    const second = await createEmulator({ port: 0, logger: 'silent', data: file });
    try {
      expect(second.token).toBe(first.token);
      expect(second.clientSecret).toBe(first.clientSecret);
      const again = new Api(second.url, second.token);
      expect((await again.get(`/customers/${customer.id}`)).body.customer.email).toBe(customer.email);
      expect((await second.control.clock()).now).toBe(now);
      const next = await createCustomer(again);
      expect(next.id).toBe(customer.id + 1);
      const events = (await again.get('/events')).body.events;
      expect(events.map((e: { verb: string }) => e.verb)).toEqual(['created', 'created']);
    } finally {
      await second.close();
    }
  });

  it('keeps the virtual clock and created stores across restarts', async () => {
    const file = tempFile();
    const first = await createEmulator({ port: 0, logger: 'silent', data: file });
    const created = await first.control.createStore({
      name: 'Second',
      clock: { now: '2030-05-01T00:00:00Z' },
    });
    await first.control.forStore(created.token).advanceClock({ days: 2 });
    await first.close();
    const second = await createEmulator({ port: 0, logger: 'silent', data: file });
    try {
      const clock = await second.control.forStore(created.token).clock();
      expect(clock.now).toBe('2030-05-03T00:00:00Z');
      expect((await second.control.getStore(created.store.id)).name).toBe('Second');
    } finally {
      await second.close();
    }
  });

  it('keeps a clock moved with no job due, and its mode (regression: only record writes were persisted)', async () => {
    const file = tempFile();
    const first = await createEmulator({ port: 0, logger: 'silent', data: file });
    const { now } = await first.control.advanceClock({ days: 40 });
    await first.close();
    const second = await createEmulator({ port: 0, logger: 'silent', data: file });
    expect((await second.control.clock()).now).toBe(now);
    await second.control.setClockMode('realtime');
    await second.close();
    const third = await createEmulator({ port: 0, logger: 'silent', data: file });
    try {
      expect((await third.control.clock()).mode).toBe('realtime');
    } finally {
      await third.close();
    }
  });

  it('gives back every kind of change after a restart: updates, deletes, tokens, settings, resets, stores', async () => {
    const file = tempFile();
    const first = await createEmulator({ port: 0, logger: 'silent', data: file, token: 'main-token' });
    const api = new Api(first.url, 'main-token');
    const kept = await createCustomer(api);
    const gone = await createCustomer(api);
    expect((await api.put(`/customers/${kept.id}`, { first_name: 'Changed' })).status).toBe(200);
    expect((await api.delete(`/customers/${gone.id}`)).status).toBe(204);
    await first.control.createToken({ name: 'Reader', scopes: ['read_customers'], token: 'reader-token' });
    await first.control.updateSettings({ currency: 'EUR' });
    const other = await first.control.createStore({ name: 'Other' });
    await createCustomer(new Api(first.url, other.token));
    await first.control.forStore(other.token).reset();
    const dropped = await first.control.createStore({ name: 'Dropped' });
    await first.control.deleteStore(dropped.store.id);
    const before = await everything(first, 'main-token');
    const otherBefore = await everything(first, other.token);
    await first.close();

    const second = await createEmulator({ port: 0, logger: 'silent', data: file });
    try {
      expect(await everything(second, 'main-token')).toEqual(before);
      expect(await everything(second, other.token)).toEqual(otherBefore);
      expect(
        (await new Api(second.url, 'reader-token').get(`/customers/${kept.id}`)).body.customer.first_name,
      ).toBe('Changed');
    } finally {
      await second.close();
    }
  });

  it('keeps a restored snapshot across a restart', async () => {
    const file = tempFile();
    const first = await createEmulator({ port: 0, logger: 'silent', data: file, token: 'main-token' });
    const api = new Api(first.url, 'main-token');
    const customer = await createCustomer(api);
    const saved = await first.control.snapshot();
    expect((await api.delete(`/customers/${customer.id}`)).status).toBe(204);
    await createCustomer(api);
    await first.control.restoreSnapshot(saved);
    const before = await everything(first, 'main-token');
    await first.close();
    const second = await createEmulator({ port: 0, logger: 'silent', data: file });
    try {
      expect(await everything(second, 'main-token')).toEqual(before);
      expect((await new Api(second.url, 'main-token').get(`/customers/${customer.id}`)).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('keeps a named snapshot restored, and a reset store, across a restart', async () => {
    const file = tempFile();
    const first = await createEmulator({ port: 0, logger: 'silent', data: file, token: 'main-token' });
    const api = new Api(first.url, 'main-token');
    const kept = await createCustomer(api);
    await first.control.saveSnapshot('one-customer');
    const later = await createCustomer(api);
    await first.control.restoreNamedSnapshot('one-customer');
    const other = await first.control.createStore({ name: 'Reset' });
    await createCustomer(new Api(first.url, other.token));
    await first.control.forStore(other.token).reset();
    const before = await everything(first, 'main-token');
    const resetBefore = await everything(first, other.token);
    await first.close();
    const second = await createEmulator({ port: 0, logger: 'silent', data: file });
    try {
      expect(await everything(second, 'main-token')).toEqual(before);
      expect(await everything(second, other.token)).toEqual(resetBefore);
      const again = new Api(second.url, 'main-token');
      expect((await again.get(`/customers/${kept.id}`)).status).toBe(200);
      expect((await again.get(`/customers/${later.id}`)).status).toBe(404);
    } finally {
      await second.close();
    }
  });

  it('drops a batch cut short by a crash, and writes after it survive the next restart', async () => {
    const file = tempFile();
    const first = await createEmulator({ port: 0, logger: 'silent', data: file, token: 'main-token' });
    const customer = await createCustomer(new Api(first.url, 'main-token'));
    await first.close();
    // What a kill -9 in the middle of an append leaves: a change with no commit, a torn line.
    const row = { id: customer.id + 100, email: 'torn@example.com' };
    appendFileSync(
      `${file}.log`,
      `${JSON.stringify({ op: 'put', store: 1, collection: 'customers', row })}\n{"op":"com`,
    );

    const second = await createEmulator({ port: 0, logger: 'silent', data: file });
    const api = new Api(second.url, 'main-token');
    expect((await api.get(`/customers/${customer.id}`)).status).toBe(200);
    expect((await api.get(`/customers/${row.id}`)).status).toBe(404);
    const later = await createCustomer(api);
    await second.close();
    expect(readFileSync(`${file}.log`, 'utf8')).not.toContain('torn@example.com');

    const third = await createEmulator({ port: 0, logger: 'silent', data: file });
    try {
      expect((await new Api(third.url, 'main-token').get(`/customers/${later.id}`)).status).toBe(200);
    } finally {
      await third.close();
    }
  });

  it('refuses files it cannot read and leaves them untouched', async () => {
    const file = tempFile();
    writeFileSync(file, '{"stores": [truncated');
    await expect(createEmulator({ port: 0, logger: 'silent', data: file })).rejects.toThrow(file);
    expect(readFileSync(file, 'utf8')).toBe('{"stores": [truncated');
    const foreign = tempFile();
    writeFileSync(foreign, '{"format": 9}');
    await expect(createEmulator({ port: 0, logger: 'silent', data: foreign })).rejects.toThrow(
      'not a billing-emulator',
    );

    const damaged = tempFile();
    const emulator = await createEmulator({ port: 0, logger: 'silent', data: damaged });
    await createCustomer(new Api(emulator.url, emulator.token));
    await emulator.close();
    const log = readFileSync(`${damaged}.log`, 'utf8');
    const lines = log.split('\n');
    lines[1] = 'not json';
    writeFileSync(`${damaged}.log`, lines.join('\n'));
    await expect(createEmulator({ port: 0, logger: 'silent', data: damaged })).rejects.toThrow(
      /Cannot read the data file .*line 2/,
    );
    expect(readFileSync(`${damaged}.log`, 'utf8')).toBe(lines.join('\n'));
  });

  it('raises an id counter that stands below the ids the files hold (regression: creates answered 500 "customers already holds id N")', async () => {
    const file = tempFile();
    const first = await createEmulator({ port: 0, logger: 'silent', data: file, token: 'main-token' });
    const api = new Api(first.url, 'main-token');
    const { customerId, addressId } = await createCustomerWithAddress(api);
    const onetime = await api.post('/onetimes', ONETIME(addressId));
    expect(onetime.status, onetime.text).toBe(201);
    await first.close();
    // Every counter gone from the base and the log, as a base written from two instants left them.
    const base = JSON.parse(readFileSync(file, 'utf8')) as { stores: { sequences: object }[] };
    for (const store of base.stores) store.sequences = {};
    writeFileSync(file, JSON.stringify(base));
    const log = readFileSync(`${file}.log`, 'utf8').split('\n');
    const edited = log.map((line) =>
      line.startsWith('{"op":"store"') ? line.replace(/"sequences":\{[^}]*\}/, '"sequences":{}') : line,
    );
    expect(edited).not.toEqual(log);
    writeFileSync(`${file}.log`, edited.join('\n'));

    const second = await createEmulator({ port: 0, logger: 'silent', data: file });
    try {
      const again = new Api(second.url, 'main-token');
      const customer = await again.post('/customers', customerBody2021_11());
      expect(customer.status).toBe(201);
      expect(customer.body.customer.id).toBeGreaterThan(customerId);
      // One counter numbers subscriptions and onetimes: a subscription never takes the onetime's id.
      const subscription = await createSubscription(again, addressId, { next_charge_scheduled_at: FUTURE });
      expect(subscription.id).toBeGreaterThan(onetime.body.onetime.id);
      expect((await again.post('/addresses', addressBody2021_11(customerId))).status).toBe(201);
      expect((await again.get('/events')).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('raises the counters of a restored snapshot that stand below its records', async () => {
    const emulator = await createEmulator({ port: 0, logger: 'silent', token: 'main-token' });
    try {
      const api = new Api(emulator.url, 'main-token');
      const existing = await createCustomer(api);
      const saved = await emulator.control.snapshot();
      await emulator.control.restoreSnapshot({ ...saved, store: { ...saved.store, sequences: {} } });
      const created = await api.post('/customers', customerBody2021_11());
      expect(created.status).toBe(201);
      expect(created.body.customer.id).toBeGreaterThan(existing.id);
    } finally {
      await emulator.close();
    }
  });

  it('creates the files on first start', async () => {
    const file = tempFile();
    expect(existsSync(file)).toBe(false);
    const emulator = await createEmulator({ port: 0, logger: 'silent', data: file });
    await emulator.close();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      format: 1,
      log_seq: 0,
      default_store_id: 1,
    });
    expect(existsSync(`${file}.log`)).toBe(true);
  });
});

describe('a write to --data that fails (regression: it failed silently and SIGTERM still exited 0)', () => {
  it('answers 503 degraded on health, logs once per change of state, and recovers', async () => {
    const file = tempFile();
    const { logger, lines, waitFor } = recordingLogger();
    const emulator = await createEmulator({ port: 0, logger, data: file, flushIntervalMs: 5 });
    const api = new Api(emulator.url, emulator.token);
    const first = await createCustomer(api);
    // The log's path becomes a directory: no write can go there, even as root.
    rmSync(`${file}.log`);
    mkdirSync(`${file}.log`);
    const second = await createCustomer(api);
    await waitFor(/writing the data files failed/);
    await createCustomer(api);

    const health = await fetch(`${emulator.url}/_emulator/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({
      status: 'degraded',
      persistence: {
        state: 'failing',
        file,
        unwritten_changes: true,
        error: expect.stringContaining('EISDIR'),
        failing_write: expect.stringMatching(/^(log|base)$/),
        failing_since: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
        failed_writes: expect.any(Number),
      },
    });

    rmSync(`${file}.log`, { recursive: true });
    await waitFor(/^writing the data files works again/);
    expect(lines.filter((line) => line.level === 'error')).toHaveLength(1);
    expect(lines.filter((line) => /^writing the data files works again/.test(line.message))).toHaveLength(1);
    expect((await fetch(`${emulator.url}/_emulator/health`)).status).toBe(200);
    await emulator.close();

    const again = await createEmulator({ port: 0, logger: 'silent', data: file });
    try {
      const reread = new Api(again.url, again.token);
      for (const customer of [first, second])
        expect((await reread.get(`/customers/${customer.id}`)).status).toBe(200);
    } finally {
      await again.close();
    }
  });

  it('rejects close when the changes could not be written', async () => {
    const file = tempFile();
    const emulator = await createEmulator({ port: 0, logger: 'silent', data: file, flushIntervalMs: 60_000 });
    rmSync(`${file}.log`);
    mkdirSync(`${file}.log`);
    await createCustomer(new Api(emulator.url, emulator.token));
    await expect(emulator.close()).rejects.toThrow(/could not be written/);
  });
});
