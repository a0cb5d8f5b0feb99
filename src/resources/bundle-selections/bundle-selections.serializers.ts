/** The bundle selection record (spec: Bundle selection 2021-11). */
import type { ApiVersion } from '../../model/versions.js';
import { timestamp } from '../serialize.js';
import type { BundleSelection } from '../../model/bundle-selection.js';

export function serializeSelection(selection: BundleSelection, version: ApiVersion): Record<string, unknown> {
  return {
    id: selection.id,
    bundle_variant_id: selection.bundle_variant_id,
    // Recorded answers (the service's own portal): the queued charge the selection applies to.
    charge_id: selection.charge_id ?? null,
    created_at: timestamp(version, selection.created_at),
    external_product_id: selection.external_product_id,
    external_variant_id: selection.external_variant_id,
    items: selection.items.map((item) => ({
      id: item.id,
      collection_id: item.collection_id,
      collection_source: item.collection_source,
      created_at: timestamp(version, item.created_at),
      external_product_id: item.external_product_id,
      external_variant_id: item.external_variant_id,
      quantity: item.quantity,
      updated_at: timestamp(version, item.updated_at),
    })),
    purchase_item_id: selection.purchase_item_id,
    updated_at: timestamp(version, selection.updated_at),
  };
}
