/**
 * The charge record in each version's shape (spec: Charge 2021-01 and 2021-11, completed by the
 * recorded real records; fields and kinds in src/resources/shapes/billing.ts).
 */
import { startOfDay } from '../../domain/dates.js';
import { fromMinor } from '../../domain/money.js';
import { variantImages, variantImages2021_11 } from '../products/products.serializers.js';
import type { Store } from '../../store/store.js';
import type { ApiVersion } from '../../model/versions.js';
import { address2021_01, platformIdOutput, timestamp } from '../serialize.js';
import type { Charge, ChargeLineItem, ChargeShippingLine } from '../../model/charge.js';
import { pricedAt, showsTries } from './charge-tries.js';

/**
 * api-facts (recorded real records): 2021-11 shipping lines also carry `retrieved_at` and `status`;
 * `retrieved_at` is when a queued charge's shipping was last priced, null once processed.
 */
function shippingLine2021_11(line: ChargeShippingLine, retrievedAt: string | null): Record<string, unknown> {
  return { ...line, retrieved_at: retrievedAt, status: 'active' };
}

/**
 * The next attempt's moment (midnight of `retry_date` in the store's timezone), as the recorded
 * 2021-11 failed charges answer it: a datetime with offset (`2022-06-12T04:00:00+00:00`).
 */
function retryMoment(store: Store, retryDate: string | null): string | null {
  if (retryDate === null) return null;
  return timestamp('2021-11', new Date(startOfDay(retryDate, store.settings.timezone)).toISOString());
}

function line2021_11(store: Store, line: ChargeLineItem): Record<string, unknown> {
  return {
    purchase_item_id: line.purchase_item_id,
    external_product_id: { ecommerce: line.external_product_id },
    external_variant_id: { ecommerce: line.external_variant_id },
    grams: line.grams,
    // api-facts (recorded real records): null, whatever the product's handle.
    handle: null,
    images: variantImages2021_11(store, line.external_variant_id),
    original_price: line.original_price,
    properties: line.properties,
    purchase_item_type: line.purchase_item_type,
    quantity: line.quantity,
    sku: line.sku,
    tax_due: line.tax_due,
    tax_lines: line.tax_lines,
    taxable: line.taxable,
    taxable_amount: line.taxable_amount,
    title: line.title,
    total_price: line.total_price,
    unit_price: line.unit_price,
    unit_price_includes_tax: line.unit_price_includes_tax,
    variant_title: line.variant_title,
  };
}

