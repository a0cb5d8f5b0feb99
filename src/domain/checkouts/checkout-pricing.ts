/**
 * What a checkout costs, with the rules of charges (one pricing: `priceItems`): line prices from
 * the catalog, the discount code's `applied_discount` (applicable or why not), the chosen
 * shipping rate, taxes at the store's rate, and the totals. Also the shipping rates a checkout is
 * offered and what the emulator's address checks say about its shipping address.
 */
import type { Channel } from '../../model/discount.js';
import { placeErrors } from '../addresses/address-rules.js';
import type { Checkout, CheckoutDiscount, CheckoutLine, CheckoutShipping } from '../../model/checkout.js';
import { ordersPerCharge } from './checkout-lines.js';
import type { PostalAddress } from '../../model/shared.js';
import { CHECKOUT_PLATFORM } from '../../store/store-facts.js';
import type { CheckoutShippingRateSetting, StoreSettings } from '../../store/settings.js';
import type { Store } from '../../store/store.js';
import {
  priceItems,
  type ChargeDiscount,
  type ChargePricing,
  type ShippingChoice,
} from '../charges/charge-builder.js';
import { redemptionRefusal } from '../discounts/discount-rules.js';
import { fromMinor, toMinor } from '../money.js';
import type { PurchaseItem } from '../charges/purchase-items.js';

/**
 * The discount channel a store's checkout redeems codes through. The service-hosted checkout is
 * the `checkout_page` channel; on the platform-B-hosted checkout (platform B native) that channel
 * is not applied (spec: Discount `channel_settings`), so no channel setting governs it there.
 *
 * @example checkoutDiscountChannel({ ...settings, platform: 'custom' }); // 'checkout_page'
 */
export function checkoutDiscountChannel(settings: Pick<StoreSettings, 'platform'>): Channel | null {
  return CHECKOUT_PLATFORM[settings.platform] === 'service_hosted' ? 'checkout_page' : null;
}

/** A rate a checkout is offered (spec: Shipping rate record, without the checkout totals). */
export interface OfferedRate extends CheckoutShipping {
  readonly description: string | null;
  readonly delivery_range: string | null;
  readonly phone_required: boolean;
}

export function countrySupported(store: Store, countryCode: string | null): boolean {
  return countryCode !== null && store.settings.shipping_countries.includes(countryCode);
}

/**
 * The store's checkout rates (`shipping_rates`, else `shipping_rate`) for a checkout that needs
 * shipping to a country the store ships to; none otherwise.
 */
export function offeredRates(
  store: Store,
  checkout: Pick<Checkout, 'line_items' | 'shipping_address' | 'currency'>,
): OfferedRate[] {
  const address = checkout.shipping_address;
  if (!checkout.line_items.some((line) => line.requires_shipping)) return [];
  if (!address || !countrySupported(store, address.country_code)) return [];
  const currency = checkout.currency;
  const rates: readonly CheckoutShippingRateSetting[] = store.settings.shipping_rates ?? [
    store.settings.shipping_rate,
  ];
  return rates.map((rate) => {
    const price = fromMinor(toMinor(rate.price, currency), currency);
    return {
      code: rate.code,
      handle: `${rate.code}-${price}`,
      title: rate.title,
      price,
      description: rate.description ?? null,
      delivery_range: rate.delivery_range ?? null,
      phone_required: rate.phone_required ?? false,
    };
  });
}

/**
 * `shipping_address_validations`: whether the store ships to the country, and `ups`: whether a
 * complete US address passes the emulator's stand-in for the external US validation (state and
 * zip agree). Null until an address is given.
 */
export function addressValidations(
  store: Store,
  address: PostalAddress | null,
): Checkout['shipping_address_validations'] {
  if (!address) return null;
  const supported = countrySupported(store, address.country_code);
  const complete = Boolean(address.address1?.trim() && address.city?.trim() && address.zip?.trim());
  const ups =
    supported &&
    complete &&
    address.country_code === 'US' &&
    Object.keys(placeErrors(store, { ...address, country_code: 'US' }, 'country_code')).length === 0;
  return { country_is_supported: supported, ups };
}

/**
 * The purchase items a checkout's lines stand for, to price them (or, with `ids`, to charge them:
 * the subscriptions created and the ids given to one-time lines).
 */
export function checkoutItems(
  store: Store,
  lines: readonly CheckoutLine[],
  ids?: readonly number[],
): PurchaseItem[] {
  return lines.map((line, index) => ({
    kind: line.schedule ? 'subscription' : 'onetime',
    // Before the purchase there are no purchase items: index-based stand-ins keep lines apart.
    id: ids?.[index] ?? -(index + 1),
    date: store.today(),
    external_product_id: line.external_product_id,
    external_variant_id: line.external_variant_id,
    title: line.title,
    variant_title: line.variant_title,
    sku: line.sku,
    handle: line.handle,
    price: line.price,
    quantity: line.quantity,
    properties: line.properties,
    grams: line.grams,
    taxable: line.taxable,
    requires_shipping: line.requires_shipping,
    orders_per_charge: ordersPerCharge(line),
  }));
}

