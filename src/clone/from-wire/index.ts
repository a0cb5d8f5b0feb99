/**
 * From the real API's answers to the emulator's store records: answers in (2021-01 or 2021-11
 * records, in a store's dialect: `shopify_product_id`, brand names), records out, with the records
 * that cannot be held listed and why (an unknown processor, a field of the wrong kind). Used by
 * `billing-emulator clone` and by anyone who seeds a store with records read from the real service.
 *
 * @example
 * const { records, skipped } = fromWire('customers', body.customers, { version: '2021-11', platformWord: 'shopify' });
 * const converted = recordsOfAnswer({ charge: {...} }, { version: '2021-11' }); // { collection: 'charges', records: [...] }
 */
import { dialectOf } from '../../http/dialect.js';
import type { Body } from '../../http/types.js';
import type { RecordOf } from '../../store/collections.js';
import { brandOf } from '../../store/dialect-settings.js';
import { completeSettings, storeSettingsSchema } from '../../store/settings.js';
import type { ApiVersion } from '../../model/versions.js';
import {
  collectionProductFromWire,
  discountFromWire,
  planFromWire,
  productCollectionFromWire,
  productFromWire,
} from './catalog.js';
import { chargeFromWire, orderFromWire } from './charges.js';
import type { WireContext } from './context.js';
import { addressFromWire, customerFromWire, paymentMethodFromWire } from './customers.js';
import {
  bundleSelectionFromWire,
  creditAccountFromWire,
  creditAdjustmentFromWire,
  metafieldFromWire,
  retentionStrategyFromWire,
} from './extras.js';
import { onetimeFromWire, subscriptionFromWire } from './purchase-items.js';
import { Reader, WireProblem } from './reader.js';

export { Reader, WireProblem, postalAddress } from './reader.js';
export type { WireContext } from './context.js';
export { storeFromWire, type WireStore } from './store.js';
export * from './customers.js';
export * from './purchase-items.js';
export * from './charges.js';
export * from './catalog.js';
export * from './extras.js';

type Converter<T> = (r: Reader, ctx: WireContext) => T;

/** The converter of each collection a clone can fill. */
const CONVERTERS = {
  customers: customerFromWire,
  addresses: addressFromWire,
  payment_methods: paymentMethodFromWire,
  subscriptions: subscriptionFromWire,
  onetimes: onetimeFromWire,
  charges: chargeFromWire,
  orders: orderFromWire,
  products: productFromWire,
  plans: planFromWire,
  product_collections: productCollectionFromWire,
  collection_products: collectionProductFromWire,
  discounts: discountFromWire,
  metafields: metafieldFromWire,
  credit_accounts: creditAccountFromWire,
  credit_adjustments: creditAdjustmentFromWire,
  retention_strategies: retentionStrategyFromWire,
  bundle_selections: bundleSelectionFromWire,
} satisfies { [N in keyof typeof WIRE_KEYS]: Converter<RecordOf<N>> };

/** The keys of each collection's single and list answers (`{customer: ...}`, `{customers: [...]}`). */
const WIRE_KEYS = {
  customers: ['customer', 'customers'],
  addresses: ['address', 'addresses'],
  payment_methods: ['payment_method', 'payment_methods'],
  subscriptions: ['subscription', 'subscriptions'],
  onetimes: ['onetime', 'onetimes'],
  charges: ['charge', 'charges'],
  orders: ['order', 'orders'],
  products: ['product', 'products'],
  plans: ['plan', 'plans'],
  product_collections: ['collection', 'collections'],
  collection_products: ['collection_product', 'collection_products'],
  discounts: ['discount', 'discounts'],
  metafields: ['metafield', 'metafields'],
  credit_accounts: ['credit_account', 'credit_accounts'],
  credit_adjustments: ['credit_adjustment', 'credit_adjustments'],
  retention_strategies: ['retention_strategy', 'retention_strategies'],
  bundle_selections: ['bundle_selection', 'bundle_selections'],
} as const;