function line2021_01(store: Store, line: ChargeLineItem): Record<string, unknown> {
  return {
    grams: line.grams,
    images: variantImages(store, line.external_variant_id),
    original_price: line.original_price,
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

function serialize2021_11(charge: Charge, store: Store): Record<string, unknown> {
  const customer = store.collections.customers.get(charge.customer_id);
  const retrievedAt =
    charge.status === 'queued' ? pricedAt(charge.shipping_priced_at ?? charge.updated_at) : null;
  const tried = showsTries(charge.status);
  return {
    id: charge.id,
    address_id: charge.address_id,
    analytics_data: charge.analytics_data,
    billing_address: charge.billing_address,
    charge_attempts: charge.charge_attempts,
    client_details: { browser_ip: null, user_agent: null },
    created_at: timestamp('2021-11', charge.created_at),
    currency: charge.currency,
    customer: {
      id: charge.customer_id,
      email: customer?.email ?? null,
      external_customer_id: { ecommerce: customer?.external_customer_id ?? null },
      hash: customer?.hash ?? null,
    },
    discounts: charge.discount
      ? [
          {
            id: charge.discount.id,
            code: charge.discount.code,
            value: charge.discount.value,
            value_type: charge.discount.value_type,
          },
        ]
      : [],
    error: charge.error,
    error_type: charge.error_type,
    external_order_id: { ecommerce: charge.external_order_id },
    external_transaction_id: { payment_processor: charge.external_transaction_id },
    external_variant_id_not_found: charge.external_variant_id_not_found,
    // api-facts (recorded real records): the real name of the field above, null unless not found;
    // this one and last_charge_attempt only once the charge was tried (live evidence, wave 3).
    ...(tried ? { external_variant_not_found: charge.external_variant_id_not_found ? true : null } : {}),
    has_uncommitted_changes: charge.has_uncommitted_changes,
    ...(tried ? { last_charge_attempt: timestamp('2021-11', charge.last_charge_attempt) } : {}),
    line_items: charge.line_items.map((line) => line2021_11(store, line)),
    // Absent in charges stored before the field existed.
    merged_at: timestamp('2021-11', charge.merged_at ?? null),
    note: charge.note,
    order_attributes: charge.order_attributes,
    orders_count: charge.orders_count,
    payment_processor: charge.payment_processor,
    processed_at: timestamp('2021-11', charge.processed_at),
    retry_date: retryMoment(store, charge.retry_date),
    scheduled_at: charge.scheduled_at,
    shipping_address: charge.shipping_address,
    shipping_lines: charge.shipping_lines.map((line) => shippingLine2021_11(line, retrievedAt)),
    status: charge.status,
    subtotal_price: charge.subtotal_price,
    tags: charge.tags,
    tax_lines: charge.tax_lines,
    taxable: charge.taxable,
    taxes_included: charge.taxes_included,
    total_discounts: charge.total_discounts,
    // api-facts (recorded real records): no duties are emulated.
    total_duties: fromMinor(0, charge.currency),
    total_line_items_price: charge.total_line_items_price,
    total_price: charge.total_price,
    total_refunds: charge.total_refunds,
    total_tax: charge.total_tax,
    total_weight_grams: charge.total_weight_grams,
    type: charge.type,
    updated_at: timestamp('2021-11', charge.updated_at),
  };
}

function serialize2021_01(charge: Charge, store: Store): Record<string, unknown> {
  const customer = store.collections.customers.get(charge.customer_id);
  const shipped =
    charge.status === 'success' || charge.status === 'refunded' || charge.status === 'partially_refunded';
  return {
    id: charge.id,
    address_id: charge.address_id,
    analytics_data: charge.analytics_data,
    billing_address: address2021_01(charge.billing_address),
    client_details: { browser_ip: null, user_agent: null },
    created_at: timestamp('2021-01', charge.created_at),
    customer_hash: customer?.hash ?? null,
    customer_id: charge.customer_id,
    discount_codes: charge.discount
      ? [
          {
            amount: Number(charge.discount.amount),
            code: charge.discount.code,
            type: charge.discount.value_type,
          },
        ]
      : [],
    email: customer?.email ?? null,
    error: charge.error,
    error_type: charge.error_type,
    first_name: customer?.first_name ?? null,
    // Spelled so in this version (spec: Charge 2021-01).
    has_uncommited_changes: charge.has_uncommitted_changes,
    last_charge_attempt_date: timestamp('2021-01', charge.last_charge_attempt),
    last_name: customer?.last_name ?? null,
    line_items: charge.line_items.map((line) => line2021_01(store, line)),
    note: charge.note,
    note_attributes: charge.order_attributes,
    number_times_tried: charge.charge_attempts,
    platform_order_id: charge.external_order_id ? platformIdOutput(charge.external_order_id) : null,
    platform_variant_id_not_found: charge.external_variant_id_not_found ? 1 : null,
    processed_at: timestamp('2021-01', charge.processed_at),
    processor_name: charge.payment_processor,
    retry_date: charge.retry_date,
    scheduled_at: `${charge.scheduled_at}T00:00:00`,
    shipments_count: shipped ? charge.orders_count : null,
    shipping_address: address2021_01(charge.shipping_address),
    shipping_lines: charge.shipping_lines.map(({ code, price, title }) => ({ code, price, title })),
    status: charge.status.toUpperCase(),
    // Deprecated field kept in this version (spec, Versioning 6).
    sub_total: Number(charge.subtotal_price),
    subtotal_price: charge.subtotal_price,
    tags: charge.tags,
    tax_lines: charge.tax_lines,
    total_discounts: charge.total_discounts,
    total_line_items_price: charge.total_line_items_price,
    total_price: charge.total_price,
    total_refunds: charge.total_refunds,
    total_tax: charge.total_tax,
    total_weight: charge.total_weight_grams,
    transaction_id: charge.external_transaction_id,
    type: charge.type.toUpperCase(),
    updated_at: timestamp('2021-01', charge.updated_at),
  };
}

export const chargeSerializers: Record<
  ApiVersion,
  (charge: Charge, store: Store) => Record<string, unknown>
> = {
  '2021-01': serialize2021_01,
  '2021-11': serialize2021_11,
};
