import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/index.js';
import { Api } from '../helpers/api.js';
import { createCustomer } from '../helpers/factories.js';

const tempFile = () => join(mkdtempSync(join(tmpdir(), 'billing-emulator-')), 'store.json');

describe('JSON file store (--data)', () => {
  it('batches writes, flushes on close and reloads everything on start', async () => {
    const file = tempFile();
    const first = await createEmulator({ port: 0, logger: 'silent', data: file, flushIntervalMs: 60_000 });
    const api = new Api(first.url, first.token);
    const customer = await createCustomer(api);
    const { now } = await first.control.advanceClock({ days: 3 });
    // Within the flush interval nothing is rewritten: the file still holds the state at start.
    expect(readFileSync(file, 'utf8')).not.toContain(customer.email);
    await first.close();
    expect(readFileSync(file, 'utf8')).toContain(customer.email);

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

  it('refuses a file it cannot read and leaves it untouched', async () => {
    const file = tempFile();
    writeFileSync(file, '{"stores": [truncated');
    await expect(createEmulator({ port: 0, logger: 'silent', data: file })).rejects.toThrow(file);
    expect(readFileSync(file, 'utf8')).toBe('{"stores": [truncated');
    const foreign = tempFile();
    writeFileSync(foreign, '{"format": 9}');
    await expect(createEmulator({ port: 0, logger: 'silent', data: foreign })).rejects.toThrow(
      'not a billing-emulator',
    );
  });

  it('creates the file on first start', async () => {
    const file = tempFile();
    expect(existsSync(file)).toBe(false);
    const emulator = await createEmulator({ port: 0, logger: 'silent', data: file });
    await emulator.close();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ format: 1, default_store_id: 1 });
  });
});
