/**
 * The coming deliveries of a customer (spec: GET /customers/{id}/delivery_schedule): every
 * charge date of each active subscription within the window, spread into one delivery per order
 * interval for prepaid subscriptions, plus one-time items. A skipped delivery is listed too, its
 * lines `is_skipped: true` in an order of its own whose `charge_id` is the skipped charge (the real
 * service's line items carry `is_skipped`, so a portal can show the skip and offer to undo it).
 */
import type { Store } from '../../store/store.js';
import { addDays, addInterval } from '../../domain/dates.js';
import { isPrepaid } from '../../domain/charges/purchase-items.js';
import { skippedOn, upcomingChargeDates } from '../../domain/subscriptions/schedule.js';
import { postalOf } from '../../domain/charges/charge-builder.js';
import { serializePaymentMethod } from '../payment-methods/payment-methods.serializers.js';
import { defaultPaymentMethod } from '../../domain/payment-methods/payment-methods.service.js';
import { variantImages } from '../products/products.serializers.js';
import { fromMinor, toMinor } from '../../domain/money.js';
import type { NameValue } from '../../model/shared.js';

export interface DeliveryWindow {
  /** How many delivery dates to return at most. */
  readonly count: number;
  /** How many days ahead to look. */
  readonly days: number;
}

interface DeliveryLine {
  readonly purchase_item_id: number;
  readonly purchase_item_type: 'subscription' | 'onetime';
  readonly external_product_id: string;
  readonly external_variant_id: string;
  readonly product_title: string;
  readonly variant_title: string | null;
  readonly quantity: number;
  readonly unit_price: string;
  readonly currency: string;
  readonly properties: readonly NameValue[];
  readonly is_prepaid: boolean;
  readonly is_skippable: boolean;
  readonly is_skipped: boolean;
}

/** The lines of one delivery order: one address's items on a date, skipped or not. */
interface DeliveryOrderPlan {
  readonly addressId: number;
  readonly skipped: boolean;
  readonly lines: DeliveryLine[];
}

/** A line's amount in minor units: unit price times quantity. */
function lineMinor(line: DeliveryLine): number {
  return toMinor(line.unit_price, line.currency) * line.quantity;
}

/**
 * A delivery's line item with the fields of the real records (api-facts: real clients and
 * recorded responses); `product_title` and `is_prepaid` stay for clients of the earlier shape.
 */
function lineItem(store: Store, line: DeliveryLine): Record<string, unknown> {
  const subtotal = fromMinor(lineMinor(line), line.currency);
  return {
    purchase_item_id: line.purchase_item_id,
    purchase_item_type: line.purchase_item_type,
    subscription_id: line.purchase_item_type === 'subscription' ? line.purchase_item_id : null,
    external_product_id: { ecommerce: line.external_product_id },
    external_variant_id: { ecommerce: line.external_variant_id },
    images: variantImages(store, line.external_variant_id),
    is_prepaid: line.is_prepaid,
    is_skippable: line.is_skippable,
    is_skipped: line.is_skipped,
    original_price: line.unit_price,
    plan_type:
      line.purchase_item_type === 'onetime' ? 'onetime' : line.is_prepaid ? 'prepaid' : 'subscription',
    product_title: line.product_title,
    properties: line.properties,
    quantity: line.quantity,
    subtotal_price: subtotal,
    title: line.product_title,
    unit_price: line.unit_price,
    variant_title: line.variant_title,
  };
}

