/**
 * What the converters cannot know from one record, filled in from all of them: which purchase
 * items are one-time items (2021-01 lines do not say), a discount's id from its code (2021-01
 * charges name only the code), whether a charge's discount came from its address, the successful
 * charges of each subscription (for subscriptions that expire after N charges), products' and
 * variants' integer ids, credit adjustments' customers, and the id sequences a store numbers its
 * next records from. Jobs are rebuilt from the records by the store itself (`storeDocument`).
 */
import type { AppliedDiscount, Charge } from '../model/charge.js';
import type { Order } from '../model/order.js';
import type { Product } from '../model/product.js';
import type { RecordOf } from '../store/collections.js';
import { coveringSequences } from '../store/sequences.js';
import type { WireCollection } from './from-wire/index.js';

/** Converted records by collection (any may be absent). */
export type CloneRecords = { -readonly [N in WireCollection]?: RecordOf<N>[] };

/** Charge statuses that counted as a successful charge of their subscriptions. */
const PAID = new Set<Charge['status']>(['success', 'refunded', 'partially_refunded']);

/** The emulator numbers orders it submits to the platform from here (src/domain/orders/charge-orders.ts). */
const EXTERNAL_ORDER_BASE = 5_000_000_000;

function maxId(rows: readonly { id: number }[] | undefined): number {
  let max = 0;
  for (const row of rows ?? []) if (row.id > max) max = row.id;
  return max;
}

function withItemTypes<
  L extends { purchase_item_id: number; purchase_item_type: 'subscription' | 'onetime' },
>(lines: readonly L[], onetimes: ReadonlySet<number>): readonly L[] {
  if (!lines.some((line) => onetimes.has(line.purchase_item_id) !== (line.purchase_item_type === 'onetime')))
    return lines;
  return lines.map((line) => ({
    ...line,
    purchase_item_type: onetimes.has(line.purchase_item_id) ? 'onetime' : line.purchase_item_type,
  }));
}

function chargeDiscount(
  discount: AppliedDiscount,
  records: CloneRecords,
  addressDiscount: ReadonlyMap<number, number | null>,
  addressId: number,
): AppliedDiscount {
  const byId = discount.id === 0 ? undefined : records.discounts?.find((d) => d.id === discount.id);
  const known = byId ?? records.discounts?.find((d) => d.code.toLowerCase() === discount.code.toLowerCase());
  const id = known?.id ?? discount.id;
  return {
    ...discount,
    id,
    value: discount.id === 0 && known ? known.value : discount.value,
    source: addressDiscount.get(addressId) === id ? 'address' : 'charge',
  };
}

function numberProducts(products: readonly Product[], productIds: ReadonlyMap<string, number>): Product[] {
  let nextProduct = Math.max(0, ...productIds.values(), maxId(products));
  let nextVariant = 0;
  for (const product of products)
    for (const variant of product.variants) nextVariant = Math.max(nextVariant, variant.id);
  return products.map((product) => ({
    ...product,
    id: product.id || productIds.get(product.external_product_id) || ++nextProduct,
    variants: product.variants.map((variant) => (variant.id ? variant : { ...variant, id: ++nextVariant })),
  }));
}

/**
 * The records with what only the whole store tells filled in (a new array per collection changed).
 * `productIds` maps external product ids to the integer ids 2021-01 product records show.
 *
 * @example
 * const complete = rebuildDerived({ charges, subscriptions, onetimes }, new Map());
 */
export function rebuildDerived(records: CloneRecords, productIds: ReadonlyMap<string, number>): CloneRecords {
  const out: CloneRecords = { ...records };
  const onetimes = new Set((records.onetimes ?? []).map((o) => o.id));
  const addressDiscount = new Map((records.addresses ?? []).map((a) => [a.id, a.discount_id]));
  if (records.charges)
    out.charges = records.charges.map((charge): Charge => ({
      ...charge,
      line_items: withItemTypes(charge.line_items, onetimes),
      discount:
        charge.discount && chargeDiscount(charge.discount, records, addressDiscount, charge.address_id),
    }));
  if (records.orders) {
    // An order answers its charge's own record where the clone has it, what it showed of it elsewhere.
    const charges = new Set((records.charges ?? []).map((charge) => charge.id));
    out.orders = records.orders.map((order): Order => {
      const { charge_shown, ...rest } = order;
      return {
        ...rest,
        ...(charge_shown && !charges.has(order.charge_id) ? { charge_shown } : {}),
        line_items: withItemTypes(order.line_items, onetimes),
      };
    });
  }
  if (records.subscriptions) {
    const paid = new Map<number, number>();
    for (const charge of records.charges ?? []) {
      if (!PAID.has(charge.status)) continue;
      for (const line of charge.line_items)
        paid.set(line.purchase_item_id, (paid.get(line.purchase_item_id) ?? 0) + 1);
    }
    out.subscriptions = records.subscriptions.map((s) => ({ ...s, charges_count: paid.get(s.id) ?? 0 }));
  }
  if (records.products) out.products = numberProducts(records.products, productIds);
  if (records.credit_adjustments) {
    const owner = new Map(
      (records.credit_accounts ?? []).map((account) => [account.id, account.customer_id]),
    );
    out.credit_adjustments = records.credit_adjustments.map((adjustment) => ({
      ...adjustment,
      customer_id: adjustment.customer_id || (owner.get(adjustment.credit_account_id) ?? 0),
    }));
  }
  return out;
}

/**
 * The id sequences a store goes on numbering from: the largest id of each kind read (the store's
 * own table of where each kind's ids are kept, src/store/sequences.ts), so the copy numbers its
 * next records as the real store would, and never with the id of a cloned one. Kinds without
 * records stay absent: the store numbers them from its own block.
 *
 * @example sequencesOf({ customers: [{ id: 7, ... }] }); // { customers: 7 }
 */
export function sequencesOf(records: CloneRecords): Record<string, number> {
  const sequences = { ...coveringSequences({ sequences: {}, collections: records, tokens: [] }, 0) };
  // Orders the emulator submitted are numbered 5,000,000,000 + n; real ones are left alone.
  for (const { external_order_id } of [...(records.orders ?? []), ...(records.charges ?? [])]) {
    const n = Number(external_order_id) - EXTERNAL_ORDER_BASE;
    if (external_order_id !== null && Number.isSafeInteger(n) && n > 0 && n < 10_000_000)
      sequences.external_orders = Math.max(sequences.external_orders ?? 0, n);
  }
  return sequences;
}
