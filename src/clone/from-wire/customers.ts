/**
 * Customers, addresses and payment methods of the real API as store records. What a record shows
 * but the store derives (subscription counts, status, dunning flags, `has_valid_payment_method`) is
 * not kept: the emulator computes it from the records it describes.
 */
import type { Address } from '../../model/address.js';
import type { Customer } from '../../model/customer.js';
import {
  PAYMENT_METHOD_STATUSES,
  PAYMENT_TYPES,
  PROCESSORS,
  type PaymentMethod,
} from '../../model/payment-method.js';
import type { ShippingLine } from '../../model/shared.js';
import { analyticsData, type WireContext } from './context.js';
import { codeOfCountry, postalAddress, type Reader } from './reader.js';

/**
 * A customer record (2021-11, or 2021-01 with its `billing_*` fields and `platform_customer_id`).
 *
 * @example customerFromWire(Reader.of(body.customer), { version: '2021-11', currency: 'USD' }).email
 */
export function customerFromWire(r: Reader, ctx: WireContext): Customer {
  const legacy = ctx.version === '2021-01';
  return {
    id: r.id('id'),
    email: r.str('email'),
    first_name: r.str('first_name', ''),
    last_name: r.str('last_name', ''),
    phone: r.strOrNull('phone'),
    accepts_marketing: r.bool('accepts_marketing'),
    billing: {
      first_name: r.strOrNull('billing_first_name'),
      last_name: r.strOrNull('billing_last_name'),
      company: r.strOrNull('billing_company'),
      address1: r.strOrNull('billing_address1'),
      address2: r.strOrNull('billing_address2'),
      city: r.strOrNull('billing_city'),
      province: r.strOrNull('billing_province'),
      zip: r.strOrNull('billing_zip'),
      country_code: codeOfCountry(r.strOrNull('billing_country')),
      phone: r.strOrNull('billing_phone'),
    },
    external_customer_id: legacy ? r.strOrNull('platform_customer_id') : r.external('external_customer_id'),
    hash: r.str('hash', ''),
    analytics_data: analyticsData(r),
    tax_exempt: r.bool('tax_exempt'),
    apply_credit_to_next_recurring_charge: r.bool('apply_credit_to_next_recurring_charge'),
    apply_credit_to_next_checkout_charge: r.bool('apply_credit_to_next_checkout_charge'),
    processor_type: r.strOrNull('processor_type'),
    first_charge_processed_at: r.timestampOrNull('first_charge_processed_at'),
    ...r.times(),
  };
}

function shippingLines(r: Reader, key: string, ctx: WireContext): ShippingLine[] {
  return r.list(key).map((line) => ({
    code: line.str('code', ''),
    price: line.money('price', ctx.currency, '0.00'),
    title: line.str('title', ''),
  }));
}

/**
 * An address record. 2021-11 names the note and attributes `order_note`/`order_attributes` and
 * lists the applied discount in `discounts`; 2021-01 says `cart_note`, `note_attributes`, `discount_id`.
 */
export function addressFromWire(r: Reader, ctx: WireContext): Address {
  const legacy = ctx.version === '2021-01';
  const currency = r.strOrNull('presentment_currency');
  const override = shippingLines(r, 'shipping_lines_override', ctx);
  return {
    id: r.id('id'),
    customer_id: r.id('customer_id'),
    payment_method_id: r.idOrNull('payment_method_id'),
    first_name: r.str('first_name', ''),
    last_name: r.str('last_name', ''),
    company: r.strOrNull('company'),
    address1: r.str('address1', ''),
    address2: r.strOrNull('address2'),
    city: r.str('city', ''),
    province: r.strOrNull('province'),
    zip: r.strOrNull('zip'),
    country_code: r.strOrNull('country_code') ?? codeOfCountry(r.strOrNull('country')) ?? '',
    phone: r.strOrNull('phone'),
    note: legacy ? r.strOrNull('cart_note') : r.strOrNull('order_note'),
    attributes: legacy ? r.nameValues('note_attributes') : r.nameValues('order_attributes'),
    // The store keeps null for "the store's currency" (2021-11 writes it out, 2021-01 leaves it null).
    presentment_currency: currency === ctx.currency ? null : currency,
    // api-facts: [] is what the real service answers for "no override", which the store keeps as null.
    shipping_lines_override: override.length > 0 ? override : null,
    shipping_lines_conserved: shippingLines(r, 'shipping_lines_conserved', ctx),
    discount_id: legacy ? r.idOrNull('discount_id') : (r.list('discounts')[0]?.idOrNull('id') ?? null),
    ...r.times(),
  };
}

/**
 * A payment method (2021-11 only: 2021-01 payment sources carry no id). Card numbers never come
 * through the API: the record keeps what it shows (brand, last 4 digits, expiry, processor tokens).
 */
export function paymentMethodFromWire(r: Reader): PaymentMethod {
  const billing = r.obj('billing_address');
  const details = r.obj('payment_details');
  return {
    id: r.id('id'),
    customer_id: r.id('customer_id'),
    billing_address: billing ? postalAddress(billing) : null,
    default: r.bool('default'),
    payment_details: {
      brand: details?.strOrNull('brand') ?? null,
      exp_month: details?.intOrNull('exp_month') ?? null,
      exp_year: details?.intOrNull('exp_year') ?? null,
      last4: details?.strOrNull('last4') ?? null,
    },
    payment_type: r.oneOf('payment_type', PAYMENT_TYPES, 'CREDIT_CARD'),
    processor_name: r.oneOf('processor_name', PROCESSORS),
    processor_customer_token: r.strOrNull('processor_customer_token'),
    processor_payment_method_token: r.strOrNull('processor_payment_method_token'),
    status: r.oneOf('status', PAYMENT_METHOD_STATUSES, 'valid', true),
    status_reason: r.strOrNull('status_reason'),
    ...r.times(),
  };
}
