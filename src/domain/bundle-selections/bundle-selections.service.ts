/**
 * Bundle selections: the contents chosen for a bundle subscription or one-time item, checked
 * against the bundle variant (allowed collections, number of items), standing or for one queued
 * charge of the item (`charge_id`).
 */
import { runCommand } from '../command.js';
import { fail } from '../failures.js';
import { collectionIdsOfProduct } from '../collections/collections.service.js';
import { findVariant } from '../products/products.service.js';
import { recordEvent } from '../events/event-log.js';
import type { Store } from '../../store/store.js';
import type { ServiceContext } from '../service-context.js';
import type { BundleSelection, BundleSelectionItem } from '../../model/bundle-selection.js';

export interface SelectionItemInput {
  readonly collection_id: number;
  readonly collection_source?: string;
  readonly external_product_id: string;
  readonly external_variant_id: string;
  readonly quantity: number;
}

export interface SelectionInput {
  readonly purchase_item_id: number;
  readonly plan_id?: number | null;
  /** The queued charge of the purchase item the selection is for (null: every coming order). */
  readonly charge_id?: number | null;
  readonly items: readonly SelectionItemInput[];
}

/**
 * The contents an order of `chargeId` takes for a purchase item: the selection made for that
 * charge, else the newest standing one (no charge), else the newest.
 *
 * @example
 * selectionForCharge(store, subscription.id, charge.id)?.items;
 */
export function selectionForCharge(
  store: Store,
  purchaseItemId: number,
  chargeId: number | null,
): BundleSelection | undefined {
  const selections = store.collections.bundle_selections.findBy('purchase_item_id', purchaseItemId);
  const forCharge = chargeId === null ? undefined : selections.findLast((s) => s.charge_id === chargeId);
  return forCharge ?? selections.findLast((s) => (s.charge_id ?? null) === null) ?? selections.at(-1);
}

export function findSelection(store: Store, id: number): BundleSelection {
  const selection = store.collections.bundle_selections.get(id);
  if (!selection) throw fail.notFound();
  return selection;
}

/** The purchase item a selection is for and its bundle variant; 422 when it is not a bundle. */
function bundleOf(store: Store, purchaseItemId: number) {
  const item =
    store.collections.subscriptions.get(purchaseItemId) ?? store.collections.onetimes.get(purchaseItemId);
  if (!item) throw fail.field('purchase_item_id', `No subscription or one-time item ${purchaseItemId}.`);
  const found = findVariant(store, item.external_variant_id);
  if (!found?.variant.bundle) {
    throw fail.field(
      'purchase_item_id',
      `Purchase item ${purchaseItemId} is not a bundle (its variant has no bundle settings).`,
    );
  }
  return { item, product: found.product, variant: found.variant, bundle: found.variant.bundle };
}

/** The charge a selection names must be queued and carry the purchase item; 422 otherwise. */
function checkCharge(store: Store, chargeId: number | null | undefined, purchaseItemId: number): void {
  if (chargeId === null || chargeId === undefined) return;
  const charge = store.collections.charges.get(chargeId);
  if (!charge) throw fail.field('charge_id', `No charge ${chargeId}.`);
  if (charge.status !== 'queued')
    throw fail.field(
      'charge_id',
      `Charge ${chargeId} is ${charge.status}; a selection applies to a queued charge.`,
    );
  if (!charge.line_items.some((line) => line.purchase_item_id === purchaseItemId))
    throw fail.field('charge_id', `Charge ${chargeId} does not carry purchase item ${purchaseItemId}.`);
}

function checkItems(
  store: Store,
  bundle: { collection_ids: readonly number[]; items_count: number },
  items: readonly SelectionItemInput[],
): void {
  items.forEach((item, index) => {
    const path = `items.${index}`;
    if (!bundle.collection_ids.includes(item.collection_id)) {
      throw fail.field(path, `Collection ${item.collection_id} is not offered by this bundle.`);
    }
    const found = findVariant(store, item.external_variant_id);
    if (!found || found.product.external_product_id !== item.external_product_id) {
      throw fail.field(
        path,
        `Variant ${item.external_variant_id} of product ${item.external_product_id} does not exist.`,
      );
    }
    if (!collectionIdsOfProduct(store, item.external_product_id).includes(item.collection_id)) {
      throw fail.field(
        path,
        `Product ${item.external_product_id} is not in collection ${item.collection_id}.`,
      );
    }
  });
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  if (count !== bundle.items_count) {
    throw fail.field('items', `The bundle takes ${bundle.items_count} items; the selection has ${count}.`);
  }
}

function itemsOf(store: Store, inputs: readonly SelectionItemInput[]): BundleSelectionItem[] {
  const now = store.now();
  return inputs.map((input) => ({
    id: store.nextId('bundle_selection_items'),
    collection_id: String(input.collection_id),
    collection_source: input.collection_source ?? 'emulator',
    external_product_id: input.external_product_id,
    external_variant_id: input.external_variant_id,
    quantity: input.quantity,
    created_at: now,
    updated_at: now,
  }));
}

export function createSelection(ctx: ServiceContext, input: SelectionInput): BundleSelection {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const { item, product, variant, bundle } = bundleOf(store, input.purchase_item_id);
    checkCharge(store, input.charge_id, item.id);
    checkItems(store, bundle, input.items);
    const now = store.now();
    const selection = store.collections.bundle_selections.insert({
      id: store.nextId('bundle_selections'),
      purchase_item_id: item.id,
      bundle_variant_id: variant.id,
      external_product_id: product.external_product_id,
      external_variant_id: variant.external_variant_id,
      plan_id: input.plan_id ?? null,
      charge_id: input.charge_id ?? null,
      items: itemsOf(store, input.items),
      created_at: now,
      updated_at: now,
    });
    recordEvent(store, ctx.actor, {
      object_type: 'bundle_selection',
      verb: 'created',
      object_id: selection.id,
      customer_id: item.customer_id,
    });
    return selection;
  });
}

export function updateSelection(
  ctx: ServiceContext,
  id: number,
  input: Partial<SelectionInput>,
): BundleSelection {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const current = findSelection(store, id);
    const { item, product, variant, bundle } = bundleOf(
      store,
      input.purchase_item_id ?? current.purchase_item_id,
    );
    const chargeId = input.charge_id === undefined ? current.charge_id : input.charge_id;
    checkCharge(store, chargeId, item.id);
    if (input.items) checkItems(store, bundle, input.items);
    const selection = store.collections.bundle_selections.update(id, {
      purchase_item_id: item.id,
      bundle_variant_id: variant.id,
      external_product_id: product.external_product_id,
      external_variant_id: variant.external_variant_id,
      ...(input.plan_id !== undefined ? { plan_id: input.plan_id } : {}),
      ...(input.charge_id !== undefined ? { charge_id: input.charge_id } : {}),
      ...(input.items ? { items: itemsOf(store, input.items) } : {}),
      updated_at: store.now(),
    });
    recordEvent(store, ctx.actor, {
      object_type: 'bundle_selection',
      verb: 'updated',
      object_id: id,
      customer_id: item.customer_id,
    });
    return selection;
  });
}

export function deleteSelection(ctx: ServiceContext, id: number): void {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const selection = findSelection(store, id);
    const owner =
      store.collections.subscriptions.get(selection.purchase_item_id) ??
      store.collections.onetimes.get(selection.purchase_item_id);
    store.collections.bundle_selections.delete(id);
    recordEvent(store, ctx.actor, {
      object_type: 'bundle_selection',
      verb: 'deleted',
      object_id: id,
      customer_id: owner?.customer_id ?? null,
    });
  });
}
