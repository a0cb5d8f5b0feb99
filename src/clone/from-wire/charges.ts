/**
 * Charges and orders of the real API as store records. Both versions describe the same record with
 * other names (2021-01: `number_times_tried`, `processor_name`, `transaction_id`, `discount_codes`,
 * line items' `price` and `subscription_id`); what neither shows is left for `rebuildDerived`
 * (which purchase item is a one-time item, a 2021-01 discount's id, where a discount came from).
 */
import { fromMinor, toMinor } from '../../domain/money.js';
import {
  CHARGE_STATUSES,
  type AppliedDiscount,
  type Charge,
  type ChargeLineItem,
  type ChargeShippingLine,
  type TaxLine,
} from '../../model/charge.js';
import { ORDER_STATUSES, type Order, type OrderCharge, type OrderLineItem } from '../../model/order.js';
import { analyticsData, type WireContext } from './context.js';
import { postalAddress, WireProblem, type Reader } from './reader.js';

const TYPES = ['recurring', 'checkout'] as const;
const ITEM_TYPES = ['subscription', 'onetime'] as const;
const VALUE_TYPES = ['percentage', 'fixed_amount', 'shipping'] as const;

interface ItemIds {
  readonly purchase_item_id: number;
  readonly purchase_item_type: 'subscription' | 'onetime';
  readonly external_product_id: string;
  readonly external_variant_id: string;
}

/** The purchase item and product of a line; 2021-01 names the item `subscription_id` and has no type. */
function itemIds(line: Reader, ctx: WireContext): ItemIds {
  const legacy = ctx.version === '2021-01';
  const item = legacy ? line.id('subscription_id') : line.id('purchase_item_id');
  return {
    purchase_item_id: item,
    // 2021-01 lines name no type: one-time items are told apart later, from the one-times read.
    purchase_item_type: line.oneOf('purchase_item_type', ITEM_TYPES, 'subscription', true),
    external_product_id:
      (legacy ? line.strOrNull('platform_product_id') : line.external('external_product_id')) ?? '',
    external_variant_id:
      (legacy ? line.strOrNull('platform_variant_id') : line.external('external_variant_id')) ?? '',
  };
}

/** `unit × quantity` when a line does not say its total (2021-01). */
function lineTotal(line: Reader, unit: string, quantity: number, currency: string): string {
  return line.money('total_price', currency, fromMinor(toMinor(unit, currency) * quantity, currency));
}

function taxLines(r: Reader, key: string, currency: string): TaxLine[] {
  return r.list(key).map((tax) => ({
    price: tax.money('price', currency, '0.00'),
    rate: tax.num('rate', 0),
    title: tax.str('title', ''),
  }));
}

/** A line item's tax lines: the charge's form plus each tax's unit price. */
function lineTaxLines(line: Reader, currency: string): (TaxLine & { unit_price: string })[] {
  return line.list('tax_lines').map((tax) => ({
    price: tax.money('price', currency, '0.00'),
    rate: tax.num('rate', 0),
    title: tax.str('title', ''),
    unit_price: tax.money('unit_price', currency, '0.00'),
  }));
}

function chargeLine(line: Reader, ctx: WireContext, currency: string): ChargeLineItem {
  const unit = line.money(line.has('unit_price') ? 'unit_price' : 'price', currency);
  const quantity = line.int('quantity', 1);
  return {
    ...itemIds(line, ctx),
    title: line.str('title', ''),
    variant_title: line.strOrNull('variant_title'),
    sku: line.strOrNull('sku'),
    handle: line.strOrNull('handle'),
    quantity,
    unit_price: unit,
    original_price: line.money('original_price', currency, unit),
    total_price: lineTotal(line, unit, quantity, currency),
    properties: line.nameValues('properties'),
    grams: line.int('grams', 0),
    taxable: line.bool('taxable', true),
    taxable_amount: line.money('taxable_amount', currency, '0.00'),
    tax_due: line.money('tax_due', currency, '0.00'),
    tax_lines: lineTaxLines(line, currency),
    unit_price_includes_tax: line.bool('unit_price_includes_tax'),
  };
}

function chargeShipping(line: Reader, currency: string): ChargeShippingLine {
  return {
    code: line.str('code', ''),
    price: line.money('price', currency, '0.00'),
    title: line.str('title', ''),
    source: line.str('source', 'shipping'),
    taxable: line.bool('taxable'),
    tax_lines: taxLines(line, 'tax_lines', currency),
  };
}

/**
 * The discount of a charge: 2021-11 `discounts[0]` `{id, code, value, value_type}`, 2021-01
 * `discount_codes[0]` `{amount, code, type}` (no id: 0 until `rebuildDerived` finds it by code).
 * Its amount is the charge's `total_discounts`; it came from the charge until shown otherwise.
 */
