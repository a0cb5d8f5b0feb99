/**
 * What a clone reads: each list of the API it pages through, the store collection it fills, the
 * versions it exists in, how it is narrowed to chosen customers, and what it needs cloned with it
 * (a subscription needs its address, an address its customer). `--only` names these lists.
 */
import type { ApiVersion } from '../model/versions.js';
import type { RecordOf } from '../store/collections.js';
import type { StoreSettingsInput } from '../store/settings.js';
import type { WireCollection } from './from-wire/index.js';

export interface ListPlan {
  /** The name users give `--only` and see in the summary. */
  readonly name: string;
  readonly collection: WireCollection;
  readonly path: string;
  /** The key of the records in the answer. */
  readonly key: string;
  /** Whether the list exists in 2021-01 too (else it is read in 2021-11 whatever the version). */
  readonly legacy: boolean;
  /** The query parameter that narrows it to one customer (`--customer`); absent: read whole. */
  readonly byCustomer?: string;
  /** Lists whose records these refer to. */
  readonly needs: readonly string[];
  /**
   * What the list's answer tells of the store's settings: those it has when the list answers, and
   * when it refuses with 403 (a list behind a product or plan); the clone takes them, so it answers
   * the same.
   */
  readonly gate?: { readonly answered: StoreSettingsInput; readonly refused: StoreSettingsInput };
}

/** Credits answer only for stores with the retention product (spec rule 7). */
const RETENTION_GATE = { answered: { retention_enabled: true }, refused: { retention_enabled: false } };

/** The lists in the order they are read (what a list refers to is read before it). */
export const LISTS: readonly ListPlan[] = [
  {
    name: 'customers',
    collection: 'customers',
    path: '/customers',
    key: 'customers',
    legacy: true,
    needs: [],
  },
  {
    name: 'addresses',
    collection: 'addresses',
    path: '/addresses',
    key: 'addresses',
    legacy: true,
    byCustomer: 'customer_id',
    needs: ['customers'],
  },
  {
    name: 'payment_methods',
    collection: 'payment_methods',
    path: '/payment_methods',
    key: 'payment_methods',
    legacy: false,
    byCustomer: 'customer_id',
    needs: ['customers'],
  },
  { name: 'products', collection: 'products', path: '/products', key: 'products', legacy: false, needs: [] },
  { name: 'plans', collection: 'plans', path: '/plans', key: 'plans', legacy: false, needs: ['products'] },
  {
    name: 'collections',
    collection: 'product_collections',
    path: '/collections',
    key: 'collections',
    legacy: false,
    needs: ['products'],
  },
  {
    name: 'discounts',
    collection: 'discounts',
    path: '/discounts',
    key: 'discounts',
    legacy: true,
    needs: [],
  },
  {
    name: 'subscriptions',
    collection: 'subscriptions',
    path: '/subscriptions',
    key: 'subscriptions',
    legacy: true,
    byCustomer: 'customer_id',
    needs: ['addresses'],
  },
  {
    name: 'onetimes',
    collection: 'onetimes',
    path: '/onetimes',
    key: 'onetimes',
    legacy: true,
    byCustomer: 'customer_id',
    needs: ['addresses'],
  },
  {
    name: 'charges',
    collection: 'charges',
    path: '/charges',
    key: 'charges',
    legacy: true,
    byCustomer: 'customer_id',
    needs: ['addresses', 'subscriptions', 'onetimes'],
  },
  {
    name: 'orders',
    collection: 'orders',
    path: '/orders',
    key: 'orders',
    legacy: true,
    byCustomer: 'customer_id',
    needs: ['charges'],
  },
  {
    name: 'bundle_selections',
    collection: 'bundle_selections',
    path: '/bundle_selections',
    key: 'bundle_selections',
    legacy: false,
    needs: ['subscriptions', 'products'],
    gate: { answered: { plan: 'pro' }, refused: { plan: 'standard' } },
  },
  {
    name: 'credit_accounts',
    collection: 'credit_accounts',
    path: '/credit_accounts',
    key: 'credit_accounts',
    legacy: false,
    byCustomer: 'customer_id',
    needs: ['customers'],
    gate: RETENTION_GATE,
  },
  {
    name: 'credit_adjustments',
    collection: 'credit_adjustments',
    path: '/credit_adjustments',
    key: 'credit_adjustments',
    legacy: false,
    byCustomer: 'customer_id',
    needs: ['credit_accounts'],
    gate: RETENTION_GATE,
  },
  {
    name: 'retention_strategies',
    collection: 'retention_strategies',
    path: '/retention_strategies',
    key: 'retention_strategies',
    legacy: false,
    needs: [],
  },
  {
    name: 'metafields',
    collection: 'metafields',
    path: '/metafields',
    key: 'metafields',
    legacy: true,
    needs: [],
  },
];

