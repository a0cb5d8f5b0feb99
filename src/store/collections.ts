/**
 * Every collection a store holds, with its indexes. Adding a resource means adding its collection
 * here; persistence, snapshots and reset follow from this table.
 */
import { Collection } from '../platform/persistence/collection.js';
import type { Account } from '../model/account.js';
import type { Address } from '../model/address.js';
import type { Customer } from '../model/customer.js';
import type { EventRecord } from '../model/event.js';
import type { Metafield } from '../model/metafield.js';
import type { PaymentMethod } from '../model/payment-method.js';
import type { Job } from '../model/job.js';
import type { BundleSelection } from '../model/bundle-selection.js';
import type { Charge } from '../model/charge.js';
import type { Checkout } from '../model/checkout.js';
import type { CollectionProduct, ProductCollection } from '../model/collection.js';
import type { Discount } from '../model/discount.js';
import type { Onetime } from '../model/onetime.js';
import type { Order } from '../model/order.js';
import type { GiftPurchase } from '../model/gift-purchase.js';
import type { Delivery, Webhook } from '../model/webhook.js';
import type { Plan } from '../model/plan.js';
import type { Product } from '../model/product.js';
import type { Subscription } from '../model/subscription.js';
import type { AsyncBatch, AsyncBatchTask } from '../model/async-batch.js';
import type { SentNotification } from '../model/notification.js';
import type { CreditAccount, CreditAdjustment } from '../model/credit.js';
import type { RetentionStrategy } from '../model/retention-strategy.js';

