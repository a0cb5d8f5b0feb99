/**
 * The columnar snapshot document (version 2, decision 0029): what exportSnapshot writes by default
 * and PUT /_emulator/snapshot takes beside version 1. A store goes through it exactly, every
 * collection, field order and odd value included; a malformed one gets a 4xx and changes nothing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { StoreSnapshot } from '../../src/index.js';
import type { CollectionName } from '../../src/store/collections.js';
import { NESTED_FIELDS, RECORD_FIELDS, type RecordField } from '../../src/store/record-fields.js';
import { COLLECTION_NAMES } from '../../src/store/snapshots.js';
import { refusal } from '../helpers/refusal.js';
import { useEmulator, type TestStore } from '../helpers/emulator.js';
import { subscribedCustomer } from '../helpers/factories.js';

const { store, emulator } = useEmulator();
const dir = mkdtempSync(join(tmpdir(), 'snapshot-columnar-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Row = Record<string, unknown>;

/** A value of each kind a record's field may be of. */
const OF_KIND: Record<RecordField['kind'], unknown> = { s: '', n: 0, b: false, a: [], o: {}, x: null };

/** A value of its kind for each of `fields`. */
const ofKinds = (fields: readonly RecordField[] = []): Row =>
  Object.fromEntries(fields.map((field) => [field.name, OF_KIND[field.kind]]));

/**
 * Every field a record of `name` must have (a value of its kind), then fields every collection's
 * indexes can read (unique ones made from the id).
 */
function synthetic(name: CollectionName, id: number, odd: string): Row {
  return {
    ...ofKinds(RECORD_FIELDS[name]),
    id,
    email: `synthetic.${id}@example.com`,
    code: `CODE${id}`,
    token: `token-${id}`,
    external_product_id: `product-${id}`,
    variants: [
      {
        ...ofKinds(NESTED_FIELDS.get('products.variants')),
        external_variant_id: `variant-${id}`,
        prices: ofKinds(NESTED_FIELDS.get('products.variants.prices')),
      },
    ],
    numbers: [1, 2.5, -0, 1e21],
    line_items: [{ purchase_item_id: id, properties: [{ name: 'ünïcödé', value: odd }] }],
    type: 'synthetic',
    due_at: 1_750_000_000_000,
    subject: `synthetic:${id}`,
    payload: { nested: { deeper: [null, { empty: {} }, []] }, note: null },
    note: odd,
    flags: [true, false, null],
  };
}

/** The same fields, last first. */
const reversed = (row: Row): Row => Object.fromEntries(Object.entries(row).reverse());

/**
 * A store with billing records, plus in every collection two records of one shape (array rows
 * when the collection had none) and one with its fields in another order (an object row).
 */
async function everyCollection(): Promise<{ s: TestStore; document: StoreSnapshot }> {
  const s = await store({ settings: { webhooks: { mode: 'outbox' } } });
  await s.api.post('/webhooks', { address: 'https://receiver.example/hooks', topic: 'charge/paid' });
  await subscribedCustomer(s.api);
  await s.control.advanceClock({ days: 2 });
  const doc = await s.control.snapshot();
  const collections: Record<string, Row[]> = {};
  for (const name of COLLECTION_NAMES) {
    collections[name] = [
      ...(doc.store.collections[name] ?? []),
      synthetic(name, 99_000_001, 'Zoë says "hi" \\ 🎉 \u2028 \u0000 \ud83d'),
      synthetic(name, 99_000_002, '日本語のテキスト'),
      reversed(synthetic(name, 99_000_003, 'last first')),
    ];
  }
  const document = { ...doc, store: { ...doc.store, collections } };
  await s.control.restoreSnapshot(document);
  return { s, document: await s.control.snapshot() };
}

async function put(token: string, body: string): Promise<{ status: number; body: unknown }> {
  const reply = await fetch(`${emulator().url}/_emulator/snapshot`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', 'X-Service-Access-Token': token },
    body,
  });
  return { status: reply.status, body: (await reply.json()) as unknown };
}

