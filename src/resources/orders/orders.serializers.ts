/**
 * The order record in each version's shape: every key of the recorded real records (api-facts:
 * "Recorded real records, 2023-2025"; fields and kinds in src/resources/shapes/billing.ts). What an
 * order does not store itself (taxes, shipping and discount lines, refunds, the payment) comes from
 * its charge: the order that carries the charge's totals (the charge's first, or a clone of it) shows
 * its lines; a later prepaid order shows its line items only, as it was billed.
 */
import type { Store } from '../../store/store.js';
import type { ApiVersion } from '../../model/versions.js';
import { fromMinor, toMinor } from '../../domain/money.js';
import { variantImages, variantImages2021_11 } from '../products/products.serializers.js';
import { address2021_01, timestamp } from '../serialize.js';
import type { Order, OrderCharge, OrderChargeLine, OrderLineItem } from '../../model/order.js';

/** api-facts (recorded real records): the platform's inventory policy on every line. */
const INVENTORY_POLICY = 'decrement_obeying_policy';

/** What an order shows of its charge. */
interface ChargePart {
  readonly charge: OrderCharge | undefined;
  /** Whether the order carries the charge's shipping, taxes, discounts and refunds. */
  readonly carries: boolean;
}

/**
 * The order's charge: the store's record, else what a clone kept of what the order showed of it (a
 * charge the service no longer shows), which is exactly what the order answered, lines included.
 */
function chargePart(order: Order, store: Store): ChargePart {
  const charge = store.collections.charges.get(order.charge_id);
  if (charge === undefined && order.charge_shown) return { charge: order.charge_shown, carries: true };
  const carries =
    charge !== undefined &&
    (!order.is_prepaid ||
      order.scheduled_at === charge.scheduled_at ||
      toMinor(order.total_price, order.currency) !== toMinor(order.subtotal_price, order.currency));
  return { charge, carries };
}

function chargeLineOf(part: ChargePart, line: OrderLineItem): OrderChargeLine | undefined {
  return part.carries
    ? part.charge?.line_items.find((item) => item.purchase_item_id === line.purchase_item_id)
    : undefined;
}

const zero = (order: Order) => fromMinor(0, order.currency);

/** Taxes of an order line: the charge line's when the order carries them, none otherwise. */
function lineTaxes(order: Order, part: ChargePart, line: OrderLineItem) {
  const billed = chargeLineOf(part, line);
  return {
    tax_due: billed?.tax_due ?? zero(order),
    tax_lines: billed?.tax_lines ?? [],
    taxable: billed?.taxable ?? part.charge?.taxable ?? false,
    taxable_amount: billed?.taxable_amount ?? line.total_price,
    unit_price_includes_tax: billed?.unit_price_includes_tax ?? part.charge?.taxes_included ?? false,
  };
}

function originalPrice(part: ChargePart, line: OrderLineItem): string {
  const billed = part.charge?.line_items.find((item) => item.purchase_item_id === line.purchase_item_id);
  return billed?.original_price ?? line.unit_price;
}

function line2021_11(
  store: Store,
  order: Order,
  part: ChargePart,
  line: OrderLineItem,
): Record<string, unknown> {
  return {
    purchase_item_id: line.purchase_item_id,
    external_inventory_policy: INVENTORY_POLICY,
    external_product_id: { ecommerce: line.external_product_id },
    external_variant_id: { ecommerce: line.external_variant_id },
    grams: line.grams,
    handle: null,
    images: variantImages2021_11(store, line.external_variant_id),
    original_price: originalPrice(part, line),
    properties: line.properties,
    purchase_item_type: line.purchase_item_type,
    quantity: line.quantity,
    sku: line.sku,
    ...lineTaxes(order, part, line),
    title: line.title,
    total_price: line.total_price,
    unit_price: line.unit_price,
    variant_title: line.variant_title,
    // Emulator addition: the bundle selection's contents when the order was made.
    bundle_items: line.bundle_items,
  };
}

function line2021_01(store: Store, part: ChargePart, line: OrderLineItem): Record<string, unknown> {
  const billed = chargeLineOf(part, line);
  return {
    external_inventory_policy: INVENTORY_POLICY,
    images: variantImages(store, line.external_variant_id),
    original_price: originalPrice(part, line),
    price: line.unit_price,
    product_title: line.title,
    properties: line.properties,
    quantity: line.quantity,
    // api-facts (recorded real records): strings on 2021-01 order lines.
    platform_product_id: line.external_product_id,
    platform_variant_id: line.external_variant_id,
    sku: line.sku,
    subscription_id: line.purchase_item_id,
    tax_lines: (billed?.tax_lines ?? []).map(({ price, rate, title }) => ({ price, rate, title })),
    title: line.title,
    variant_title: line.variant_title,
    bundle_items: line.bundle_items,
  };
}

/** Totals every order shows beside its stored ones. */
function totals(order: Order, part: ChargePart) {
  const lines = order.line_items.reduce((sum, line) => sum + toMinor(line.total_price, order.currency), 0);
  return {
    total_duties: zero(order),
    total_line_items_price: fromMinor(lines, order.currency),
    total_refunds: part.carries && part.charge ? part.charge.total_refunds : zero(order),
  };
}

function weight(order: Order): number {
  return order.line_items.reduce((sum, line) => sum + line.grams * line.quantity, 0);
}

