/**
 * The coming deliveries of a customer (spec: GET /customers/{id}/delivery_schedule): every
 * charge date of each active subscription within the window, spread into one delivery per order
 * interval for prepaid subscriptions, plus one-time items; dates skipped in advance are left out.
 */
import type { Store } from '../store/store.js';
import { addDays, addInterval } from './dates.js';
import { isPrepaid } from './purchase-items.js';
import { skippedOn, upcomingChargeDates } from './schedule.js';
import { postalOf } from './charge-builder.js';
import { serializePaymentMethod } from '../resources/payment-methods/payment-methods.serializers.js';

export interface DeliveryWindow {
  /** How many delivery dates to return at most. */
  readonly count: number;
  /** How many days ahead to look. */
  readonly days: number;
}

interface DeliveryLine {
  readonly purchase_item_id: number;
  readonly purchase_item_type: 'subscription' | 'onetime';
  readonly product_title: string;
  readonly variant_title: string | null;
  readonly quantity: number;
  readonly unit_price: string;
  readonly is_prepaid: boolean;
}

export function deliverySchedule(
  store: Store,
  customerId: number,
  window: DeliveryWindow,
): Record<string, unknown> {
  const today = store.today();
  const until = addDays(today, window.days);
  // date → address → lines
  const plan = new Map<string, Map<number, DeliveryLine[]>>();
  const add = (date: string, addressId: number, line: DeliveryLine) => {
    if (date < today || date > until) return;
    const byAddress = plan.get(date) ?? new Map<number, DeliveryLine[]>();
    byAddress.set(addressId, [...(byAddress.get(addressId) ?? []), line]);
    plan.set(date, byAddress);
  };
  for (const subscription of store.collections.subscriptions.findBy('customer_id', customerId)) {
    if (subscription.status !== 'active') continue;
    const prepaid = isPrepaid(subscription);
    const orders = prepaid
      ? subscription.charge_interval_frequency / subscription.order_interval_frequency
      : 1;
    for (const chargeDate of upcomingChargeDates(subscription, until)) {
      if (skippedOn(store, subscription, chargeDate)) continue;
      let delivery = chargeDate;
      for (let order = 0; order < orders; order++) {
        add(delivery, subscription.address_id, {
          purchase_item_id: subscription.id,
          purchase_item_type: 'subscription',
          product_title: subscription.product_title,
          variant_title: subscription.variant_title,
          quantity: subscription.quantity,
          unit_price: subscription.price,
          is_prepaid: prepaid,
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
      product_title: onetime.product_title,
      variant_title: onetime.variant_title,
      quantity: onetime.quantity,
      unit_price: onetime.price,
      is_prepaid: false,
    });
  }
  const deliveries = [...plan.keys()]
    .sort()
    .slice(0, window.count)
    .map((date) => ({
      date,
      orders: [...(plan.get(date) ?? new Map<number, DeliveryLine[]>()).entries()].map(
        ([addressId, lines]) => {
          const address = store.collections.addresses.get(addressId);
          const charge = store.collections.charges
            .findBy('address_id', addressId)
            .find((c) => c.status === 'queued' && c.scheduled_at === date);
          const method = address?.payment_method_id
            ? store.collections.payment_methods.get(address.payment_method_id)
            : undefined;
          return {
            id: null,
            address_id: addressId,
            charge_id: charge?.id ?? null,
            line_items: lines,
            payment_method: method ? serializePaymentMethod(method, '2021-11') : null,
            shipping_address: address ? postalOf(address) : null,
          };
        },
      ),
    }));
  return { deliveries };
}