function appliedDiscount(r: Reader, ctx: WireContext, currency: string): AppliedDiscount | null {
  const amount = r.money('total_discounts', currency, '0.00');
  if (ctx.version === '2021-01') {
    const code = r.list('discount_codes')[0];
    if (!code) return null;
    return {
      id: 0,
      code: code.str('code'),
      value: code.money('amount', currency, amount),
      value_type: code.oneOf('type', VALUE_TYPES, 'percentage'),
      amount,
      source: 'charge',
    };
  }
  const discount = r.list('discounts')[0];
  if (!discount) return null;
  return {
    id: discount.id('id'),
    code: discount.str('code', ''),
    value: discount.str('value', '0'),
    value_type: discount.oneOf('value_type', VALUE_TYPES, 'percentage'),
    amount,
    source: 'charge',
  };
}

/**
 * A charge record (queued, paid, failing, ...). `authorized_at`, which no version shows, is taken
 * as the last update of a charge still waiting for capture.
 *
 * @example chargeFromWire(Reader.of(body.charge), { version: '2021-11', currency: 'USD' }).status
 */
export function chargeFromWire(r: Reader, ctx: WireContext): Charge {
  const legacy = ctx.version === '2021-01';
  const created = r.timestamp('created_at');
  const updated = r.timestamp('updated_at', created);
  const currency = r.str('currency', ctx.currency);
  const status = r.oneOf('status', CHARGE_STATUSES, undefined, true);
  const customer = legacy ? r.id('customer_id') : (r.obj('customer')?.id('id') ?? r.id('customer_id'));
  const shipped = r.intOrNull('shipments_count');
  return {
    id: r.id('id'),
    address_id: r.id('address_id'),
    customer_id: customer,
    type: r.oneOf('type', TYPES, 'recurring', true),
    status,
    scheduled_at: r.date('scheduled_at'),
    line_items: r.list('line_items').map((line) => chargeLine(line, ctx, currency)),
    discount: appliedDiscount(r, ctx, currency),
    shipping_lines: r.list('shipping_lines').map((line) => chargeShipping(line, currency)),
    tax_lines: taxLines(r, 'tax_lines', currency),
    currency,
    subtotal_price: r.money('subtotal_price', currency, '0.00'),
    total_line_items_price: r.money('total_line_items_price', currency, '0.00'),
    total_discounts: r.money('total_discounts', currency, '0.00'),
    total_tax: r.money('total_tax', currency, '0.00'),
    total_price: r.money('total_price', currency, '0.00'),
    total_refunds: r.money('total_refunds', currency, '0.00'),
    total_weight_grams: r.int(legacy ? 'total_weight' : 'total_weight_grams', 0),
    taxable: r.bool('taxable', true),
    taxes_included: r.bool('taxes_included'),
    billing_address: postalAddress(r.obj('billing_address')),
    shipping_address: postalAddress(r.obj('shipping_address')),
    note: r.strOrNull('note'),
    order_attributes: r.nameValues(legacy ? 'note_attributes' : 'order_attributes'),
    analytics_data: analyticsData(r),
    tags: r.str('tags', ''),
    orders_count: r.int('orders_count', shipped ?? 1),
    has_uncommitted_changes: r.bool(legacy ? 'has_uncommited_changes' : 'has_uncommitted_changes'),
    processed_at: r.timestampOrNull('processed_at'),
    authorized_at: r.timestampOrNull('authorized_at') ?? (status === 'pending' ? updated : null),
    error: r.strOrNull('error'),
    error_type: r.strOrNull('error_type'),
    charge_attempts: r.int(legacy ? 'number_times_tried' : 'charge_attempts', 0),
    last_charge_attempt: r.timestampOrNull(legacy ? 'last_charge_attempt_date' : 'last_charge_attempt'),
    retry_date: r.dateOrNull('retry_date'),
    merged_at: r.timestampOrNull('merged_at'),
    payment_processor: r.strOrNull(legacy ? 'processor_name' : 'payment_processor'),
    external_transaction_id: legacy
      ? r.strOrNull('transaction_id')
      : r.external('external_transaction_id', 'payment_processor'),
    external_order_id: legacy ? r.strOrNull('platform_order_id') : r.external('external_order_id'),
    // api-facts: the real records name it external_variant_not_found beside the spec's name.
    external_variant_id_not_found:
      r.bool(legacy ? 'platform_variant_id_not_found' : 'external_variant_id_not_found') ||
      r.bool('external_variant_not_found'),
    created_at: created,
    updated_at: updated,
  };
}

function orderLine(line: Reader, ctx: WireContext, currency: string): OrderLineItem {
  const unit = line.money(line.has('unit_price') ? 'unit_price' : 'price', currency);
  const quantity = line.int('quantity', 1);
  return {
    ...itemIds(line, ctx),
    title: line.str('title', line.str('product_title', '')),
    variant_title: line.strOrNull('variant_title'),
    sku: line.strOrNull('sku'),
    quantity,
    unit_price: unit,
    total_price: lineTotal(line, unit, quantity, currency),
    properties: line.nameValues('properties'),
    grams: line.int('grams', 0),
    bundle_items: line.list('bundle_items').map((item) => ({
      collection_id: item.str('collection_id', ''),
      external_product_id: item.str('external_product_id', ''),
      external_variant_id: item.str('external_variant_id', ''),
      quantity: item.int('quantity', 1),
    })),
  };
}

