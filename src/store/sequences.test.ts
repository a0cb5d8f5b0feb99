/** Counters raised to the ids a loaded document holds, by the table of what each sequence numbers. */
import { describe, expect, it } from 'vitest';
import { coveringSequences } from './sequences.js';
import type { StoreDoc } from './store.js';

const START = 10_000_000;

function doc(parts: Partial<Pick<StoreDoc, 'sequences' | 'collections' | 'tokens'>>) {
  return { sequences: {}, collections: {}, tokens: [], ...parts } as Pick<
    StoreDoc,
    'sequences' | 'collections' | 'tokens'
  >;
}

const rows = (...ids: number[]) => ids.map((id) => ({ id })) as never[];

describe('coveringSequences', () => {
  it('raises a counter below the largest id of its collection, and keeps those at or above', () => {
    const stored = doc({
      sequences: { customers: START + 2, addresses: START + 9, events: START + 5 },
      collections: {
        customers: rows(START + 1, START + 7, START + 3),
        addresses: rows(START + 4),
        events: rows(START + 5),
      },
    });
    expect(coveringSequences(stored, START)).toEqual({
      customers: START + 7,
      addresses: START + 9,
      events: START + 5,
    });
  });

  it('returns the same sequences when none is behind', () => {
    const stored = doc({ sequences: { customers: START + 1 }, collections: { customers: rows(START + 1) } });
    expect(coveringSequences(stored, START)).toBe(stored.sequences);
  });

  it('counts every collection a shared sequence numbers: purchase_items for subscriptions and onetimes', () => {
    const stored = doc({
      sequences: { purchase_items: START + 2 },
      collections: { subscriptions: rows(START + 1, START + 2), onetimes: rows(START + 6) },
    });
    expect(coveringSequences(stored, START).purchase_items).toBe(START + 6);
  });

  it('counts ids kept inside records (variants, bundle items, users) and the tokens', () => {
    const stored = doc({
      collections: {
        products: [{ id: START + 1, variants: [{ id: START + 8 }, { id: START + 3 }] }] as never[],
        bundle_selections: [{ id: START + 1, items: [{ id: START + 4 }] }] as never[],
        accounts: [{ id: START + 1, user_id: START + 2 }] as never[],
      },
      tokens: [{ id: START + 3 }] as never[],
    });
    expect(coveringSequences(stored, START)).toEqual({
      products: START + 1,
      variants: START + 8,
      bundle_selections: START + 1,
      bundle_selection_items: START + 4,
      accounts: START + 1,
      users: START + 2,
      tokens: START + 3,
    });
  });

  it('leaves an absent counter alone when the ids stand below where the store starts (records of another store)', () => {
    const stored = doc({ collections: { customers: rows(START + 5) } });
    expect(coveringSequences(stored, 2 * START)).toEqual({});
  });

  it('passes over what a hand-edited document holds that is not an id', () => {
    const stored = doc({
      collections: {
        products: [{ id: START + 1, variants: 'none' }] as never[],
        bundle_selections: [{ id: START + 2, items: [null, { id: 'x' }] }] as never[],
      },
    });
    expect(coveringSequences(stored, START)).toEqual({ products: START + 1, bundle_selections: START + 2 });
  });
});
