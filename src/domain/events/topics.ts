/**
 * The webhook topics of the spec's Topics table: the read scope a token needs to subscribe, and
 * the included objects each topic group accepts (2021-11 table).
 */
import type { Scope } from '../../store/scopes.js';

/** Topic → read scope needed to subscribe (`null`: none listed). */
export const TOPICS: Readonly<Record<string, Scope | null>> = {
  'address/created': 'read_customers',
  'address/updated': 'read_customers',
  'bundle_selection/created': 'read_subscriptions',
  'bundle_selection/updated': 'read_subscriptions',
  'bundle_selection/deleted': 'read_subscriptions',
  'charge/created': 'read_orders',
  'charge/failed': 'read_orders',
  'charge/max_retries_reached': 'read_orders',
  'charge/paid': 'read_orders',
  'charge/refunded': 'read_orders',
  'charge/uncaptured': 'read_orders',
  'charge/upcoming': 'read_orders',
  'charge/updated': 'read_orders',
  'charge/deleted': 'read_orders',
  'checkout/created': 'read_orders',
  'checkout/processed': 'read_orders',
  'checkout/updated': 'read_orders',
  'checkout/completed': 'read_orders',
  'customer/activated': 'read_customers',
  'customer/created': 'read_customers',
  'customer/deactivated': 'read_customers',
  'customer/payment_method_updated': 'read_customers',
  'customer/updated': 'read_customers',
  'customer/deleted': 'read_customers',
  'gift_purchase/created': 'read_gift_purchases',
  'gift_purchase/redeemed': 'read_gift_purchases',
  'onetime/created': 'read_subscriptions',
  'onetime/updated': 'read_subscriptions',
  'onetime/deleted': 'read_subscriptions',
  'order/created': 'read_orders',
  'order/deleted': 'read_orders',
  'order/updated': 'read_orders',
  'order/cancelled': 'read_orders',
  'order/processed': 'read_orders',
  'order/upcoming': 'read_orders',
  'order/payment_captured': 'read_orders',
  'order/success': 'read_orders',
  'plan/created': 'read_products',
  'plan/updated': 'read_products',
  'plan/deleted': 'read_products',
  'subscription/activated': 'read_subscriptions',
  'subscription/cancelled': 'read_subscriptions',
  'subscription/created': 'read_subscriptions',
  'subscription/deleted': 'read_subscriptions',
  'subscription/updated': 'read_subscriptions',
  'subscription/skipped': 'read_subscriptions',
  'subscription/unskipped': 'read_subscriptions',
  'subscription/swapped': 'read_subscriptions',
  'subscription/paused': 'read_subscriptions',
  'app/uninstalled': 'read_store',
  'service/uninstalled': 'read_store',
  'store/updated': 'read_store',
  'async_batch/processed': null,
};

export type Topic = keyof typeof TOPICS;

export function isTopic(value: string): boolean {
  return Object.hasOwn(TOPICS, value);
}

/** Included objects each topic group supports (spec, Events: delivery rule 5). */
export const INCLUDED_OBJECTS: Readonly<Record<string, readonly string[]>> = {
  address: ['customer', 'payment_methods'],
  charge: ['customer', 'metafields', 'payment_methods'],
  customer: ['addresses', 'metafields', 'payment_methods'],
  order: ['customer', 'metafields'],
  subscription: ['customer', 'metafields'],
};

export function includedObjectsFor(topic: string): readonly string[] {
  return INCLUDED_OBJECTS[topic.split('/')[0] ?? ''] ?? [];
}
