/** Catalog defaults for the purchase items the billing engine bills. */
import { fail } from '../failures.js';
import type { Store } from '../../store/store.js';
import type { Onetime } from '../../model/onetime.js';
import type { Plan } from '../../model/plan.js';
import { findVariant, ownVariantTitle } from './products.service.js';
import { fromMinor, percentOf, toMinor } from '../money.js';

/** Product fields of a subscription or one-time item change. */
export interface ProductFields {
  readonly external_product_id?: string;
  readonly external_variant_id?: string;
  readonly product_title?: string;
  readonly variant_title?: string | null;
  readonly sku?: string | null;
  readonly price?: string;
}

/** The line fields a subscription and a one-time item share. */
export type ItemLine = Pick<
  Onetime,
  | 'external_variant_id'
  | 'product_title'
  | 'variant_title'
  | 'sku'
  | 'sku_override'
  | 'price'
  | 'quantity'
  | 'properties'
>;

/**
 * The line fields of a new subscription or one-time item: what was sent, defaults for the rest.
 *
 * @example
 * itemLine({ external_variant_id: '7', price: '20.00' }) // quantity 1, properties [], sku null...
 */
export function itemLine(fields: Partial<ItemLine>): ItemLine {
  return {
    external_variant_id: fields.external_variant_id ?? '',
    product_title: fields.product_title ?? '',
    variant_title: fields.variant_title ?? null,
    sku: fields.sku ?? null,
    sku_override: fields.sku_override ?? false,
    price: fields.price ?? '0.00',
    quantity: fields.quantity ?? 1,
    properties: fields.properties ?? [],
  };
}

/**
 * Fills the product fields of a new or swapped variant from the catalog (fields sent win). A
 * variant outside the catalog is taken when the request brings its title and price, as the real
 * service takes products it cannot look up on a custom platform.
 */
export function withCatalogDefaults<T extends ProductFields>(
  store: Store,
  change: T,
  priceOf: (unitPrice: string) => string = (unitPrice) => unitPrice,
): T {
  const variantId = change.external_variant_id;
  if (variantId === undefined) return change;
  const found = findVariant(store, variantId);
  if (!found) {
    if (change.price === undefined || change.product_title === undefined) {
      throw fail.field(
        'external_variant_id',
        `Variant ${variantId} is not in the catalog; send product_title and price to use it anyway.`,
      );
    }
    return { external_product_id: variantId, ...change };
  }
  return {
    ...change,
    external_product_id: found.product.external_product_id,
    product_title: change.product_title ?? found.product.title,
    variant_title: change.variant_title ?? ownVariantTitle(found.variant),
    sku: change.sku ?? found.variant.sku,
    price: change.price ?? priceOf(found.variant.prices.unit_price),
  };
}

/**
 * The price a plan gives a variant's unit price: its percentage or fixed discount off.
 *
 * @example planPrice('20.00', { discount_type: 'percentage', discount_amount: '10' }); // '18.00'
 */
export function planPrice(
  unitPrice: string,
  plan: Pick<Plan, 'discount_type' | 'discount_amount'> | undefined,
): string {
  const unit = toMinor(unitPrice);
  if (!plan?.discount_type || !plan.discount_amount) return fromMinor(unit);
  const off =
    plan.discount_type === 'percentage'
      ? percentOf(unit, Number(plan.discount_amount))
      : toMinor(plan.discount_amount);
  return fromMinor(Math.max(0, unit - off));
}
