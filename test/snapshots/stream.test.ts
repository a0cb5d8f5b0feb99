/**
 * Export and import as streams, in the version-1 layout (a record a line): a file written by
 * exportSnapshot gives back the same store. The columnar version 2 has its own tests (columnar.test.ts).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ControlError } from '../../src/index.js';
import { useEmulator } from '../helpers/emulator.js';
import { subscribedCustomer } from '../helpers/factories.js';

const { store, emulator } = useEmulator();
const dir = mkdtempSync(join(tmpdir(), 'snapshot-stream-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function withBilling() {
  const s = await store({ settings: { webhooks: { mode: 'outbox' } } });
  await s.api.post('/webhooks', { address: 'https://receiver.example/hooks', topic: 'charge/paid' });
  for (const token of ['tok_ok', 'tok_declined']) await subscribedCustomer(s.api, token);
  await s.control.advanceClock({ days: 2 });
  return s;
}

describe('snapshot export and import as streams', () => {
  it('round-trips a store through a file: the imported store exports the same document', async () => {
    const source = await withBilling();
    const file = join(dir, 'store.json');
    const bytes = await source.control.exportSnapshot(file, { version: 1 });
    expect(bytes).toBe(readFileSync(file).length);
    const text = readFileSync(file, 'utf8');
    // The version-1 document, a record a line.
    const doc = await source.control.snapshot();
    expect(JSON.parse(text)).toEqual(doc);
    expect(text.split('\n').length).toBeGreaterThan(Object.values(doc.store.collections).flat().length);

    const target = await store({ settings: { currency: 'EUR' } });
    const info = await target.control.importSnapshot(file);
    expect(info.id).toBe(target.storeId);
    expect((await target.control.snapshot()).store).toEqual(doc.store);
    expect(await target.control.scheduledJobs()).toEqual(await source.control.scheduledJobs());
    // Both stores go on the same way.
    expect(await target.control.advanceClock({ days: 40 })).toEqual(
      await source.control.advanceClock({ days: 40 }),
    );
  });

  it('imports the same document in any layout (pretty-printed, one line)', async () => {
    const source = await withBilling();
    const doc = await source.control.snapshot();
    for (const [name, text] of [
      ['pretty.json', JSON.stringify(doc, null, 2)],
      ['line.json', JSON.stringify(doc)],
    ] as const) {
      const target = await store();
      writeFileSync(join(dir, name), text);
      await target.control.importSnapshot(join(dir, name));
      expect((await target.control.snapshot()).store).toEqual(doc.store);
    }
  });

  it('refuses a cut-off or malformed file with 415 and a bad record with 422, leaving the store as it was', async () => {
    const source = await withBilling();
    const file = join(dir, 'cut.json');
    await source.control.exportSnapshot(file, { version: 1 });
    const text = readFileSync(file, 'utf8');
    const target = await store();
    const before = await target.control.snapshot();
    const refused = async (content: string) => {
      writeFileSync(file, content);
      const error = await target.control.importSnapshot(file).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ControlError);
      return error as ControlError;
    };
    expect((await refused(text.slice(0, Math.floor(text.length / 2)))).status).toBe(415);
    expect((await refused(text.replace('"id":', '"id":"x",'))).status).toBe(415);
    const badId = await refused(text.replace(/\{"id":\d+/, '{"id":-1'));
    expect(badId.status).toBe(422);
    expect(await target.control.snapshot()).toEqual(before);
    const reply = await fetch(`${emulator().url}/_emulator/snapshot`, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/plain', 'X-Service-Access-Token': target.token },
      body: text,
    });
    expect(reply.status).toBe(415);
  });
});
