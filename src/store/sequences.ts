/**
 * The id sequences of a store (`Store.nextId(kind)`) and where the ids each one hands out are kept:
 * the ids of a collection's records, ids inside its records (a product's variants), or the store's
 * tokens. Several collections may share one sequence (`purchase_items` numbers subscriptions and
 * onetimes). Loading a store (`--data`, a snapshot import) raises a counter that stands below an id
 * it numbered, so the next id never collides with a stored one (docs/decisions/0025).
 *
 * The table is checked by the compiler both ways: `nextId` takes only a kind named here, and every
 * collection must be numbered by some kind (`everyCollectionIsNumbered`).
 */
import type { CollectionName, RecordOf } from './collections.js';
import type { StoreDoc } from './store.js';

/** The ids of `collection`'s records (`ids` absent) or the ids its records hold (`ids`). */
interface InCollection<N extends CollectionName> {
  readonly collection: N;
  readonly ids?: (row: RecordOf<N>) => Iterable<unknown>;
}

/** The store's API tokens (kept with the store, not in a collection). */
const TOKENS = { tokens: true } as const;

type IdHome = { [N in CollectionName]: InCollection<N> }[CollectionName] | typeof TOKENS;

/** The records of `collection` are numbered by the sequence. */
function records<const N extends CollectionName>(collection: N): InCollection<N> {
  return { collection };
}

/** Ids inside the records of `collection` (not the records' own) are numbered by the sequence. */
function inside<const N extends CollectionName>(
  collection: N,
  ids: (row: RecordOf<N>) => Iterable<unknown>,
): InCollection<N> {
  return { collection, ids };
}

/** The `id` of each element of `list` (read with care: a document may have been edited by hand). */
function idsOf(list: unknown): unknown[] {
  return Array.isArray(list) ? list.map((element: unknown) => (element as { id?: unknown } | null)?.id) : [];
}

/**
 * Every kind of `nextId`, with where the ids it hands out are kept. A kind with no place numbers
 * something that is not an id the emulator looks records up by (a reason says what).
 */
export const SEQUENCES = {
  accounts: [records('accounts')],
  users: [inside('accounts', (account) => [account.user_id])],
  customers: [records('customers')],
  addresses: [records('addresses')],
  payment_methods: [records('payment_methods')],
  metafields: [records('metafields')],
  products: [records('products')],
  variants: [inside('products', (product) => idsOf(product.variants))],
  plans: [records('plans')],
  collections: [records('product_collections')],
  collection_products: [records('collection_products')],
  purchase_items: [records('subscriptions'), records('onetimes')],
  charges: [records('charges')],
  orders: [records('orders')],
  // The platform's order number (`external_order_id` 5000000000 + n): text the client may also
  // send, never a key the emulator looks an order up by or keeps unique.
  external_orders: [],
  checkouts: [records('checkouts')],
  discounts: [records('discounts')],
  bundle_selections: [records('bundle_selections')],
  bundle_selection_items: [inside('bundle_selections', (selection) => idsOf(selection.items))],
  gift_purchases: [records('gift_purchases')],
  webhooks: [records('webhooks')],
  deliveries: [records('deliveries')],
  async_batches: [records('async_batches')],
  async_batch_tasks: [records('async_batch_tasks')],
  notifications: [records('notifications')],
  credit_accounts: [records('credit_accounts')],
  credit_adjustments: [records('credit_adjustments')],
  retention_strategies: [records('retention_strategies')],
  events: [records('events')],
  jobs: [records('jobs')],
  tokens: [TOKENS],
} as const satisfies Readonly<Record<string, readonly IdHome[]>>;

/** A kind of id a store hands out (`Store.nextId`). */
export type SequenceName = keyof typeof SEQUENCES;

type Numbered = Extract<(typeof SEQUENCES)[SequenceName][number], { collection: unknown }>['collection'];
type Unnumbered = Exclude<CollectionName, Numbered>;
/** Does not compile while a collection is numbered by no sequence (its name shows in the error). */
export const everyCollectionIsNumbered: [Unnumbered] extends [never] ? true : Unnumbered = true;

/**
 * The sequences of `doc` with every counter raised to at least the largest id it numbered in the
 * document's records and tokens (a counter absent stands at `start`, where the store's ids begin).
 * Returns `doc.sequences` itself when none was behind.
 *
 * @example
 * coveringSequences({ sequences: { customers: 10000002 }, collections: { customers: [{ id: 10000007, ... }] }, tokens: [] }, 10000000);
 * // { customers: 10000007 }
 */
export function coveringSequences(
  doc: Pick<StoreDoc, 'sequences' | 'collections' | 'tokens'>,
  start: number,
): Readonly<Record<string, number>> {
  let raised: Record<string, number> | null = null;
  for (const [kind, homes] of Object.entries(SEQUENCES) as [SequenceName, readonly IdHome[]][]) {
    const highest = homes.reduce((max, home) => Math.max(max, highestIn(home, doc)), 0);
    if (highest > (doc.sequences[kind] ?? start)) (raised ??= { ...doc.sequences })[kind] = highest;
  }
  return raised ?? doc.sequences;
}

function highestIn(home: IdHome, doc: Pick<StoreDoc, 'collections' | 'tokens'>): number {
  if ('tokens' in home) return largest(doc.tokens, (token) => [token.id]);
  const rows: readonly unknown[] = doc.collections[home.collection] ?? [];
  const ids = (home.ids ?? ((row: { readonly id: number }) => [row.id])) as (
    row: unknown,
  ) => Iterable<unknown>;
  return largest(rows, ids);
}

/** The largest integer id of `rows` (values that are not, from a hand-edited file, are passed over). */
function largest<T>(rows: readonly T[], idsOf: (row: T) => Iterable<unknown>): number {
  let max = 0;
  for (const row of rows)
    for (const id of idsOf(row)) if (typeof id === 'number' && Number.isSafeInteger(id) && id > max) max = id;
  return max;
}
