/**
 * The subscription record in each version's shape (api-facts: Subscription; fields and kinds in
 * src/resources/shapes/billing.ts). No `plan_id`: the plan is an input, never part of the record.
 */
import { isPrepaid } from '../../domain/charges/purchase-items.js';
import { findProductByExternalId } from '../../domain/products/products.service.js';
import type { Store } from '../../store/store.js';
import type { ApiVersion } from '../../model/versions.js';
import { platformIdOutput, timestamp } from '../serialize.js';
import type { Subscription } from '../../model/subscription.js';

function hasQueuedCharges(store: Store, subscription: Subscription): boolean {
  for (const id of store.collections.charges.idsBy('purchase_item_id', subscription.id)) {
    if (store.collections.charges.get(id)?.status === 'queued') return true;
  }
  return false;
}

function serialize2021_11(subscription: Subscription, store: Store): Record<string, unknown> {
  return {
    id: subscription.id,
    address_id: subscription.address_id,
    customer_id: subscription.customer_id,
    analytics_data: subscription.analytics_data,
    cancellation_reason: subscription.cancellation_reason,
    cancellation_reason_comments: subscription.cancellation_reason_comments,
    cancelled_at: timestamp('2021-11', subscription.cancelled_at),
    charge_interval_frequency: subscription.charge_interval_frequency,
    created_at: timestamp('2021-11', subscription.created_at),
    expire_after_specific_number_of_charges: subscription.expire_after_specific_number_of_charges,
    external_product_id: { ecommerce: subscription.external_product_id },
    external_variant_id: { ecommerce: subscription.external_variant_id },
    has_queued_charges: hasQueuedCharges(store, subscription),
    is_prepaid: isPrepaid(subscription),
    is_skippable: subscription.is_skippable,
    is_swappable: subscription.is_swappable,
    max_retries_reached: subscription.max_retries_reached,
    next_charge_scheduled_at: subscription.next_charge_scheduled_at,
    order_day_of_month: subscription.order_day_of_month,
    order_day_of_week: subscription.order_day_of_week,
    order_interval_frequency: subscription.order_interval_frequency,
    order_interval_unit: subscription.order_interval_unit,
    presentment_currency: subscription.presentment_currency,
    price: subscription.price,
    product_title: subscription.product_title,
    properties: subscription.properties,
    quantity: subscription.quantity,
    sku: subscription.sku,
    sku_override: subscription.sku_override,
    status: subscription.status,
    updated_at: timestamp('2021-11', subscription.updated_at),
    variant_title: subscription.variant_title,
  };
}

function serialize2021_01(subscription: Subscription, store: Store): Record<string, unknown> {
  const customer = store.collections.customers.get(subscription.customer_id);
  const next = subscription.next_charge_scheduled_at;
  return {
    id: subscription.id,
    address_id: subscription.address_id,
    customer_id: subscription.customer_id,
    analytics_data: subscription.analytics_data,
    cancellation_reason: subscription.cancellation_reason,
    cancellation_reason_comments: subscription.cancellation_reason_comments,
    cancelled_at: timestamp('2021-01', subscription.cancelled_at),
    // 2021-01 frequencies are strings.
    charge_interval_frequency: String(subscription.charge_interval_frequency),
    created_at: timestamp('2021-01', subscription.created_at),
    email: customer?.email ?? null,
    expire_after_specific_number_of_charges: subscription.expire_after_specific_number_of_charges,
    // api-facts (recorded real records): these two flags are the numbers 1/0 in this version.
    has_queued_charges: hasQueuedCharges(store, subscription) ? 1 : 0,
    is_prepaid: isPrepaid(subscription),
    is_skippable: subscription.is_skippable,
    is_swappable: subscription.is_swappable,
    max_retries_reached: subscription.max_retries_reached ? 1 : 0,
    next_charge_scheduled_at: next ? `${next}T00:00:00` : null,
    order_day_of_month: subscription.order_day_of_month,
    order_day_of_week: subscription.order_day_of_week,
    order_interval_frequency: String(subscription.order_interval_frequency),
    order_interval_unit: subscription.order_interval_unit,
    platform_product_id: platformIdOutput(subscription.external_product_id),
    platform_variant_id: platformIdOutput(subscription.external_variant_id),
    presentment_currency: subscription.presentment_currency,
    // 2021-01 prices are numbers.
    price: Number(subscription.price),
    product_title: subscription.product_title,
    properties: subscription.properties,
    quantity: subscription.quantity,
    // The service's own product id (its 2021-01 product record's id); the dialect names it with
    // the service's word, `recharge_product_id` (api-facts: recorded real records).
    service_product_id: findProductByExternalId(store, subscription.external_product_id)?.id ?? null,
    sku: subscription.sku,
    sku_override: subscription.sku_override,
    status: subscription.status.toUpperCase(),
    updated_at: timestamp('2021-01', subscription.updated_at),
    variant_title: subscription.variant_title,
  };
}

export const subscriptionSerializers: Record<
  ApiVersion,
  (s: Subscription, store: Store) => Record<string, unknown>
> = {
  '2021-01': serialize2021_01,
  '2021-11': serialize2021_11,
};
