/** compareAnswers and IdMap: what counts as a difference, and how ids are paired and rewritten. */
import { describe, expect, it } from 'vitest';
import { REDACTED } from '../platform/redact.js';
import { compareAnswers, type Answer } from './compare.js';
import { IdMap } from './id-map.js';

const answer = (body: unknown, headers: Answer['headers'] = [], status = 200): Answer => ({
  status,
  headers,
  body: JSON.stringify(body),
});
const compare = (recorded: Answer, emulator: Answer, ids = new IdMap()) =>
  compareAnswers(recorded, emulator, { ids, headerPrefix: 'Recharge' });

describe('compareAnswers', () => {
  it('compares money and dates by form, states and booleans by value, other text not at all', () => {
    const recorded = answer({
      charge: {
        total_price: '10.00',
        scheduled_at: '2025-01-15',
        created_at: '2025-01-15T12:00:00+00:00',
        status: 'queued',
        taxable: true,
        note: 'first',
        order_interval_unit: 'month',
      },
    });
    const same = answer({
      charge: {
        total_price: '99.50',
        scheduled_at: '2026-03-01',
        created_at: '2026-03-01T08:30:00+00:00',
        status: 'queued',
        taxable: true,
        note: 'another note',
        order_interval_unit: 'month',
      },
    });
    expect(compare(recorded, same)).toEqual([]);
    const other = answer({
      charge: {
        total_price: '10.0',
        scheduled_at: '2025-01-15T00:00:00',
        created_at: '2025-01-15T12:00:00Z',
        status: 'QUEUED',
        taxable: false,
        note: 'first',
        order_interval_unit: 'week',
      },
    });
    expect(compare(recorded, other).map(({ kind, at }) => `${kind} ${at}`)).toEqual([
      'value charge.total_price',
      'value charge.scheduled_at',
      'value charge.created_at',
      'value charge.status',
      'value charge.taxable',
      'value charge.order_interval_unit',
    ]);
    expect(compare(recorded, other)[0]).toMatchObject({
      recorded: 'amount with 2 decimals: 10.00',
      emulator: 'decimal: 10.0',
    });
  });

  it('reports a difference once per place, list lengths, and nothing of a redacted value', () => {
    const recorded = answer({
      customers: [{ email: 'a@b.co', hash: REDACTED }, { email: 'c@d.co' }, { email: 'e@f.co' }],
    });
    const emulator = answer({ customers: [{ email: 5, hash: 7 }, { email: 6 }] });
    expect(compare(recorded, emulator)).toEqual([
      { kind: 'value', at: 'customers.length', recorded: 3, emulator: 2 },
      { kind: 'kind', at: 'customers[].email', recorded: 'string', emulator: 'number' },
    ]);
  });

  it('pairs ids where an answer first shows them, and reports an answer naming another record', () => {
    const ids = new IdMap();
    expect(
      compare(
        answer({ customer: { id: 7123, address_id: null } }),
        answer({ customer: { id: 1, address_id: null } }),
        ids,
      ),
    ).toEqual([]);
    expect(
      compare(
        answer({ address: { id: 88, customer_id: 7123 } }),
        answer({ address: { id: 5, customer_id: 1 } }),
        ids,
      ),
    ).toEqual([]);
    expect(
      compare(
        answer({ address: { id: 88, customer_id: 7123 } }),
        answer({ address: { id: 5, customer_id: 2 } }),
        ids,
      ),
    ).toEqual([{ kind: 'value', at: 'address.customer_id', recorded: 7123, emulator: 2 }]);
    // Two recorded records answered as one emulator record.
    expect(
      compare(answer({ addresses: [{ id: 89 }] }), answer({ addresses: [{ id: 5 }] }), ids),
    ).toHaveLength(1);
    expect(ids.path('/customers/7123/addresses')).toBe('/customers/1/addresses');
    expect(ids.query('?customer_id=7123&ids=88,999&limit=5')).toBe('?customer_id=1&ids=5%2C999&limit=5');
    expect(
      ids.body({ address_id: 88, purchase_item_ids: [], target: { customer_id: '7123' }, quantity: 88 }),
    ).toEqual({
      address_id: 5,
      purchase_item_ids: [],
      target: { customer_id: '1' },
      quantity: 88,
    });
  });

  it("compares the service's headers both ways, the version by value and Link by its rels", () => {
    const link = (rels: string[]) => ({
      name: 'Link',
      value: rels.map((rel) => `<https://x/customers?page_info=${rel}abc>; rel="${rel}"`).join(', '),
    });
    const recorded = answer({}, [
      { name: 'X-Recharge-Version', value: '2021-01' },
      { name: 'X-Recharge-Limit', value: '39/40' },
      link(['next']),
      { name: 'X-Request-Id', value: 'a' },
    ]);
    const emulator = answer({}, [
      { name: 'x-recharge-version', value: '2021-01' },
      { name: 'x-recharge-limit', value: '1/40' },
      link(['next']),
      { name: 'x-recharge-topic', value: 'x' },
    ]);
    expect(compare(recorded, emulator)).toEqual([
      { kind: 'header', at: 'x-recharge-topic', recorded: null, emulator: 'x' },
    ]);
    const moved = answer({}, [
      { name: 'X-Recharge-Version', value: '2021-11' },
      { name: 'X-Recharge-Limit', value: 'full' },
      link(['next', 'previous']),
    ]);
    expect(compare(recorded, moved).map(({ at }) => at)).toEqual([
      'X-Recharge-Version',
      'X-Recharge-Limit',
      'Link',
    ]);
  });

  it('compares the status first, and bodies of different kinds as (body)', () => {
    expect(compare(answer({}, [], 200), answer({ errors: 'Not Found' }, [], 404))).toEqual([
      { kind: 'status', at: '(status)', recorded: 200, emulator: 404 },
    ]);
    expect(compare({ status: 204, headers: [], body: '' }, answer({}, [], 204))).toEqual([
      { kind: 'kind', at: '(body)', recorded: 'empty', emulator: 'object' },
    ]);
  });
});
