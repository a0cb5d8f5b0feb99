/**
 * A snapshot's records must be whole (regression: a customer of only `id` and `email` imported, then
 * every read of customers answered 500; one with `email: 5` made the import itself answer 500).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StoreSnapshot } from '../../src/index.js';
import { COLLECTION_NAMES } from '../../src/store/snapshots.js';
import { RECORD_FIELDS, type RecordField } from '../../src/store/record-fields.js';
import { createProduct } from '../helpers/catalog.js';
import { refusal } from '../helpers/refusal.js';
import { useEmulator } from '../helpers/emulator.js';
import { createCustomer, subscribedCustomer } from '../helpers/factories.js';

const { store } = useEmulator();

/** The document with its customers replaced. */
function withCustomers(doc: StoreSnapshot, customers: Record<string, unknown>[]): StoreSnapshot {
  return { ...doc, store: { ...doc.store, collections: { ...doc.store.collections, customers } } };
}

describe('records of an imported snapshot', () => {
  it('are refused with 422 naming the record and the fields it lacks, and the store stays as it was', async () => {
    const s = await store();
    const customer = await createCustomer(s.api);
    const good = await s.control.snapshot();
    const [whole] = (good.store.collections.customers ?? []) as Record<string, unknown>[];
    const { first_name: _first, hash: _hash, ...partial } = whole as Record<string, unknown>;
    const refused = await refusal(
      s.control.restoreSnapshot(withCustomers(good, [{ id: 7, email: 'a@example.com' }, partial])),
    );
    expect(refused.status).toBe(422);
    const lacking = RECORD_FIELDS.customers
      .map((field) => field.name)
      .filter((field) => field !== 'id' && field !== 'email');
    expect(refused.body).toEqual({
      errors: {
        store: {
          collections: {
            customers: [
              `Record 7 lacks ${lacking.join(', ')}.`,
              `Record ${customer.id} lacks first_name, hash.`,
            ],
          },
        },
      },
    });
    expect((await s.api.get('/customers')).status).toBe(200);
    expect(await s.control.snapshot()).toEqual(good);
  });

  it('name three records and count the rest', async () => {
    const s = await store();
    const good = await s.control.snapshot();
    const bare = [1, 2, 3, 4, 5].map((id) => ({ id }));
    const refused = await refusal(s.control.restoreSnapshot(withCustomers(good, bare)));
    expect(refused.body).toEqual({
      errors: {
        store: {
          collections: {
            customers: [
              expect.stringMatching(/^Record 1 lacks /),
              expect.stringMatching(/^Record 2 lacks /),
              expect.stringMatching(/^Record 3 lacks /),
              '2 more records lack fields or hold the wrong kinds.',
            ],
          },
        },
      },
    });
  });

  it('are refused with 422 when a field an index reads has the wrong type', async () => {
    const s = await store();
    await createCustomer(s.api);
    const good = await s.control.snapshot();
    const [whole] = (good.store.collections.customers ?? []) as Record<string, unknown>[];
    const refused = await refusal(s.control.restoreSnapshot(withCustomers(good, [{ ...whole, email: 5 }])));
    expect([refused.status, refused.body]).toEqual([
      422,
      {
        errors: {
          store: {
            collections: {
              customers: [`Record ${String(whole?.id)} holds the wrong kind of value in email (a string).`],
            },
          },
        },
      },
    ]);
    expect(await s.control.snapshot()).toEqual(good);
  });

  it('are refused with 422 for any field holding the wrong kind of value (regression: a timestamp of 5 imported, then every read of the record answered 500)', async () => {
    const s = await store();
    await subscribedCustomer(s.api);
    await s.control.advanceClock({ days: 2 });
    const good = await s.control.snapshot();
    const wrong: Record<RecordField['kind'], unknown> = {
      s: 5,
      n: '5',
      b: 'yes',
      a: {},
      o: [],
      x: undefined,
    };
    let checked = 0;
    for (const name of COLLECTION_NAMES) {
      const [record] = (good.store.collections[name] ?? []) as Record<string, unknown>[];
      if (!record) continue;
      for (const field of RECORD_FIELDS[name]) {
        // Any value is of kind x; ids are refused with the document's structure, in a message of their own.
        if (field.kind === 'x' || field.name === 'id') continue;
        const bad = { ...record, [field.name]: wrong[field.kind] };
        const collections = { ...good.store.collections, [name]: [bad] };
        const refused = await refusal(
          s.control.restoreSnapshot({ ...good, store: { ...good.store, collections } }),
        );
        // Each names the collection and the field (jobs, parsed by a schema of their own, in its words).
        expect(refused.status, `${name}.${field.name}`).toBe(422);
        const words = JSON.stringify(refused.body);
        expect(words).toContain(`"${name}"`);
        expect(words).toContain(name === 'jobs' ? `"${field.name}"` : ` in ${field.name} (`);
        checked += 1;
      }
    }
    // customers, addresses, payment methods, subscriptions, charges, orders, events, jobs at least.
    expect(checked).toBeGreaterThan(150);
    expect(await s.control.snapshot()).toEqual(good);
    for (const path of ['/customers', '/addresses', '/subscriptions', '/charges', '/orders', '/events'])
      expect((await s.api.get(path)).status, path).toBe(200);
  });

  it('are refused with 422 when a value nested in them that the emulator reads is malformed (regression: a variant without prices made every read of the products answer 500)', async () => {
    const s = await store();
    await createProduct(s.api);
    const good = await s.control.snapshot();
    const [product] = (good.store.collections.products ?? []) as Record<string, unknown>[];
    const [variant] = (product?.variants ?? []) as Record<string, unknown>[];
    const { prices: _prices, ...withoutPrices } = variant ?? {};
    const withVariants = (variants: unknown[]) => ({
      ...good,
      store: {
        ...good.store,
        collections: { ...good.store.collections, products: [{ ...product, variants }] },
      },
    });
    const cases: [unknown, string][] = [
      [withoutPrices, 'lacks variants.prices'],
      [
        { ...variant, prices: { unit_price: 5, compare_at_price: null } },
        'holds the wrong kind of value in variants.prices.unit_price (a string)',
      ],
      [{ ...variant, prices: null }, 'holds the wrong kind of value in variants.prices (an object)'],
      [5, 'holds the wrong kind of value in variants (an object)'],
    ];
    for (const [bad, words] of cases) {
      const refused = await refusal(s.control.restoreSnapshot(withVariants([variant, bad])));
      expect([refused.status, refused.body]).toEqual([
        422,
        { errors: { store: { collections: { products: [`Record ${String(product?.id)} ${words}.`] } } } },
      ]);
    }
    expect((await s.api.get('/products', { version: '2021-11' })).status).toBe(200);
    expect(await s.control.snapshot()).toEqual(good);
  });

  it('are refused with 422 when two share an id, in whatever order they come', async () => {
    const s = await store();
    const first = await createCustomer(s.api);
    const second = await createCustomer(s.api);
    const good = await s.control.snapshot();
    const [a, b] = (good.store.collections.customers ?? []) as Record<string, unknown>[];
    const twin = { ...b, id: first.id };
    for (const customers of [
      [a, twin],
      [twin, a],
    ]) {
      const refused = await refusal(
        s.control.restoreSnapshot(withCustomers(good, customers as Record<string, unknown>[])),
      );
      expect([refused.status, refused.body]).toEqual([
        422,
        {
          errors: {
            store: {
              collections: { _schema: [`customers already holds id ${first.id}: ids must be unique.`] },
            },
          },
        },
      ]);
    }
    expect((await s.api.get(`/customers/${second.id}`)).status).toBe(200);
    expect(await s.control.snapshot()).toEqual(good);
  });

  it('are checked in the columnar version 2 too: a collection whose keys lack a field', async () => {
    const s = await store();
    await createCustomer(s.api);
    const dir = mkdtempSync(join(tmpdir(), 'billing-emulator-malformed-'));
    const file = join(dir, 'store.json');
    await s.control.exportSnapshot(file);
    const text = readFileSync(file, 'utf8');
    // The customers' keys without `hash` and each row without its value: a well-formed version 2.
    const doc = JSON.parse(text) as {
      store: { collections: Record<string, { keys: string[]; rows: unknown[][] }> };
    };
    const customers = doc.store.collections.customers as { keys: string[]; rows: unknown[][] };
    const at = customers.keys.indexOf('hash');
    customers.keys.splice(at, 1);
    for (const row of customers.rows) row.splice(at, 1);
    writeFileSync(file, JSON.stringify(doc));
    const refused = await refusal(s.control.importSnapshot(file));
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      errors: { store: { collections: { customers: [expect.stringMatching(/^Record \d+ lacks hash\.$/)] } } },
    });
  });

  it('are checked by field names none of which is an Object.prototype member (the compiled test reads them with `in`)', async () => {
    for (const fields of Object.values(RECORD_FIELDS))
      for (const field of fields) expect(field.name in Object.prototype).toBe(false);
  });
});
