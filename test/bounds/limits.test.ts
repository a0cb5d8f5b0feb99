/**
 * What one process holds is bounded by options the 422 names: stores (`--max-stores`), records one
 * control request may generate (`--max-generate`), bytes of each store's journal (`--journal-bytes`,
 * the oldest entries going first).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';

let emulator: Emulator;
beforeAll(async () => {
  emulator = await createEmulator({
    port: 0,
    logger: 'silent',
    maxStores: 4,
    maxGenerate: 1_000,
    journalBytes: 20_000,
  });
});
afterAll(() => emulator.close());

async function post(path: string, body: unknown, token = emulator.token) {
  const reply = await fetch(`${emulator.url}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Service-Access-Token': token,
      'X-Service-Version': '2021-11',
    },
    body: JSON.stringify(body),
  });
  return { status: reply.status, body: (await reply.json()) as Record<string, unknown> };
}

const generating = (customers: number) =>
  `description: A generated shop\nfixture: {generate: {seed: 1, customers: ${customers}}}\ntimeline: []\n`;

describe('records one control request may generate (--max-generate)', () => {
  it('refuses fixture.generate past the limit with 422 naming the option, and creates no store', async () => {
    const before = (await emulator.control.listStores()).length;
    const reply = await post('/_emulator/scenarios/run', {
      text: generating(1_000_000),
      file_name: 'big.yaml',
    });
    expect(reply.status).toBe(422);
    expect(reply.body.setting).toBe('max-generate');
    const message = (reply.body.errors as { text: string[] }).text[0];
    expect(message).toContain('fixture.generate asks for 4000036 records');
    expect(message).toContain('at most 1000 (--max-generate of the emulator)');
    expect((await emulator.control.listStores()).length).toBe(before);
  });

  it('runs one within the limit', async () => {
    const reply = await post('/_emulator/scenarios/run', { text: generating(20), file_name: 'small.yaml' });
    expect(reply.status).toBe(201);
    const created = reply.body.store as { id: number };
    await emulator.control.deleteStore(created.id);
  });

  it('refuses a built-in scenario past it (large-shop: 42,570 records)', async () => {
    const reply = await post('/_emulator/stores', { scenario: 'large-shop' });
    expect(reply.status).toBe(422);
    expect(reply.body).toMatchObject({ setting: 'max-generate' });
    expect((reply.body.errors as { scenario: string[] }).scenario[0]).toContain('asks for 42570 records');
  });
});

describe('stores held by the process (--max-stores)', () => {
  it('refuses one more with 422 naming the option; deleting one makes room', async () => {
    const made: number[] = [];
    while ((await emulator.control.listStores()).length < 4)
      made.push((await emulator.control.createStore()).store.id);
    const refused = await post('/_emulator/stores', {});
    expect(refused).toEqual({
      status: 422,
      body: {
        errors: {
          store: [
            'This emulator already holds 4 stores, its --max-stores (4). Delete stores no longer needed ' +
              '(DELETE /_emulator/stores/{id}) or start it with a larger --max-stores.',
          ],
        },
        setting: 'max-stores',
      },
    });
    const run = await post('/_emulator/scenarios/run', { name: 'empty' });
    expect(run).toMatchObject({ status: 422, body: { setting: 'max-stores' } });
    expect((await emulator.control.listStores()).length).toBe(4);
    for (const id of made) await emulator.control.deleteStore(id);
    expect((await emulator.control.createStore()).store.id).toBeGreaterThan(0);
  });

  it('refuses an invalid limit when the emulator is created', async () => {
    await expect(createEmulator({ port: 0, logger: 'silent', maxStores: 0 })).rejects.toThrow(
      'maxStores must be a whole number of at least 1, not 0.',
    );
  });
});

describe("bytes of each store's request journal (--journal-bytes)", () => {
  it('keeps at most that many bytes, dropping the oldest entries first', async () => {
    const created = await emulator.control.createStore();
    const control = emulator.control.forStore(created.token);
    const note = 'x'.repeat(1_000);
    for (let i = 0; i < 40; i++)
      await post(
        '/customers',
        { email: `c${i}@example.com`, first_name: 'A', last_name: note },
        created.token,
      );
    const entries = await control.requests();
    // Each entry holds ~2 KB (the body sent and the customer answered): about ten fit in 20,000 bytes.
    expect(entries.length).toBeGreaterThan(3);
    expect(entries.length).toBeLessThan(20);
    expect(JSON.stringify(entries).length).toBeLessThan(20_000 * 1.5);
    // The newest are kept, in order; the oldest went.
    const ids = entries.map((entry) => entry.id);
    expect(ids[0]).toBe(40);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids.every((id, i) => i === 0 || id === (ids[i - 1] as number) - 1)).toBe(true);
    expect(Math.min(...ids)).toBeGreaterThan(1);
    expect(entries[0]?.body).toMatchObject({ email: 'c39@example.com' });
    await emulator.control.deleteStore(created.store.id);
  });
});
