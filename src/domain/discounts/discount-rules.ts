/**
 * When a discount may be redeemed, and how much it takes off a charge. The spec's rules:
 * `disabled` blocks new redemptions but keeps existing ones, `fully_disabled` blocks everything,
 * `ends_at` stops redemptions but not recurring applications already started.
 */
import type { Channel, Discount } from '../../model/discount.js';
import type { Store } from '../../store/store.js';
import { collectionIdsOfProduct } from '../collections/collections.service.js';
import { percentOf, toMinor } from '../money.js';
import type { PurchaseItem } from '../charges/purchase-items.js';

const PROCESSED = new Set(['success', 'refunded', 'partially_refunded']);

/**
 * Why `discount` cannot be redeemed now by `customerId` (null: a buyer not yet a customer)
 * through `channel` (null: a place no channel setting governs), or null when it can.
 */
export function redemptionRefusal(
  store: Store,
  discount: Discount,
  customerId: number | null,
  channel: Channel | null,
): string | null {
  const now = store.now();
  if (discount.status !== 'enabled') return `Discount ${discount.code} is ${discount.status}.`;
  if (channel !== null && !discount.channel_settings[channel].can_apply)
    return `Discount ${discount.code} cannot be applied through ${channel}.`;
  if (discount.starts_at && discount.starts_at > now) return `Discount ${discount.code} has not started yet.`;
  if (discount.ends_at && discount.ends_at <= now) return `Discount ${discount.code} has ended.`;
  if (discount.usage_limit !== null && discount.times_used >= discount.usage_limit) {
    return `Discount ${discount.code} reached its usage limit.`;
  }
  const processed =
    customerId === null
      ? []
      : store.collections.charges.findBy('customer_id', customerId).filter((c) => PROCESSED.has(c.status));
  if (discount.once_per_customer && processed.some((charge) => charge.discount?.id === discount.id)) {
    return `Discount ${discount.code} can be used once per customer.`;
  }
  if (discount.first_time_customer_restriction && processed.length > 0) {
    return `Discount ${discount.code} is for first-time customers only.`;
  }
  return null;
}

export interface LineAmount {
  readonly item: PurchaseItem;
  /** Line total before discounts, in minor units. */
  readonly total: number;
}

export interface DiscountAmounts {
  /** Discount per purchase item id, minor units. */
  readonly lines: ReadonlyMap<number, number>;
  readonly shipping: number;
  readonly total: number;
}

const NONE: DiscountAmounts = { lines: new Map(), shipping: 0, total: 0 };

function eligible(store: Store, discount: Discount, item: PurchaseItem): boolean {
  if (discount.applies_to_product_type === 'SUBSCRIPTION' && item.kind !== 'subscription') return false;
  if (discount.applies_to_product_type === 'ONETIME' && item.kind !== 'onetime') return false;
  if (discount.applies_to_id === null || discount.applies_to_resource === null) return true;
  if (discount.applies_to_resource === 'platform_product')
    return String(discount.applies_to_id) === item.external_product_id;
  return collectionIdsOfProduct(store, item.external_product_id).includes(Number(discount.applies_to_id));
}

/** How much `discount` takes off lines and shipping of a charge (0 when its minimum is not met). */
export function discountAmounts(
  store: Store,
  discount: Discount,
  lines: readonly LineAmount[],
  shipping: number,
  currency: string,
): DiscountAmounts {
  const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
  if (
    discount.prerequisite_subtotal_min !== null &&
    subtotal < toMinor(String(discount.prerequisite_subtotal_min), currency)
  ) {
    return NONE;
  }
  if (discount.discount_type === 'shipping') {
    const off = Math.min(shipping, percentOf(shipping, Number(discount.value)));
    return { lines: new Map(), shipping: off, total: off };
  }
  const targets = lines.filter((line) => eligible(store, discount, line.item));
  const base = targets.reduce((sum, line) => sum + line.total, 0);
  if (base === 0) return NONE;
  const total =
    discount.discount_type === 'percentage'
      ? Math.min(base, percentOf(base, Number(discount.value)))
      : Math.min(base, toMinor(discount.value, currency));
  // Spread over the eligible lines in proportion, the rounding remainder on the last one.
  const perLine = new Map<number, number>();
  let given = 0;
  targets.forEach((line, index) => {
    const share = index === targets.length - 1 ? total - given : Math.floor((total * line.total) / base);
    perLine.set(line.item.id, share);
    given += share;
  });
  return { lines: perLine, shipping: 0, total };
}
