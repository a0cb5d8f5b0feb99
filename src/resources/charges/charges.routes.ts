/** Charge endpoints of both versions (spec: Charges 2021-01 and 2021-11). */
import {
  applyChargeDiscount,
  changeChargeDate,
  findCharge,
  removeChargeDiscount,
  skipCharge,
  unskipCharge,
} from '../../domain/charges/charge-actions.js';
import { removeAddressDiscount } from '../../domain/addresses/address-actions.js';
import { processCharge } from '../../domain/charges/charge-processing.js';
import { captureCharge, chargeVisible, refundCharge } from '../../domain/charges/payments.js';
import { errors } from '../../errors/messages.js';
import { parseIncludes, withIncludes } from '../../http/list/include.js';
import { countResponse, listResponse } from '../../http/list/list.js';
import { pathId } from '../../http/params.js';
import type { ApiRequest, Endpoint } from '../../http/types.js';
import { parseWith } from '../../errors/validation.js';
import { discountSchemas } from '../discounts/discounts.schemas.js';
import { discountNamed } from '../../domain/discounts/discounts.service.js';
import type { Charge } from '../../model/charge.js';
import { CHARGE_COUNT_FILTERS, chargeIncludes, chargeList } from './charges.list.js';
import { chargeSchemas } from './charges.schemas.js';
import { chargeSerializers } from './charges.serializers.js';

const render = (request: ApiRequest, charge: Charge) => ({
  charge: chargeSerializers[request.version](charge, request.store),
});
const addressOfCharge = (request: ApiRequest) =>
  request.store.collections.charges.get(Number(request.params.id))?.address_id;

/** Items to skip or unskip: 2021-11 `purchase_item_ids`, 2021-01 `subscription_id(s)`. */
function selected(request: ApiRequest): { ids?: number[]; field: string } {
  const body = parseWith(chargeSchemas().skip, request.body);
  if (body.purchase_item_ids) return { ids: body.purchase_item_ids, field: 'purchase_item_ids' };
  if (body.subscription_ids) return { ids: body.subscription_ids, field: 'subscription_ids' };
  if (body.subscription_id !== undefined) return { ids: [body.subscription_id], field: 'subscription_id' };
  return { field: 'purchase_item_ids' };
}

/** A charge the API still shows (processed ones vanish after 90 days: spec, Errors 5). */
function visibleCharge(request: ApiRequest, id: number): Charge {
  const charge = findCharge(request.store, id);
  if (!chargeVisible(request.store, charge)) throw errors.notFound();
  return charge;
}

export const chargeEndpoints: readonly Endpoint[] = [
  {
    method: 'POST',
    path: '/charges/:id/process',
    scope: 'write_orders',
    gate: { plan: 'pro' },
    summary: 'Process a queued or error charge now (Pro plan)',
    locks: addressOfCharge,
    handle: (request) => {
      const id = pathId(request);
      visibleCharge(request, id);
      return { body: render(request, processCharge(request, id)) };
    },
  },
  {
    method: 'POST',
    path: '/charges/:id/capture_payment',
    scope: 'write_orders',
    gate: { plan: 'pro' },
    summary: 'Capture an authorized charge within 7 days of authorization (Pro plan, closed beta)',
    locks: addressOfCharge,
    handle: (request) => ({
      body: render(request, captureCharge(request, visibleCharge(request, pathId(request)))),
    }),
  },
  {
    method: 'POST',
    path: '/charges/:id/refund',
    scope: 'write_orders',
    summary: 'Refund part (amount) or all (full_refund) of a paid charge',
    locks: addressOfCharge,
    handle: (request) => {
      const charge = visibleCharge(request, pathId(request));
      const body = parseWith(chargeSchemas().refund, request.body);
      return { body: render(request, refundCharge(request, charge, body.amount, body.full_refund ?? false)) };
    },
  },
  {
    method: 'GET',
    path: '/charges',
    scope: 'read_orders',
    summary: 'List charges',
    handle: (request) =>
      listResponse(chargeList, request, [{ test: (charge) => chargeVisible(request.store, charge) }]),
  },
  {
    method: 'GET',
    path: '/charges/count',
    scope: 'read_orders',
    versions: ['2021-01'],
    summary: 'Count charges',
    handle: (request) =>
      countResponse(chargeList, request, CHARGE_COUNT_FILTERS, [
        { test: (charge) => chargeVisible(request.store, charge) },
      ]),
  },
  {
    method: 'GET',
    path: '/charges/:id',
    scope: 'read_orders',
    summary: 'Retrieve a charge',
    handle: (request) => {
      const charge = visibleCharge(request, pathId(request));
      const includes = parseIncludes(chargeIncludes, request.query.include, request.version);
      const body = chargeSerializers[request.version](charge, request.store);
      return { body: { charge: withIncludes(body, charge, includes, chargeIncludes, request) } };
    },
  },
  {
    method: 'POST',
    path: '/charges/:id/change_next_charge_date',
    scope: 'write_orders',
    versions: ['2021-01'],
    summary: 'Move a queued charge to another date (merges with a queued charge there)',
    locks: addressOfCharge,
    handle: (request) => {
      const id = pathId(request);
      findCharge(request.store, id);
      const { next_charge_date } = parseWith(chargeSchemas().changeDate, request.body);
      return { body: render(request, changeChargeDate(request, id, next_charge_date.slice(0, 10))) };
    },
  },
  {
    method: 'POST',
    path: '/charges/:id/skip',
    scope: 'write_orders',
    summary: 'Skip a queued charge, or some of its items; the next charge of each is queued',
    locks: addressOfCharge,
    handle: (request) => {
      const id = pathId(request);
      findCharge(request.store, id);
      const { ids, field } = selected(request);
      return { body: render(request, skipCharge(request, id, ids, field)) };
    },
  },
  {
    method: 'POST',
    path: '/charges/:id/unskip',
    scope: 'write_orders',
    summary: 'Unskip a skipped charge, or some of its items',
    locks: addressOfCharge,
    handle: (request) => {
      const id = pathId(request);
      findCharge(request.store, id);
      const { ids, field } = selected(request);
      return { body: render(request, unskipCharge(request, id, ids, field)) };
    },
  },
  {
    method: 'POST',
    path: '/charges/:id/apply_discount',
    scope: 'write_orders',
    summary: 'Apply a discount to a queued charge (lost when the charge is regenerated)',
    locks: addressOfCharge,
    handle: (request) => {
      const id = pathId(request);
      findCharge(request.store, id);
      const { discount, field } = discountNamed(
        request.store,
        parseWith(discountSchemas().applyDiscount, request.body),
      );
      return { body: render(request, applyChargeDiscount(request, id, discount, field)) };
    },
  },
  {
    method: 'POST',
    path: '/charges/:id/remove_discount',
    scope: 'write_orders',
    summary: 'Remove the charge discount, or with address_id the address discount',
    locks: addressOfCharge,
    handle: (request) => {
      const id = pathId(request);
      const charge = findCharge(request.store, id);
      const body = parseWith(chargeSchemas().removeDiscount, request.body);
      // Spec: with both ids, the address discount is removed.
      if (body.address_id !== undefined) {
        removeAddressDiscount(request, charge.address_id);
        return { body: render(request, findCharge(request.store, id)) };
      }
      return { body: render(request, removeChargeDiscount(request, id)) };
    },
  },
];
