/**
 * One place that states the real shapes: for each record the API answers, its fields and their
 * kinds in each version, with where each field comes from (src/resources/shapes/sources.ts). The
 * serializers are checked against it for every kind of record of a store, in both versions
 * (test/resources/record-shapes.test.ts), so a field cannot appear, vanish or change kind unnoticed;
 * docs/records.md is rendered from it (`npm run docs:records`). Names are the spec's neutral ones;
 * a store's dialect renames them on the wire (src/http/dialect.ts).
 */
import type { ApiVersion } from '../../model/versions.js';
import * as billing from './billing.js';
import * as catalog from './catalog.js';
import type { RecordShape } from './kinds.js';
import * as people from './people.js';
import * as store from './store.js';

export interface RecordEntry {
  /** Heading of the record on docs/records.md. */
  readonly title: string;
  /** Where the API answers it (a key of the answer body, or the whole answer). */
  readonly servedAs: string;
  readonly versions: Partial<Record<ApiVersion, RecordShape>>;
}

const both = (shape: RecordShape): Partial<Record<ApiVersion, RecordShape>> => ({
  '2021-01': shape,
  '2021-11': shape,
});

export const RECORD_SHAPES = {
  customer: {
    title: 'Customer',
    servedAs: '`customer`, `customers`',
    versions: { '2021-01': people.customer2021_01, '2021-11': people.customer2021_11 },
  },
  address: {
    title: 'Address',
    servedAs: '`address`, `addresses`',
    versions: { '2021-01': people.address2021_01Record, '2021-11': people.address2021_11Record },
  },
  payment_method: {
    title: 'Payment method',
    servedAs: '`payment_method`, `payment_methods`',
    versions: { '2021-11': people.paymentMethod },
  },
  payment_source: {
    title: 'Payment source (deprecated)',
    servedAs: '`payment_sources`',
    versions: { '2021-01': people.paymentSource2021_01 },
  },
  subscription: {
    title: 'Subscription',
    servedAs: '`subscription`, `subscriptions`',
    versions: { '2021-01': billing.subscription2021_01, '2021-11': billing.subscription2021_11 },
  },
  onetime: {
    title: 'One-time item',
    servedAs: '`onetime`, `onetimes`',
    versions: { '2021-01': billing.onetime2021_01, '2021-11': billing.onetime2021_11 },
  },
  charge: {
    title: 'Charge',
    servedAs: '`charge`, `charges`',
    versions: { '2021-01': billing.charge2021_01, '2021-11': billing.charge2021_11 },
  },
  order: {
    title: 'Order',
    servedAs: '`order`, `orders`',
    versions: { '2021-01': billing.order2021_01, '2021-11': billing.order2021_11 },
  },
  discount: {
    title: 'Discount',
    servedAs: '`discount`, `discounts`',
    versions: { '2021-01': catalog.discount2021_01, '2021-11': catalog.discount2021_11 },
  },
  metafield: { title: 'Metafield', servedAs: '`metafield`, `metafields`', versions: both(people.metafield) },
  product: {
    title: 'Product',
    servedAs: '`product`, `products`',
    versions: { '2021-01': catalog.product2021_01, '2021-11': catalog.product2021_11 },
  },
  plan: { title: 'Plan', servedAs: '`plan`, `plans`', versions: { '2021-11': catalog.plan } },
  collection: {
    title: 'Collection',
    servedAs: '`collection`, `collections`',
    versions: { '2021-11': catalog.collection },
  },
  collection_product: {
    title: 'Collection product',
    servedAs: '`collection_products`',
    versions: { '2021-11': catalog.collectionProduct },
  },
  bundle_selection: {
    title: 'Bundle selection',
    servedAs: '`bundle_selection`, `bundle_selections`',
    versions: { '2021-11': catalog.bundleSelection },
  },
  bundle_product: {
    title: 'Bundle product',
    servedAs: "`bundle_products` (and a subscription's `include=bundle_product`)",
    versions: { '2021-11': catalog.bundleProduct },
  },
  delivery_schedule: {
    title: 'Delivery schedule',
    servedAs: 'the whole answer of `GET /customers/{id}/delivery_schedule`',
    versions: { '2021-11': people.deliverySchedule },
  },
  credit_account: {
    title: 'Credit account',
    servedAs: '`credit_account`, `credit_accounts`',
    versions: { '2021-11': people.creditAccount },
  },
  credit_adjustment: {
    title: 'Credit adjustment',
    servedAs: '`credit_adjustment`, `credit_adjustments`',
    versions: { '2021-11': people.creditAdjustment },
  },
  credit_summary: {
    title: 'Credit summary',
    servedAs: '`credit_summary`',
    versions: { '2021-11': people.creditSummary },
  },
  store: { title: 'Store', servedAs: '`store` (`GET /store`)', versions: both(store.store) },
  root_store: {
    title: 'Store, at the root',
    servedAs: '`store` (`GET /`)',
    versions: both(store.rootStore),
  },
  shop: { title: 'Shop', servedAs: '`shop` (`GET /shop`)', versions: { '2021-01': store.shop2021_01 } },
  shop_store: {
    title: 'Shop, its `store` key',
    servedAs: '`store` (`GET /shop`)',
    versions: { '2021-01': store.shopStore2021_01 },
  },
  shipping_country: {
    title: 'Shipping country',
    servedAs: '`shipping_countries`',
    versions: { '2021-01': store.shippingCountry },
  },
  token_information: {
    title: 'Token information',
    servedAs: '`token_information`',
    versions: both(store.tokenInformation),
  },
  account: { title: 'Account', servedAs: '`account`, `accounts`', versions: both(store.account) },
  webhook: { title: 'Webhook', servedAs: '`webhook`, `webhooks`', versions: both(store.webhook) },
  event: { title: 'Event', servedAs: '`events`', versions: both(store.event) },
  async_batch: {
    title: 'Async batch',
    servedAs: '`async_batch`, `async_batches`',
    versions: both(store.asyncBatch),
  },
  async_batch_task: {
    title: 'Async batch task',
    servedAs: '`async_batch_tasks`',
    versions: both(store.asyncBatchTask),
  },
  checkout: {
    title: 'Checkout',
    servedAs: '`checkout`',
    versions: { '2021-01': store.checkout2021_01, '2021-11': store.checkout2021_11 },
  },
  checkout_charge: {
    title: 'Checkout charge',
    servedAs: '`checkout_charge`',
    versions: both(store.checkoutCharge),
  },
  shipping_rate: { title: 'Shipping rate', servedAs: '`shipping_rates`', versions: both(store.shippingRate) },
  retention_strategy: {
    title: 'Retention strategy',
    servedAs: '`retention_strategy`, `retention_strategies`',
    versions: { '2021-11': store.retentionStrategy },
  },
} as const satisfies Record<string, RecordEntry>;

export type RecordName = keyof typeof RECORD_SHAPES;