/** The shipping of an order: `total_shipping` where shown, else the sum of its shipping lines. */
function totalShipping(r: Reader, currency: string): string {
  const shown = r.moneyOrNull('total_shipping', currency);
  if (shown !== null) return shown;
  const minor = r
    .list('shipping_lines')
    .reduce((sum, line) => sum + toMinor(line.money('price', currency, '0'), currency), 0);
  return fromMinor(minor, currency);
}

/**
 * What a 2021-11 order answers of its charge, line by line, kept for a charge the clone does not
 * read (the service hides charges processed more than 90 days ago, never their orders);
 * `rebuildDerived` drops it where the charge was read. 2021-01 orders say too little of it (no
 * line taxes): a list read in 2021-01 takes it from its 2021-11 read (`VERSION_ONLY_FIELDS`).
 */
function chargeShown(r: Reader, currency: string): OrderCharge | undefined {
  const charge = r.obj('charge');
  if (!charge?.strOrNull('status')) return undefined;
  const discount = r.list('discounts')[0];
  return {
    status: charge.oneOf('status', CHARGE_STATUSES, undefined, true),
    payment_processor: charge.strOrNull('payment_processor_name'),
    external_transaction_id: charge.external('external_transaction_id', 'payment_processor'),
    tags: r.str('tags', ''),
    taxable: r.bool('taxable'),
    taxes_included: r.list('line_items').some((line) => line.bool('unit_price_includes_tax')),
    discount: discount
      ? {
          id: discount.id('id'),
          code: discount.str('code', ''),
          value: discount.str('value', '0'),
          value_type: discount.oneOf('value_type', VALUE_TYPES, 'percentage'),
          amount: r.money('total_discounts', currency, '0.00'),
          source: 'charge',
        }
      : null,
    shipping_lines: r.list('shipping_lines').map((line) => chargeShipping(line, currency)),
    tax_lines: taxLines(r, 'tax_lines', currency),
    total_refunds: r.money('total_refunds', currency, '0.00'),
    line_items: r.list('line_items').map((line) => {
      const total = line.money('total_price', currency, '0.00');
      return {
        purchase_item_id: line.id('purchase_item_id'),
        original_price: line.money('original_price', currency, line.money('unit_price', currency, '0.00')),
        taxable: line.bool('taxable'),
        taxable_amount: line.money('taxable_amount', currency, total),
        tax_due: line.money('tax_due', currency, '0.00'),
        tax_lines: lineTaxLines(line, currency),
        unit_price_includes_tax: line.bool('unit_price_includes_tax'),
      };
    }),
  };
}

/** An order record (2021-11 `charge{id}`/`customer{id}`, 2021-01 `charge_id`/`customer_id`). */
export function orderFromWire(r: Reader, ctx: WireContext): Order {
  const legacy = ctx.version === '2021-01';
  const currency = r.str('currency', ctx.currency);
  const charge = r.obj('charge')?.idOrNull('id') ?? r.idOrNull('charge_id');
  if (charge === null) throw new WireProblem('charge.id', 'missing');
  return {
    id: r.id('id'),
    charge_id: charge,
    address_id: r.id('address_id'),
    customer_id: r.obj('customer')?.idOrNull('id') ?? r.id('customer_id'),
    type: r.oneOf('type', TYPES, 'recurring', true),
    status: r.oneOf('status', ORDER_STATUSES, undefined, true),
    is_prepaid: r.bool('is_prepaid'),
    external_order_id: legacy ? r.strOrNull('platform_order_id') : r.external('external_order_id'),
    external_order_number: legacy
      ? r.strOrNull('platform_order_number')
      : r.external('external_order_number'),
    line_items: r.list('line_items').map((line) => orderLine(line, ctx, currency)),
    scheduled_at: r.date('scheduled_at'),
    processed_at: r.timestampOrNull('processed_at'),
    shipping_address: postalAddress(r.obj('shipping_address')),
    billing_address: postalAddress(r.obj('billing_address')),
    currency,
    subtotal_price: r.money('subtotal_price', currency, '0.00'),
    total_discounts: r.money('total_discounts', currency, '0.00'),
    total_tax: r.money('total_tax', currency, '0.00'),
    total_shipping: totalShipping(r, currency),
    total_price: r.money('total_price', currency, '0.00'),
    note: r.strOrNull('note'),
    order_attributes: r.nameValues(legacy ? 'note_attributes' : 'order_attributes'),
    ...r.times(),
    ...(legacy ? {} : { charge_shown: chargeShown(r, currency) }),
  };
}