export function shippingChoice(rate: CheckoutShipping | null): ShippingChoice {
  return {
    rates: rate ? [{ code: rate.code, price: rate.price, title: rate.title }] : [],
    source: 'checkout',
  };
}

interface DiscountOutcome {
  /** `applied_discount` as the checkout shows it. */
  readonly shown: CheckoutDiscount | null;
  /** The discount the totals take off (only an applicable one). */
  readonly applied: ChargeDiscount | null;
}

function evaluateDiscount(
  store: Store,
  checkout: Pick<Checkout, 'discount_code' | 'email' | 'currency'>,
  items: readonly PurchaseItem[],
  shipping: ShippingChoice,
): DiscountOutcome {
  const code = checkout.discount_code;
  if (!code) return { shown: null, applied: null };
  const currency = checkout.currency;
  const discount = store.collections.discounts.findOne('code', code.toLowerCase());
  const refused = (reason: string): DiscountOutcome => ({
    shown: {
      amount: fromMinor(0, currency),
      applicable: false,
      non_applicable_reason: reason,
      value: discount?.value ?? null,
      value_type: discount?.discount_type ?? null,
    },
    applied: null,
  });
  if (!discount) return refused(`No discount with code ${code}.`);
  const buyer = checkout.email
    ? store.collections.customers.findOne('email', checkout.email.toLowerCase())
    : undefined;
  const refusal = redemptionRefusal(
    store,
    discount,
    buyer?.id ?? null,
    checkoutDiscountChannel(store.settings),
  );
  if (refusal) return refused(refusal);
  const subtotal = items.reduce(
    (sum, item) => sum + toMinor(item.price, currency) * item.quantity * item.orders_per_charge,
    0,
  );
  const minimum = discount.prerequisite_subtotal_min;
  if (minimum !== null && subtotal < toMinor(String(minimum), currency)) {
    return refused(
      `Discount ${discount.code} needs a subtotal of at least ${fromMinor(toMinor(String(minimum), currency), currency)}.`,
    );
  }
  const applied: ChargeDiscount = { discount, source: 'charge' };
  const priced = priceItems(store, currency, items, applied, shipping);
  if (discount.discount_type !== 'shipping' && toMinor(priced.total_discounts, currency) === 0) {
    return refused(`No item of the checkout is eligible for discount ${discount.code}.`);
  }
  return {
    shown: {
      amount: priced.total_discounts,
      applicable: true,
      non_applicable_reason: null,
      value: discount.value,
      value_type: discount.discount_type,
    },
    applied,
  };
}

/** The fields of a checkout its pricing decides. */
export type CheckoutPricing = Pick<
  Checkout,
  | 'applied_discount'
  | 'requires_shipping'
  | 'shipping_address_validations'
  | 'shipping'
  | 'subtotal_price'
  | 'total_tax'
  | 'total_price'
  | 'tax_lines'
  | 'taxes_included'
>;

export interface PricedCheckout {
  readonly fields: CheckoutPricing;
  /** The discount a charge of the checkout carries (null when none applies). */
  readonly discount: ChargeDiscount | null;
  readonly charge: ChargePricing;
}

/**
 * Prices a checkout as it stands. A chosen rate the checkout is no longer offered (its lines or
 * address changed) is dropped.
 */
export function priceCheckout(
  store: Store,
  checkout: Pick<
    Checkout,
    'line_items' | 'currency' | 'discount_code' | 'email' | 'shipping_address' | 'shipping'
  >,
  rateOverride?: CheckoutShipping | null,
): PricedCheckout {
  const offered = offeredRates(store, checkout);
  const wanted = rateOverride === undefined ? checkout.shipping : rateOverride;
  const rate = wanted ? (offered.find((candidate) => candidate.code === wanted.code) ?? null) : null;
  const shipping = shippingChoice(rate);
  const items = checkoutItems(store, checkout.line_items);
  const discount = evaluateDiscount(store, checkout, items, shipping);
  const charge = priceItems(store, checkout.currency, items, discount.applied, shipping);
  return {
    fields: {
      applied_discount: discount.shown,
      requires_shipping: checkout.line_items.some((line) => line.requires_shipping),
      shipping_address_validations: addressValidations(store, checkout.shipping_address),
      shipping: rate && { code: rate.code, handle: rate.handle, title: rate.title, price: rate.price },
      subtotal_price: charge.subtotal_price,
      total_tax: charge.total_tax,
      total_price: charge.total_price,
      tax_lines: charge.tax_lines,
      taxes_included: charge.taxes_included,
    },
    discount: discount.applied,
    charge,
  };
}
