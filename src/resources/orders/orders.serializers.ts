/** The order record in each version's shape (api-facts: Order). */
import type { Store } from '../../store/store.js';
import type { ApiVersion } from '../../store/versions.js';
import { countryName } from '../../domain/addresses/countries.js';
import { platformIdOutput, timestamp } from '../serialize.js';
import type { PostalAddress } from '../../model/shared.js';
import type { Order, OrderLineItem } from '../../model/order.js';

function line2021_11(line: OrderLineItem): Record<string, unknown> {
  return {
    purchase_item_id: line.purchase_item_id,
    purchase_item_type: line.purchase_item_type,
    external_product_id: { ecommerce: line.external_product_id },
    external_variant_id: { ecommerce: line.external_variant_id },
    bundle_items: line.bundle_items,
    grams: line.grams,
    properties: line.properties,
    quantity: line.quantity,
    sku: line.sku,
    title: line.title,
    total_price: line.total_price,
    unit_price: line.unit_price,
    variant_title: line.variant_title,
  };
}

function line2021_01(line: OrderLineItem): Record<string, unknown> {
  return {
    bundle_items: line.bundle_items,
    grams: line.grams,
    price: line.unit_price,
    properties: line.properties,
    quantity: line.quantity,
    platform_product_id: platformIdOutput(line.external_product_id),
    platform_variant_id: platformIdOutput(line.external_variant_id),
    sku: line.sku,
    subscription_id: line.purchase_item_id,
    title: line.title,
    variant_title: line.variant_title,
  };
}

/** api-facts (recorded responses): orders carry `taxable` and `total_weight_grams` in both versions. */
function weightAndTax(order: Order, store: Store): { taxable: boolean; total_weight_grams: number } {
  return {
    taxable: store.collections.charges.get(order.charge_id)?.taxable ?? false,
    total_weight_grams: order.line_items.reduce((sum, line) => sum + line.grams * line.quantity, 0),
  };
}

function address2021_01(address: PostalAddress): Record<string, unknown> {
  const { country_code, ...rest } = address;
  return { ...rest, country: country_code ? countryName(country_code) : null };
}

function serialize2021_11(order: Order, store: Store): Record<string, unknown> {
  const customer = store.collections.customers.get(order.customer_id);
  const charge = store.collections.charges.get(order.charge_id);
  return {
    id: order.id,
    address_id: order.address_id,
    billing_address: order.billing_address,
    charge: {
      id: order.charge_id,
      external_transaction_id: { payment_processor: charge?.external_transaction_id ?? null },
      status: charge?.status ?? null,
    },
    created_at: timestamp('2021-11', order.created_at),
    currency: order.currency,
    customer: {
      id: order.customer_id,
      email: customer?.email ?? null,
      external_customer_id: { ecommerce: customer?.external_customer_id ?? null },
      hash: customer?.hash ?? null,
    },
    external_order_id: { ecommerce: order.external_order_id },
    external_order_number: { ecommerce: order.external_order_number },
    is_prepaid: order.is_prepaid,
    line_items: order.line_items.map(line2021_11),
    note: order.note,
    order_attributes: order.order_attributes,
    processed_at: timestamp('2021-11', order.processed_at),
    scheduled_at: `${order.scheduled_at}T00:00:00+00:00`,
    shipping_address: order.shipping_address,
    status: order.status,
    subtotal_price: order.subtotal_price,
    total_discounts: order.total_discounts,
    total_price: order.total_price,
    total_shipping: order.total_shipping,
    total_tax: order.total_tax,
    ...weightAndTax(order, store),
    type: order.type,
    updated_at: timestamp('2021-11', order.updated_at),
  };
}

function serialize2021_01(order: Order, store: Store): Record<string, unknown> {
  const customer = store.collections.customers.get(order.customer_id);
  return {
    id: order.id,
    address_id: order.address_id,
    billing_address: address2021_01(order.billing_address),
    charge_id: order.charge_id,
    created_at: timestamp('2021-01', order.created_at),
    currency: order.currency,
    customer_id: order.customer_id,
    email: customer?.email ?? null,
    first_name: customer?.first_name ?? null,
    is_prepaid: order.is_prepaid ? 1 : 0,
    last_name: customer?.last_name ?? null,
    line_items: order.line_items.map(line2021_01),
    note: order.note,
    note_attributes: order.order_attributes,
    platform_order_id: order.external_order_id ? platformIdOutput(order.external_order_id) : null,
    platform_order_number: order.external_order_number,
    processed_at: timestamp('2021-01', order.processed_at),
    scheduled_at: `${order.scheduled_at}T00:00:00`,
    shipped_date: timestamp('2021-01', order.processed_at),
    shipping_address: address2021_01(order.shipping_address),
    shipping_date: `${order.scheduled_at}T00:00:00`,
    status: order.status.toUpperCase(),
    subtotal_price: order.subtotal_price,
    total_discounts: order.total_discounts,
    total_price: order.total_price,
    total_tax: order.total_tax,
    ...weightAndTax(order, store),
    type: order.type.toUpperCase(),
    updated_at: timestamp('2021-01', order.updated_at),
  };
}

export const orderSerializers: Record<ApiVersion, (order: Order, store: Store) => Record<string, unknown>> = {
  '2021-01': serialize2021_01,
  '2021-11': serialize2021_11,
};