describe('the columnar snapshot document (version 2)', () => {
  it('carries every collection exactly: field order, nested values, nulls, unicode', async () => {
    const { s, document } = await everyCollection();
    const file = join(dir, 'every.json');
    await s.control.exportSnapshot(file);
    const text = readFileSync(file, 'utf8');
    const parsed = JSON.parse(text) as { version: number; store: { collections: Record<string, Row> } };
    expect(parsed.version).toBe(2);
    // Fields named once per collection; a record of another shape is written as itself.
    const customers = parsed.store.collections.customers as { keys: string[]; rows: unknown[] };
    expect(customers.keys[0]).toBe('id');
    expect(customers.rows.some(Array.isArray)).toBe(true);
    expect(customers.rows.some((row) => !Array.isArray(row))).toBe(true);
    expect(Object.keys(parsed.store.collections).sort()).toEqual([...COLLECTION_NAMES].sort());

    const target = await store({ settings: { currency: 'EUR' } });
    await target.control.importSnapshot(file);
    const restored = await target.control.snapshot();
    // The same text: the same records with their fields in the same order.
    expect(JSON.stringify(restored.store)).toBe(JSON.stringify(document.store));
    for (const name of COLLECTION_NAMES)
      expect(restored.store.collections[name]).toHaveLength((document.store.collections[name] ?? []).length);
    // The records are found through their indexes as before.
    const email = String(document.store.collections.customers?.[0]?.email);
    const found = await target.api.get(`/customers?email=${encodeURIComponent(email)}`);
    expect(found.body.customers).toHaveLength(1);
  });

  it('imports a version-2 document in any layout, and version 1 as before', async () => {
    const { s, document } = await everyCollection();
    const file = join(dir, 'layouts.json');
    await s.control.exportSnapshot(file);
    const columnar = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    await s.control.exportSnapshot(join(dir, 'v1.json'), { version: 1 });
    for (const [name, text] of [
      ['pretty.json', JSON.stringify(columnar, null, 2)],
      ['line.json', JSON.stringify(columnar)],
      ['v1.json', readFileSync(join(dir, 'v1.json'), 'utf8')],
    ] as const) {
      const target = await store();
      writeFileSync(join(dir, name), text);
      await target.control.importSnapshot(join(dir, name));
      expect(JSON.stringify((await target.control.snapshot()).store)).toBe(JSON.stringify(document.store));
    }
    // The whole-document API: version 1 both ways.
    const other = await store();
    await other.control.restoreSnapshot(await s.control.snapshot());
    expect((await other.control.snapshot()).store).toEqual(document.store);
  });

  it('refuses a malformed version-2 document with the documented 4xx, leaving the store as it was', async () => {
    const { s } = await everyCollection();
    const file = join(dir, 'malformed.json');
    await s.control.exportSnapshot(file);
    const text = readFileSync(file, 'utf8');
    const target = await store();
    const before = await target.control.snapshot();
    const doc = JSON.parse(text) as { store: { collections: Record<string, unknown> } };
    const withCustomers = (customers: unknown): string =>
      JSON.stringify({
        ...doc,
        store: { ...doc.store, collections: { ...doc.store.collections, customers } },
      });
    const customers = doc.store.collections.customers as { keys: string[]; rows: unknown[] };
    const invalid = (message: string) => ({ errors: { store: { collections: { customers: [message] } } } });
    const cases: [string, unknown][] = [
      [
        withCustomers({ ...customers, rows: [[1, 2]] }),
        invalid(`Row 0 has 2 values for ${customers.keys.length} keys.`),
      ],
      [withCustomers({ keys: ['id', 'id'], rows: [] }), invalid('keys name the field "id" twice.')],
      [
        withCustomers({ keys: ['id', '__proto__'], rows: [[1, {}]] }),
        invalid('keys cannot name a field __proto__ (write such a record as an object).'),
      ],
      [withCustomers({ keys: [1], rows: [] }), invalid('keys must be an array of field names (strings).')],
      [withCustomers({ keys: 'id', rows: [] }), invalid('keys must be an array of field names.')],
      [withCustomers({ keys: ['id'] }), invalid('rows must be an array of records.')],
      [withCustomers({ keys: ['id'], rows: [], extra: 1 }), invalid('Unknown member "extra".')],
      [withCustomers([{ id: 1 }]), invalid('Expected {"keys": [field names], "rows": [records]}.')],
    ];
    for (const [body, expected] of cases) {
      for (const layout of [body, JSON.stringify(JSON.parse(body), null, 1)]) {
        expect(await put(target.token, layout)).toEqual({ status: 422, body: expected });
      }
    }
    // In the streamed layout: a row of the wrong length, a row that is not a record, a bad id.
    const firstRow = /\n\[\d+,/;
    expect(firstRow.test(text)).toBe(true);
    for (const [changed, status] of [
      [text.replace(firstRow, (row) => `${row}0,`), 422],
      [text.replace(firstRow, '\n7,[1,'), 422],
      [text.replace(firstRow, '\n[-1,'), 422],
      [text.replace('"version":2', '"version":3'), 422],
      [text.slice(0, Math.floor(text.length / 2)), 415],
      [text.replace(firstRow, `\n${'['.repeat(200)}`), 415],
    ] as const) {
      const reply = await put(target.token, changed);
      expect(reply.status).toBe(status);
      if (status === 422) expect(reply.body).toHaveProperty('errors');
      else expect(reply.body).toHaveProperty('error');
    }
    // Not UTF-8.
    writeFileSync(
      file,
      Buffer.concat([Buffer.from(text.slice(0, 1000)), Buffer.from([0xff]), Buffer.from(text.slice(1000))]),
    );
    expect((await refusal(target.control.importSnapshot(file))).status).toBe(415);
    expect(await target.control.snapshot()).toEqual(before);
  });

  it('answers version 1 unless asked for 2, and 422 for another version', async () => {
    const s = await store();
    const get = (query: string) =>
      fetch(`${emulator().url}/_emulator/snapshot${query}`, {
        headers: { 'X-Service-Access-Token': s.token },
      });
    expect(((await (await get('')).json()) as { version: number }).version).toBe(1);
    expect(((await (await get('?version=1')).json()) as { version: number }).version).toBe(1);
    expect(((await (await get('?version=2')).json()) as { version: number }).version).toBe(2);
    const refused = await get('?version=3');
    expect(refused.status).toBe(422);
    expect(await refused.json()).toHaveProperty('errors.version');
    expect((await refusal(s.control.exportSnapshot(join(dir, 'x.json'), { version: 3 as 2 }))).status).toBe(
      422,
    );
  });
});
