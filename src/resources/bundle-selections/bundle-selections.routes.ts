/**
 * Bundle selection endpoints (2021-11, Pro plan; spec: Bundle selections, rule 7), with the
 * `charge_id` of recorded answers (create with it, list by `charge_ids`).
 */
import { idsFilter, timestampFilters } from '../../http/list/filters.js';
import { listResponse, type FilterParser, type ListSpec } from '../../http/list/list.js';
import { parseBooleanParam, parseIntegerList } from '../../http/list/params.js';
import { pathId } from '../../http/params.js';
import type { Endpoint, Gate } from '../../http/types.js';
import { parseWith } from '../../errors/validation.js';
import type { BundleSelection } from '../../model/bundle-selection.js';
import { bundleSelectionSchemas } from './bundle-selections.schemas.js';
import { serializeSelection } from './bundle-selections.serializers.js';
import {
  createSelection,
  deleteSelection,
  findSelection,
  updateSelection,
} from '../../domain/bundle-selections/bundle-selections.service.js';

/** A comma-separated integer list matched against a value (or values) of the selection. */
function integerListFilter(
  get: (s: BundleSelection) => readonly (string | number)[],
): FilterParser<BundleSelection> {
  return (raw, _request, name) => {
    const wanted = new Set(parseIntegerList(name, raw).map(String));
    return { test: (selection) => get(selection).some((value) => wanted.has(String(value))) };
  };
}

const activeItems: FilterParser<BundleSelection> = (raw, request, name) => {
  const only = parseBooleanParam(name, raw);
  return {
    test: (selection) =>
      !only ||
      request.store.collections.subscriptions.get(selection.purchase_item_id)?.status !== 'cancelled',
  };
};

const selectionList: ListSpec<BundleSelection> = {
  name: 'bundle_selections',
  collection: (store) => store.collections.bundle_selections,
  filters: {
    ids: idsFilter(),
    purchase_item_ids: integerListFilter((s) => [s.purchase_item_id]),
    // Recorded (the service's own portal): the selections made for given queued charges.
    charge_ids: integerListFilter((s) => (s.charge_id == null ? [] : [s.charge_id])),
    bundle_variant_ids: integerListFilter((s) => [s.bundle_variant_id]),
    item_external_variant_ids: integerListFilter((s) => s.items.map((item) => item.external_variant_id)),
    item_external_product_ids: integerListFilter((s) => s.items.map((item) => item.external_product_id)),
    active_purchase_items: activeItems,
    ...timestampFilters<BundleSelection>(),
  },
  sorts: { updated_at: (s) => s.updated_at },
  defaultSort: 'id-desc',
  serialize: (selection, { version }) => serializeSelection(selection, version),
};

const V2021_11 = ['2021-11'] as const;
/** Spec rule 7: the bundle selection endpoints are plan-gated (Pro plan, on request). */
const PRO: Gate = { plan: 'pro' };

export const bundleSelectionEndpoints: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/bundle_selections',
    scope: 'read_subscriptions',
    versions: V2021_11,
    gate: PRO,
    summary: 'List bundle selections',
    handle: (request) => listResponse(selectionList, request),
  },
  {
    method: 'GET',
    path: '/bundle_selections/:id',
    scope: 'read_subscriptions',
    versions: V2021_11,
    gate: PRO,
    summary: 'Retrieve a bundle selection',
    handle: (request) => ({
      body: {
        bundle_selection: serializeSelection(findSelection(request.store, pathId(request)), request.version),
      },
    }),
  },
  {
    method: 'POST',
    path: '/bundle_selections',
    scope: 'write_subscriptions',
    versions: V2021_11,
    gate: PRO,
    summary: 'Choose the contents of a bundle (answers 200, as the spec shows)',
    handle: (request) => {
      const selection = createSelection(request, parseWith(bundleSelectionSchemas().create, request.body));
      return { body: { bundle_selection: serializeSelection(selection, request.version) } };
    },
  },
  {
    method: 'PUT',
    path: '/bundle_selections/:id',
    scope: 'write_subscriptions',
    versions: V2021_11,
    gate: PRO,
    summary: 'Change the contents of a bundle',
    handle: (request) => {
      const id = pathId(request);
      findSelection(request.store, id);
      const selection = updateSelection(
        request,
        id,
        parseWith(bundleSelectionSchemas().update, request.body),
      );
      return { body: { bundle_selection: serializeSelection(selection, request.version) } };
    },
  },
  {
    method: 'DELETE',
    path: '/bundle_selections/:id',
    scope: 'write_subscriptions',
    versions: V2021_11,
    gate: PRO,
    summary: 'Delete a bundle selection',
    handle: (request) => {
      deleteSelection(request, pathId(request));
      return { status: 204 };
    },
  },
];