/** A store collection the converters fill. */
export type WireCollection = keyof typeof WIRE_KEYS;

export const WIRE_COLLECTIONS = Object.keys(WIRE_KEYS) as WireCollection[];

/** How the answers were written. */
export interface FromWireOptions {
  /** The API version of the answers. */
  readonly version: ApiVersion;
  /** The store's currency (default USD): 2021-01 sends some amounts as numbers. */
  readonly currency?: string;
  /** The store's word for the platform (`shopify` for `shopify_product_id`; default `platform`). */
  readonly platformWord?: string;
  /** The store's names for neutral values (`{platform_payments: 'shopify_payments'}`). */
  readonly valueNames?: Readonly<Record<string, string>>;
  /** The service's header prefix (`Recharge` for `recharge_product_id`; default `Service`). */
  readonly headerPrefix?: string;
}

/** A record left out, and why. */
export interface SkippedRecord {
  readonly collection: string;
  /** The record's id when it has one. */
  readonly id: number | string | null;
  readonly reason: string;
}

export interface Converted<N extends WireCollection> {
  readonly collection: N;
  readonly records: RecordOf<N>[];
  readonly skipped: SkippedRecord[];
}

/** Reads answers written in a store's dialect into the neutral names (built once per options). */
function neutralizer(options: FromWireOptions): (record: unknown) => unknown {
  const settings = completeSettings(
    storeSettingsSchema.parse({ platform_word: options.platformWord, value_names: options.valueNames }),
  );
  const dialect = dialectOf({ settings, brand: brandOf(options.headerPrefix ?? 'Service') });
  if (dialect.neutral) return (record) => record;
  return (record) =>
    typeof record === 'object' && record !== null && !Array.isArray(record)
      ? dialect.readBody(record as Body)
      : record;
}

function idOf(record: unknown): number | string | null {
  const id = typeof record === 'object' && record !== null ? (record as { id?: unknown }).id : undefined;
  return typeof id === 'number' || typeof id === 'string' ? id : null;
}

/**
 * The store records of `collection` made of wire records (the items of a list answer, or one
 * single answer's record); each record that cannot be held is in `skipped` with the reason.
 * Throws only for options the settings refuse (an invalid platform word).
 *
 * @example
 * fromWire('subscriptions', [{ id: 7, status: 'ACTIVE', ... }], { version: '2021-01' }).records[0].status; // 'active'
 */
export function fromWire<N extends WireCollection>(
  collection: N,
  wireRecords: readonly unknown[],
  options: FromWireOptions,
): Converted<N> {
  const convert = (CONVERTERS as { [K in WireCollection]: Converter<RecordOf<K>> })[collection];
  const neutral = neutralizer(options);
  const ctx: WireContext = { version: options.version, currency: options.currency ?? 'USD' };
  const records: RecordOf<N>[] = [];
  const skipped: SkippedRecord[] = [];
  for (const wire of wireRecords) {
    try {
      records.push(convert(Reader.of(neutral(wire)), ctx));
    } catch (error) {
      if (!(error instanceof WireProblem)) throw error;
      skipped.push({ collection, id: idOf(wire), reason: error.message });
    }
  }
  return { collection, records, skipped };
}

/**
 * The records of one answer body of the API (`{customers: [...]}` or `{customer: {...}}`), or
 * null when the body holds none the converters know (`{}`, `{count: 3}`, an error body).
 *
 * @example
 * recordsOfAnswer({ customer: { id: 7, email: 'a@b.c', ... } }, { version: '2021-11' })?.collection; // 'customers'
 */
export function recordsOfAnswer(body: unknown, options: FromWireOptions): Converted<WireCollection> | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const answer = body as Record<string, unknown>;
  for (const collection of WIRE_COLLECTIONS) {
    const [single, list] = WIRE_KEYS[collection];
    const items = answer[list];
    if (Array.isArray(items)) return fromWire(collection, items, options);
    const item = answer[single];
    if (typeof item === 'object' && item !== null) return fromWire(collection, [item], options);
  }
  return null;
}