export function createCollections(onChange: () => void) {
  return {
    accounts: new Collection<Account>('accounts', {}, onChange),
    customers: new Collection<Customer>(
      'customers',
      {
        email: { key: (c) => c.email.toLowerCase(), fields: ['email'], unique: true },
        hash: { key: (c) => c.hash, fields: ['hash'] },
        external_customer_id: { key: (c) => c.external_customer_id, fields: ['external_customer_id'] },
      },
      onChange,
    ),
    addresses: new Collection<Address>(
      'addresses',
      {
        customer_id: { key: (a) => a.customer_id, fields: ['customer_id'] },
        discount_id: { key: (a) => a.discount_id, fields: ['discount_id'] },
      },
      onChange,
    ),
    payment_methods: new Collection<PaymentMethod>(
      'payment_methods',
      { customer_id: { key: (p) => p.customer_id, fields: ['customer_id'] } },
      onChange,
    ),
    metafields: new Collection<Metafield>(
      'metafields',
      { owner: { key: (m) => `${m.owner_resource}:${m.owner_id}`, fields: ['owner_resource', 'owner_id'] } },
      onChange,
    ),
    products: new Collection<Product>(
      'products',
      {
        external_product_id: {
          key: (p) => p.external_product_id,
          fields: ['external_product_id'],
          unique: true,
        },
        external_variant_id: {
          key: (p) => p.variants.map((v) => v.external_variant_id),
          fields: ['variants'],
        },
      },
      onChange,
    ),
    plans: new Collection<Plan>(
      'plans',
      { external_product_id: { key: (p) => p.external_product_id, fields: ['external_product_id'] } },
      onChange,
    ),
    product_collections: new Collection<ProductCollection>('product_collections', {}, onChange),
    collection_products: new Collection<CollectionProduct>(
      'collection_products',
      {
        collection_id: { key: (c) => c.collection_id, fields: ['collection_id'] },
        external_product_id: { key: (c) => c.external_product_id, fields: ['external_product_id'] },
      },
      onChange,
    ),
    subscriptions: new Collection<Subscription>(
      'subscriptions',
      {
        address_id: { key: (s) => s.address_id, fields: ['address_id'] },
        customer_id: { key: (s) => s.customer_id, fields: ['customer_id'] },
        status: { key: (s) => s.status, fields: ['status'] },
      },
      onChange,
    ),
    onetimes: new Collection<Onetime>(
      'onetimes',
      {
        address_id: { key: (o) => o.address_id, fields: ['address_id'] },
        customer_id: { key: (o) => o.customer_id, fields: ['customer_id'] },
      },
      onChange,
    ),
    charges: new Collection<Charge>(
      'charges',
      {
        address_id: { key: (c) => c.address_id, fields: ['address_id'] },
        customer_id: { key: (c) => c.customer_id, fields: ['customer_id'] },
        status: { key: (c) => c.status, fields: ['status'] },
        scheduled_at: { key: (c) => c.scheduled_at, fields: ['scheduled_at'] },
        purchase_item_id: {
          key: (c) => c.line_items.map((line) => line.purchase_item_id),
          fields: ['line_items'],
        },
        discount_id: { key: (c) => c.discount?.id, fields: ['discount'] },
        external_order_id: { key: (c) => c.external_order_id, fields: ['external_order_id'] },
      },
      onChange,
    ),
    orders: new Collection<Order>(
      'orders',
      {
        charge_id: { key: (o) => o.charge_id, fields: ['charge_id'] },
        customer_id: { key: (o) => o.customer_id, fields: ['customer_id'] },
        address_id: { key: (o) => o.address_id, fields: ['address_id'] },
        status: { key: (o) => o.status, fields: ['status'] },
        external_order_id: { key: (o) => o.external_order_id, fields: ['external_order_id'] },
        purchase_item_id: {
          key: (o) => o.line_items.map((line) => line.purchase_item_id),
          fields: ['line_items'],
        },
      },
      onChange,
    ),
    checkouts: new Collection<Checkout>(
      'checkouts',
      { token: { key: (c) => c.token, fields: ['token'], unique: true } },
      onChange,
    ),
    discounts: new Collection<Discount>(
      'discounts',
      { code: { key: (d) => d.code.toLowerCase(), fields: ['code'], unique: true } },
      onChange,
    ),
    bundle_selections: new Collection<BundleSelection>(
      'bundle_selections',
      { purchase_item_id: { key: (b) => b.purchase_item_id, fields: ['purchase_item_id'] } },
      onChange,
    ),
    gift_purchases: new Collection<GiftPurchase>(
      'gift_purchases',
      { onetime_id: { key: (g) => g.onetime_id, fields: ['onetime_id'] } },
      onChange,
    ),
    webhooks: new Collection<Webhook>(
      'webhooks',
      { topic: { key: (w) => w.topic, fields: ['topic'] } },
      onChange,
    ),
    deliveries: new Collection<Delivery>(
      'deliveries',
      {
        webhook_id: { key: (d) => d.webhook_id, fields: ['webhook_id'] },
        status: { key: (d) => d.status, fields: ['status'] },
      },
      onChange,
    ),
    async_batches: new Collection<AsyncBatch>('async_batches', {}, onChange),
    async_batch_tasks: new Collection<AsyncBatchTask>(
      'async_batch_tasks',
      { batch_id: { key: (t) => t.batch_id, fields: ['batch_id'] } },
      onChange,
    ),
    notifications: new Collection<SentNotification>(
      'notifications',
      { customer_id: { key: (n) => n.customer_id, fields: ['customer_id'] } },
      onChange,
    ),
    credit_accounts: new Collection<CreditAccount>(
      'credit_accounts',
      {
        customer_id: { key: (c) => c.customer_id, fields: ['customer_id'] },
        redemption_code: { key: (c) => c.redemption_code?.toLowerCase(), fields: ['redemption_code'] },
      },
      onChange,
    ),
    credit_adjustments: new Collection<CreditAdjustment>(
      'credit_adjustments',
      {
        credit_account_id: { key: (c) => c.credit_account_id, fields: ['credit_account_id'] },
        customer_id: { key: (c) => c.customer_id, fields: ['customer_id'] },
      },
      onChange,
    ),
    retention_strategies: new Collection<RetentionStrategy>('retention_strategies', {}, onChange),
    events: new Collection<EventRecord>(
      'events',
      { object_type: { key: (e) => e.object_type, fields: ['object_type'] } },
      onChange,
    ),
    jobs: new Collection<Job>('jobs', { subject: { key: (j) => j.subject, fields: ['subject'] } }, onChange),
  };
}

export type Collections = ReturnType<typeof createCollections>;
export type CollectionName = keyof Collections;
export type RecordOf<N extends CollectionName> = Collections[N] extends Collection<infer T> ? T : never;
