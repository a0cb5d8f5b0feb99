/**
 * What a charge is made of: subscriptions and one-time items of one address, due on one date.
 * Both become "purchase items" so the charge builder treats them alike.
 */
import type { Onetime } from '../../model/onetime.js';
import type { Subscription } from '../../model/subscription.js';
import type { Store } from '../../store/store.js';
import { findVariant } from '../products/products.service.js';
import { addInterval } from '../dates.js';

export interface PurchaseItem {
  readonly kind: 'subscription' | 'onetime';
  readonly id: number;
  readonly date: string;
  readonly external_product_id: string;
  readonly external_variant_id: string;
  readonly title: string;
  readonly variant_title: string | null;
  readonly sku: string | null;
  readonly handle: string | null;
  readonly price: string;
  readonly quantity: number;
  readonly properties: Subscription['properties'];
  readonly grams: number;
  readonly taxable: boolean;
  readonly requires_shipping: boolean;
  /** Orders one charge pays for: charge interval / order interval for prepaid, else 1. */
  readonly orders_per_charge: number;
  /** The dates its orders ship on: the charge date, then each order interval of a prepaid cycle. */
  readonly delivery_dates?: readonly string[];
}

/**
 * The dates a subscription charged on `date` ships on: the charge date, then one per order
 * interval of a prepaid cycle. One order per date of a charge (decision 0045).
 */
export function deliveryDates(
  subscription: Pick<
    Subscription,
    'charge_interval_frequency' | 'order_interval_frequency' | 'order_interval_unit' | 'order_day_of_month'
  >,
  date: string,
): string[] {
  if (!isPrepaid(subscription)) return [date];
  const count = subscription.charge_interval_frequency / subscription.order_interval_frequency;
  const dates = [date];
  for (let k = 1; k < count; k++) {
    dates.push(
      addInterval(
        date,
        subscription.order_interval_unit,
        k * subscription.order_interval_frequency,
        subscription.order_day_of_month,
      ),
    );
  }
  return dates;
}

export function isPrepaid(
  subscription: Pick<Subscription, 'charge_interval_frequency' | 'order_interval_frequency'>,
): boolean {
  return subscription.charge_interval_frequency > subscription.order_interval_frequency;
}

function catalogFacts(store: Store, externalVariantId: string) {
  const found = findVariant(store, externalVariantId);
  return {
    grams: found?.variant.grams ?? 0,
    taxable: found?.variant.taxable ?? true,
    requires_shipping: found?.variant.requires_shipping ?? true,
    handle: found?.product.handle ?? null,
  };
}

export function subscriptionItem(store: Store, subscription: Subscription, date: string): PurchaseItem {
  return {
    kind: 'subscription',
    id: subscription.id,
    date,
    external_product_id: subscription.external_product_id,
    external_variant_id: subscription.external_variant_id,
    title: subscription.product_title,
    variant_title: subscription.variant_title,
    sku: subscription.sku,
    price: subscription.price,
    quantity: subscription.quantity,
    properties: subscription.properties,
    orders_per_charge: isPrepaid(subscription)
      ? subscription.charge_interval_frequency / subscription.order_interval_frequency
      : 1,
    delivery_dates: deliveryDates(subscription, date),
    ...catalogFacts(store, subscription.external_variant_id),
  };
}

export function onetimeItem(store: Store, onetime: Onetime): PurchaseItem {
  return {
    kind: 'onetime',
    id: onetime.id,
    date: onetime.next_charge_scheduled_at,
    external_product_id: onetime.external_product_id,
    external_variant_id: onetime.external_variant_id,
    title: onetime.product_title,
    variant_title: onetime.variant_title,
    sku: onetime.sku,
    price: onetime.price,
    quantity: onetime.quantity,
    properties: onetime.properties,
    orders_per_charge: 1,
    ...catalogFacts(store, onetime.external_variant_id),
  };
}