/** The platform's order number without its `#` (`#1016` → `1016`). */
function orderNumber(order: Order): string | null {
  return order.external_order_number === null ? null : order.external_order_number.replace(/^#/, '');
}

function serialize2021_11(order: Order, store: Store): Record<string, unknown> {
  const customer = store.collections.customers.get(order.customer_id);
  const part = chargePart(order, store);
  const { charge } = part;
  const discount = part.carries ? charge?.discount : undefined;
  const number = orderNumber(order);
  return {
    id: order.id,
    address_id: order.address_id,
    billing_address: order.billing_address,
    charge: {
      id: order.charge_id,
      external_transaction_id: { payment_processor: charge?.external_transaction_id ?? null },
      payment_processor_name: charge?.payment_processor ?? null,
      status: charge?.status ?? null,
    },
    client_details: { browser_ip: null, user_agent: null },
    created_at: timestamp('2021-11', order.created_at),
    currency: order.currency,
    customer: {
      id: order.customer_id,
      email: customer?.email ?? null,
      external_customer_id: { ecommerce: customer?.external_customer_id ?? null },
      hash: customer?.hash ?? null,
    },
    discounts: discount
      ? [{ id: discount.id, code: discount.code, value: discount.value, value_type: discount.value_type }]
      : [],
    error: null,
    external_cart_token: null,
    external_order_id: { ecommerce: order.external_order_id },
    // api-facts (recorded real records): the name is "#1016", the number "1016".
    external_order_name: { ecommerce: number === null ? null : `#${number}` },
    external_order_number: { ecommerce: number },
    // api-facts (recorded real records): 0/1, not a boolean, in this version too.
    is_prepaid: order.is_prepaid ? 1 : 0,
    line_items: order.line_items.map((line) => line2021_11(store, order, part, line)),
    note: order.note,
    order_attributes: order.order_attributes,
    processed_at: timestamp('2021-11', order.processed_at),
    scheduled_at: `${order.scheduled_at}T00:00:00+00:00`,
    shipping_address: order.shipping_address,
    shipping_lines: part.carries && charge ? charge.shipping_lines : [],
    status: order.status,
    subtotal_price: order.subtotal_price,
    tags: charge?.tags ?? '',
    tax_lines: part.carries && charge ? charge.tax_lines : [],
    // api-facts (real clients): whether the charge was taxable.
    taxable: charge?.taxable ?? false,
    total_discounts: order.total_discounts,
    ...totals(order, part),
    total_price: order.total_price,
    total_tax: order.total_tax,
    total_weight_grams: weight(order),
    type: order.type,
    updated_at: timestamp('2021-11', order.updated_at),
  };
}

function serialize2021_01(order: Order, store: Store): Record<string, unknown> {
  const customer = store.collections.customers.get(order.customer_id);
  const part = chargePart(order, store);
  const { charge } = part;
  const discount = part.carries ? charge?.discount : undefined;
  const number = orderNumber(order);
  return {
    id: order.id,
    address_id: order.address_id,
    // The address still exists (an order outlives a deleted address).
    address_is_active: store.collections.addresses.get(order.address_id) ? 1 : 0,
    billing_address: address2021_01(order.billing_address),
    browser_ip: null,
    charge_id: order.charge_id,
    charge_status: charge ? charge.status.toUpperCase() : null,
    created_at: timestamp('2021-01', order.created_at),
    currency: order.currency,
    customer: {
      accepts_marketing: customer?.accepts_marketing ?? false,
      email: customer?.email ?? null,
      first_name: customer?.first_name ?? null,
      last_name: customer?.last_name ?? null,
      phone: customer?.phone ?? null,
      send_email_welcome: false,
      verified_email: true,
    },
    customer_id: order.customer_id,
    discount_codes: discount
      ? [{ amount: Number(discount.amount), code: discount.code, type: discount.value_type }]
      : [],
    email: customer?.email ?? null,
    error: null,
    first_name: customer?.first_name ?? null,
    hash: customer?.hash ?? null,
    is_prepaid: order.is_prepaid ? 1 : 0,
    last_name: customer?.last_name ?? null,
    line_items: order.line_items.map((line) => line2021_01(store, part, line)),
    note: order.note,
    note_attributes: order.order_attributes,
    payment_processor: charge?.payment_processor ?? null,
    processed_at: timestamp('2021-01', order.processed_at),
    scheduled_at: `${order.scheduled_at}T00:00:00`,
    shipped_date: timestamp('2021-01', order.processed_at),
    shipping_address: address2021_01(order.shipping_address),
    shipping_date: `${order.scheduled_at}T00:00:00`,
    shipping_lines:
      part.carries && charge
        ? charge.shipping_lines.map(({ code, price, source, title }) => ({ code, price, source, title }))
        : [],
    // api-facts (recorded real records): the platform's ids are strings here, the number an integer.
    platform_cart_token: null,
    platform_customer_id: customer?.external_customer_id ?? null,
    platform_id: order.external_order_id,
    platform_order_id: order.external_order_id,
    platform_order_number: number === null ? null : Number(number),
    status: order.status.toUpperCase(),
    subtotal_price: order.subtotal_price,
    tags: charge?.tags ?? '',
    tax_lines: part.carries && charge ? charge.tax_lines : [],
    total_discounts: order.total_discounts,
    ...totals(order, part),
    total_price: order.total_price,
    total_tax: order.total_tax,
    total_weight: weight(order),
    transaction_id: charge?.external_transaction_id ?? null,
    type: order.type.toUpperCase(),
    updated_at: timestamp('2021-01', order.updated_at),
  };
}

export const orderSerializers: Record<ApiVersion, (order: Order, store: Store) => Record<string, unknown>> = {
  '2021-01': serialize2021_01,
  '2021-11': serialize2021_11,
};