export function deliverySchedule(
  store: Store,
  customerId: number,
  window: DeliveryWindow,
): Record<string, unknown> {
  const today = store.today();
  const until = addDays(today, window.days);
  // date → address and skipped-or-not → lines
  const plan = new Map<string, Map<string, DeliveryOrderPlan>>();
  const add = (date: string, addressId: number, line: DeliveryLine) => {
    if (date < today || date > until) return;
    const orders = plan.get(date) ?? new Map<string, DeliveryOrderPlan>();
    const key = `${addressId}:${line.is_skipped}`;
    const order = orders.get(key) ?? { addressId, skipped: line.is_skipped, lines: [] };
    order.lines.push(line);
    orders.set(key, order);
    plan.set(date, orders);
  };
  const skippedDates = skippedChargeDates(store, customerId, today, until);
  for (const subscription of store.collections.subscriptions.findBy('customer_id', customerId)) {
    if (subscription.status !== 'active') continue;
    const prepaid = isPrepaid(subscription);
    const orders = prepaid
      ? subscription.charge_interval_frequency / subscription.order_interval_frequency
      : 1;
    // Its coming charge dates, and the dates it was skipped on (a skip moves it past them).
    const dates = new Set(upcomingChargeDates(subscription, until));
    for (const date of skippedDates.get(subscription.id) ?? []) dates.add(date);
    for (const chargeDate of [...dates].sort()) {
      const isSkipped = skippedOn(store, subscription, chargeDate);
      let delivery = chargeDate;
      for (let order = 0; order < orders; order++) {
        add(delivery, subscription.address_id, {
          purchase_item_id: subscription.id,
          purchase_item_type: 'subscription',
          external_product_id: subscription.external_product_id,
          external_variant_id: subscription.external_variant_id,
          product_title: subscription.product_title,
          variant_title: subscription.variant_title,
          quantity: subscription.quantity,
          unit_price: subscription.price,
          currency: subscription.presentment_currency,
          properties: subscription.properties,
          is_prepaid: prepaid,
          is_skippable: subscription.is_skippable,
          is_skipped: isSkipped,
        });
        delivery = addInterval(
          delivery,
          subscription.order_interval_unit,
          subscription.order_interval_frequency,
          subscription.order_day_of_month,
        );
      }
    }
  }
  for (const onetime of store.collections.onetimes.findBy('customer_id', customerId)) {
    if (onetime.is_cancelled) continue;
    add(onetime.next_charge_scheduled_at, onetime.address_id, {
      purchase_item_id: onetime.id,
      purchase_item_type: 'onetime',
      external_product_id: onetime.external_product_id,
      external_variant_id: onetime.external_variant_id,
      product_title: onetime.product_title,
      variant_title: onetime.variant_title,
      quantity: onetime.quantity,
      unit_price: onetime.price,
      currency: onetime.presentment_currency,
      properties: onetime.properties,
      is_prepaid: false,
      is_skippable: false,
      is_skipped: false,
    });
  }
  // api-facts: the order's payment method is the full record, never null when the customer has one.
  const fallbackMethod = defaultPaymentMethod(store, customerId);
  const deliveries = [...plan.keys()]
    .sort()
    .slice(0, window.count)
    .map((date) => ({
      date,
      orders: [...(plan.get(date)?.values() ?? [])].map(({ addressId, skipped, lines }) => {
        const address = store.collections.addresses.get(addressId);
        const status = skipped ? 'skipped' : 'queued';
        const charge = store.collections.charges
          .findBy('address_id', addressId)
          .find((c) => c.status === status && c.scheduled_at === date);
        const method =
          (address?.payment_method_id
            ? store.collections.payment_methods.get(address.payment_method_id)
            : undefined) ?? fallbackMethod;
        return {
          id: null,
          address_id: addressId,
          charge_id: charge?.id ?? null,
          line_items: lines.map((line) => lineItem(store, line)),
          // api-facts (recorded real records): the published client requires it.
          order_subtotal: fromMinor(
            lines.reduce((sum, line) => sum + lineMinor(line), 0),
            lines[0]?.currency ?? store.settings.currency,
          ),
          payment_method: method ? serializePaymentMethod(method, '2021-11') : null,
          shipping_address: address ? postalOf(address) : null,
        };
      }),
    }));
  const customer = store.collections.customers.get(customerId);
  return {
    // api-facts (recorded responses): the schedule names its customer.
    customer: {
      id: customerId,
      email: customer?.email ?? null,
      first_name: customer?.first_name ?? null,
      last_name: customer?.last_name ?? null,
    },
    deliveries,
  };
}

/** The dates within [from, until] each subscription of the customer was skipped on (skipped charges). */
function skippedChargeDates(
  store: Store,
  customerId: number,
  from: string,
  until: string,
): Map<number, string[]> {
  const dates = new Map<number, string[]>();
  for (const charge of store.collections.charges.findBy('customer_id', customerId)) {
    if (charge.status !== 'skipped' || charge.scheduled_at < from || charge.scheduled_at > until) continue;
    for (const line of charge.line_items) {
      if (line.purchase_item_type !== 'subscription') continue;
      dates.set(line.purchase_item_id, [...(dates.get(line.purchase_item_id) ?? []), charge.scheduled_at]);
    }
  }
  return dates;
}
