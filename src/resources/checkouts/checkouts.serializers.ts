/**
 * The checkout record (spec: Checkout) and the shipping rate record. The spec shows one shape;
 * both versions serve it, with their own timestamps and (2021-01) addresses with a `country` name,
 * as that version's charges carry them.
 */
import type { OfferedRate, PricedCheckout } from '../../domain/checkouts/checkout-pricing.js';
import type { ApiVersion } from '../../model/versions.js';
import { countryName } from '../../domain/addresses/countries.js';
import { platformIdOutput, timestamp } from '../serialize.js';
import type { PostalAddress } from '../../model/shared.js';
import type { Checkout, CheckoutLine } from '../../model/checkout.js';

function address(version: ApiVersion, value: PostalAddress | null): Record<string, unknown> | null {
  if (!value) return null;
  if (version === '2021-11') return { ...value };
  const { country_code, ...rest } = value;
  return { ...rest, country: country_code ? countryName(country_code) : null };
}

function line(item: CheckoutLine): Record<string, unknown> {
  const schedule = item.schedule;
  return {
    charge_interval_frequency: schedule?.charge_interval_frequency ?? null,
    cutoff_day_of_month: schedule?.cutoff_day_of_month ?? null,
    cutoff_day_of_week: schedule?.cutoff_day_of_week ?? null,
    expire_after_specific_number_of_charges: schedule?.expire_after_specific_number_of_charges ?? null,
    first_recurring_charge_delay: null,
    fulfillment_service: 'manual',
    grams: item.grams,
    handle: item.handle,
    image: item.image,
    line_price: item.line_price,
    order_day_of_month: schedule?.order_day_of_month ?? null,
    order_day_of_week: schedule?.order_day_of_week ?? null,
    order_interval_frequency: schedule?.order_interval_frequency ?? null,
    order_interval_unit: schedule?.order_interval_unit ?? null,
    order_interval_unit_type: schedule?.order_interval_unit ?? null,
    original_price: item.original_price,
    price: item.price,
    product_id: platformIdOutput(item.external_product_id),
    product_type: null,
    properties: item.properties,
    quantity: item.quantity,
    recurring_price: schedule ? item.price : null,
    requires_shipping: item.requires_shipping,
    sku: item.sku,
    tax_code: null,
    taxable: item.taxable,
    title: item.title,
    type: schedule ? 'SUBSCRIPTION' : 'ONETIME',
    variant_id: platformIdOutput(item.external_variant_id),
    variant_title: item.variant_title,
    vendor: item.vendor,
  };
}

export function serializeCheckout(checkout: Checkout, version: ApiVersion): Record<string, unknown> {
  const shipping = checkout.shipping;
  return {
    token: checkout.token,
    analytics_data: checkout.analytics_data,
    applied_discount: checkout.applied_discount,
    billing_address: address(version, checkout.billing_address),
    buyer_accepts_marketing: checkout.buyer_accepts_marketing,
    charge_id: checkout.charge_id,
    completed_at: timestamp(version, checkout.completed_at),
    created_at: timestamp(version, checkout.created_at),
    currency: checkout.currency,
    discount_code: checkout.discount_code,
    email: checkout.email,
    external_checkout_id: checkout.external_checkout_id,
    external_checkout_source: checkout.external_checkout_source,
    external_customer_id: checkout.external_customer_id,
    line_items: checkout.line_items.map(line),
    note: checkout.note,
    note_attributes: checkout.note_attributes,
    payment_processor: checkout.payment_processor,
    payment_processor_customer_id: checkout.payment_processor_customer_id,
    payment_processor_transaction_id: checkout.payment_processor_transaction_id,
    phone: checkout.phone,
    requires_shipping: checkout.requires_shipping,
    shipping_address: address(version, checkout.shipping_address),
    shipping_address_validations: checkout.shipping_address_validations,
    shipping_line: shipping
      ? [{ code: shipping.code, handle: shipping.handle, price: shipping.price, title: shipping.title }]
      : null,
    shipping_rate: shipping?.title ?? null,
    subtotal_price: checkout.subtotal_price,
    tax_lines: checkout.tax_lines,
    taxes_included: checkout.taxes_included,
    total_price: checkout.total_price,
    total_tax: checkout.total_tax,
    updated_at: timestamp(version, checkout.updated_at),
  };
}

/** A shipping rate record: the rate, and the checkout's totals were it chosen (spec). */
export function serializeShippingRate(rate: OfferedRate, priced: PricedCheckout): Record<string, unknown> {
  return {
    checkout: {
      subtotal_price: priced.fields.subtotal_price,
      total_price: priced.fields.total_price,
      total_tax: priced.fields.total_tax,
    },
    code: rate.code,
    delivery_range: rate.delivery_range,
    description: rate.description,
    handle: rate.handle,
    name: rate.title,
    phone_required: rate.phone_required,
    price: rate.price,
    tax_lines: [],
    title: rate.title,
  };
}