export const LIST_NAMES: readonly string[] = LISTS.map((list) => list.name);

/** The owners metafields are listed by (`owner_resource` is required). */
export const METAFIELD_OWNERS = ['store', 'customer', 'address', 'subscription', 'order', 'charge'] as const;

/** The lists that count their records in 2021-01 (`GET /<list>/count`), for the progress bars. */
export const COUNTED: ReadonlySet<string> = new Set([
  'customers',
  'addresses',
  'subscriptions',
  'charges',
  'orders',
  'discounts',
]);

/**
 * The lists to read for `only` (all when empty) with everything they need; throws for a name that
 * is not a list, naming the ones there are.
 *
 * @example selectLists(['subscriptions']).map((l) => l.name); // ['customers', 'addresses', 'subscriptions']
 */
export function selectLists(only: readonly string[]): ListPlan[] {
  if (only.length === 0) return [...LISTS];
  const wanted = new Set<string>();
  const add = (name: string): void => {
    const list = LISTS.find((candidate) => candidate.name === name);
    if (!list) throw new Error(`Not a list a clone reads: ${name} (lists: ${LIST_NAMES.join(', ')})`);
    if (wanted.has(name)) return;
    wanted.add(name);
    for (const need of list.needs) add(need);
  };
  for (const name of only) add(name);
  return LISTS.filter((list) => wanted.has(list.name));
}

/**
 * Fields of a record that only one version's answer shows (docs/records.md), by that version. A
 * list read in the other version is read in this one too, and these fields are taken from it (by
 * record id), so the clone answers both versions as the store does. Other collections show every
 * field they hold in the version they are read in, or in both.
 */
export const VERSION_ONLY_FIELDS: {
  readonly [N in WireCollection]?: Partial<Record<ApiVersion, readonly (keyof RecordOf<N>)[]>>;
} = {
  customers: {
    '2021-01': ['accepts_marketing', 'billing', 'processor_type'],
    '2021-11': ['apply_credit_to_next_recurring_charge', 'apply_credit_to_next_checkout_charge'],
  },
  addresses: { '2021-11': ['payment_method_id', 'shipping_lines_conserved'] },
  // 2021-01 charge and order lines say neither their weight, taxes nor (prepaid) total.
  charges: {
    '2021-11': [
      'line_items',
      'shipping_lines',
      'discount',
      'currency',
      'taxable',
      'taxes_included',
      'orders_count',
      'merged_at',
    ],
  },
  orders: { '2021-11': ['line_items', 'currency', 'charge_shown'] },
  discounts: {
    '2021-01': [
      'duration',
      'duration_usage_limit',
      'usage_limit',
      'times_used',
      'first_time_customer_restriction',
      'once_per_customer',
    ],
    '2021-11': ['external_discount_id'],
  },
};

/**
 * The other version a list is read in too, and the fields taken from it, when the version it is
 * read in lacks some (`VERSION_ONLY_FIELDS`); null when it lacks none.
 *
 * @example complementOf(customersList, '2021-11'); // { version: '2021-01', fields: ['accepts_marketing', ...] }
 */
export function complementOf(
  list: ListPlan,
  version: ApiVersion,
): { version: ApiVersion; fields: readonly string[] } | null {
  const other: ApiVersion = version === '2021-01' ? '2021-11' : '2021-01';
  const fields = (VERSION_ONLY_FIELDS[list.collection] as Partial<Record<ApiVersion, readonly string[]>>)?.[
    other
  ];
  return list.legacy && fields?.length ? { version: other, fields } : null;
}

/** The version a list is read in. */
export function versionOf(list: ListPlan, wanted: ApiVersion): ApiVersion {
  return list.legacy ? wanted : '2021-11';
}
