/**
 * Every page walk of a list (sorts x filters x limits, 2021-11 cursors both ways, 2021-01 pages)
 * gives the records a plain filter-sort-slice of the same records gives. Lists sorted by a field
 * walk an order kept beside the collection (decision 0049); this checks it against the plain sort.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../helpers/api.js';
import { useEmulator, type TestStore } from '../helpers/emulator.js';
import { createCustomer } from '../helpers/factories.js';

const { store } = useEmulator();

interface Row {
  readonly id: number;
  readonly created_at: string;
  readonly updated_at: string;
}

let s: TestStore;
let rows: Row[];

beforeAll(async () => {
  s = await store();
  // Three batches created at three moments (ties in created_at), some updated later (ties in updated_at).
  const ids: number[] = [];
  for (let batch = 0; batch < 3; batch++) {
    for (let i = 0; i < 5; i++) ids.push((await createCustomer(s.api)).id);
    await s.control.advanceClock({ hours: 1 });
  }
  for (const [i, id] of ids.entries()) {
    if (i % 3 === 0) await s.api.put(`/customers/${id}`, { first_name: `Later ${i}` });
    if (i % 6 === 0) await s.control.advanceClock({ minutes: 10 });
  }
  await s.api.delete(`/customers/${ids[4]}`);
  const all = await s.api.get('/customers', { query: { limit: 250, sort_by: 'id-asc' } });
  rows = all.body.customers.map((c: Json) => ({
    id: c.id,
    created_at: c.created_at,
    updated_at: c.updated_at,
  }));
});

const FIELDS = ['id', 'created_at', 'updated_at'] as const;
const BOUNDS = ['created_at_min', 'created_at_max', 'updated_at_min', 'updated_at_max'] as const;

const walk = fc.record({
  field: fc.constantFrom(...FIELDS),
  descending: fc.boolean(),
  limit: fc.integer({ min: 1, max: 6 }),
  // A bound is one of the records' own timestamps (the inclusive edge), by index.
  bounds: fc.array(fc.record({ name: fc.constantFrom(...BOUNDS), pick: fc.nat() }), { maxLength: 2 }),
});

type Walk = typeof walk extends fc.Arbitrary<infer W> ? W : never;

/** The plain filter-sort of the records a walk must give. */
function expected(w: Walk): number[] {
  const q = query(w);
  const ms = (value: string) => Date.parse(value);
  const kept = rows.filter((row) =>
    BOUNDS.every((name) => {
      const bound = q[name];
      if (bound === undefined) return true;
      const value = ms(name.startsWith('created') ? row.created_at : row.updated_at);
      return name.endsWith('_min') ? value >= ms(bound) : value <= ms(bound);
    }),
  );
  const key = (row: Row) => (w.field === 'id' ? row.id : row[w.field]);
  const sign = w.descending ? -1 : 1;
  kept.sort((a, b) => sign * ((key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) || a.id - b.id));
  return kept.map((row) => row.id);
}

function query(w: Walk): Record<string, string> {
  const q: Record<string, string> = { sort_by: `${w.field}-${w.descending ? 'desc' : 'asc'}` };
  for (const { name, pick } of w.bounds) {
    const row = rows[pick % rows.length] as Row;
    q[name] = name.startsWith('created') ? row.created_at : row.updated_at;
  }
  return q;
}

const idsOf = (body: Json, name = 'customers'): number[] => body[name].map((c: Json) => c.id);

describe('list walks', () => {
  it('walk 2021-11 cursors forward then back to the records of a plain filter-sort-slice', async () => {
    await fc.assert(
      fc.asyncProperty(walk, async (w) => {
        const want = expected(w);
        const pages: number[][] = [];
        let reply = await s.api.get('/customers', { query: { ...query(w), limit: w.limit } });
        pages.push(idsOf(reply.body));
        // At most a page a record (and one more): a cursor that loops fails instead of hanging.
        while (reply.body.next_cursor && pages.length <= rows.length) {
          reply = await s.api.get('/customers', {
            query: { limit: w.limit, cursor: reply.body.next_cursor },
          });
          pages.push(idsOf(reply.body));
        }
        expect(pages.flat()).toEqual(want);
        // Back from the last page: the same pages, in reverse.
        const back: number[][] = [pages.at(-1) ?? []];
        while (reply.body.previous_cursor && back.length <= rows.length) {
          reply = await s.api.get('/customers', {
            query: { limit: w.limit, cursor: reply.body.previous_cursor },
          });
          back.unshift(idsOf(reply.body));
        }
        expect(back.flat()).toEqual(want);
      }),
      { numRuns: 40 },
    );
  });

  it('walk 2021-01 pages to the records of a plain filter-sort-slice', async () => {
    const legacy = s.api.with({ version: '2021-01' });
    await fc.assert(
      fc.asyncProperty(walk, async (w) => {
        const want = expected(w);
        const got: number[] = [];
        for (let page = 1; page <= Math.ceil(want.length / w.limit) + 1; page++) {
          const reply = await legacy.get('/customers', { query: { ...query(w), limit: w.limit, page } });
          got.push(...idsOf(reply.body));
        }
        expect(got).toEqual(want);
      }),
      { numRuns: 25 },
    );
  });
});
