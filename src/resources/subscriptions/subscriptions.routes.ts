/** Subscription endpoints of both versions (spec: Subscriptions; api-facts: Subscription record). */
import { parseIncludes, withIncludes } from '../../http/list/include.js';
import { countResponse, listResponse } from '../../http/list/list.js';
import { parseBooleanParam } from '../../http/list/params.js';
import { bodyId, pathId } from '../../http/params.js';
import type { ApiRequest, Endpoint } from '../../http/types.js';
import { parseWith } from '../../errors/validation.js';
import { errors } from '../../errors/messages.js';
import { skipAndGift } from '../../domain/subscriptions/skip-gift.js';
import { completeAddress } from '../addresses/addresses.schemas.js';
import { onetimeSerializers } from '../onetimes/onetimes.serializers.js';
import { createdResponse, deletedResponse } from '../responses.js';
import type { Subscription } from '../../model/subscription.js';
import { SUBSCRIPTION_COUNT_FILTERS, subscriptionIncludes, subscriptionList } from './subscriptions.list.js';
import { subscriptionSchemas } from './subscriptions.schemas.js';
import { subscriptionSerializers } from './subscriptions.serializers.js';
import {
  activateSubscription,
  changeAddress,
  createSubscription,
  deleteSubscription,
  endSubscription,
  findSubscription,
  setNextChargeDate,
  updateSubscription,
} from '../../domain/subscriptions/subscriptions.service.js';

const render = (request: ApiRequest, subscription: Subscription) => ({
  subscription: subscriptionSerializers[request.version](subscription, request.store),
});

/** The address a subscription write edits (for the concurrent-edit lock). */
const addressOfPathSubscription = (request: ApiRequest) =>
  request.store.collections.subscriptions.get(Number(request.params.id))?.address_id;

/** `commit_update=false` (2021-01) or `commit=false` defers the rebuild of queued charges. */
function commitOf(request: ApiRequest): boolean {
  const raw = request.query.commit_update ?? request.query.commit;
  return raw === undefined
    ? true
    : parseBooleanParam(request.query.commit_update !== undefined ? 'commit_update' : 'commit', raw);
}

export const subscriptionEndpoints: readonly Endpoint[] = [
  {
    method: 'POST',
    path: '/subscriptions/skip_gift',
    scope: 'write_subscriptions',
    versions: ['2021-11'],
    summary: "Skip subscriptions' next charge and send the products to a recipient as free one-time items",
    handle: (request) => {
      const { purchase_item_ids, recipient_address: r } = parseWith(subscriptionSchemas().gift, request.body);
      const address = completeAddress({ ...r, phone: r.phone ?? null });
      const onetimes = skipAndGift(request, purchase_item_ids, {
        email: r.email,
        first_name: r.first_name,
        last_name: r.last_name,
        address,
      });
      return { body: { onetimes: onetimes.map((onetime) => onetimeSerializers[request.version](onetime)) } };
    },
  },
  {
    method: 'POST',
    path: '/subscriptions',
    scope: 'write_subscriptions',
    summary: 'Create a subscription',
    locks: (request) => bodyId(request, 'address_id'),
    handle: (request) => {
      const input = parseWith(subscriptionSchemas()[request.version].create, request.body);
      const subscription = createSubscription(
        request,
        input.address_id,
        input.next_charge_scheduled_at,
        input.fields,
      );
      return createdResponse(request.routeVersion, render(request, subscription));
    },
  },
  {
    method: 'GET',
    path: '/subscriptions',
    scope: 'read_subscriptions',
    summary: 'List subscriptions',
    handle: (request) => listResponse(subscriptionList, request),
  },
  {
    method: 'GET',
    path: '/subscriptions/count',
    scope: 'read_subscriptions',
    versions: ['2021-01'],
    summary: 'Count subscriptions',
    handle: (request) => countResponse(subscriptionList, request, SUBSCRIPTION_COUNT_FILTERS),
  },
  {
    method: 'GET',
    path: '/subscriptions/:id',
    scope: 'read_subscriptions',
    summary: 'Retrieve a subscription',
    handle: (request) => {
      const subscription = findSubscription(request.store, pathId(request));
      const includes = parseIncludes(subscriptionIncludes, request.query.include, request.version);
      const body = subscriptionSerializers[request.version](subscription, request.store);
      return {
        body: { subscription: withIncludes(body, subscription, includes, subscriptionIncludes, request) },
      };
    },
  },
  {
    method: 'PUT',
    path: '/subscriptions/:id',
    scope: 'write_subscriptions',
    summary: 'Update a subscription (commit_update=false defers the charge rebuild by 5 s)',
    locks: addressOfPathSubscription,
    handle: (request) => {
      const id = pathId(request);
      findSubscription(request.store, id);
      const commit = commitOf(request);
      const change = parseWith(subscriptionSchemas()[request.version].update, request.body);
      // The real service refuses a new unit without both frequencies (api-facts, recorded responses).
      if (
        change.order_interval_unit !== undefined &&
        (change.charge_interval_frequency === undefined || change.order_interval_frequency === undefined)
      )
        throw errors.intervalUnitWithoutFrequencies();
      return { body: render(request, updateSubscription(request, id, change, commit)) };
    },
  },
  {
    method: 'DELETE',
    path: '/subscriptions/:id',
    scope: 'write_subscriptions',
    summary: 'Delete a subscription',
    locks: addressOfPathSubscription,
    handle: (request) => {
      deleteSubscription(request, pathId(request));
      return deletedResponse(request.routeVersion);
    },
  },
  {
    method: 'POST',
    path: '/subscriptions/:id/set_next_charge_date',
    scope: 'write_subscriptions',
    summary: 'Move the next charge date (merges with a queued charge on that date)',
    locks: addressOfPathSubscription,
    handle: (request) => {
      const id = pathId(request);
      findSubscription(request.store, id);
      const { date } = parseWith(subscriptionSchemas().setNextChargeDate, request.body);
      return { body: render(request, setNextChargeDate(request, id, date)) };
    },
  },
  {
    method: 'POST',
    path: '/subscriptions/:id/change_address',
    scope: 'write_subscriptions',
    summary: 'Move a subscription to another address of its customer',
    locks: addressOfPathSubscription,
    handle: (request) => {
      const id = pathId(request);
      findSubscription(request.store, id);
      const body = parseWith(subscriptionSchemas().changeAddress, request.body);
      return {
        body: render(request, changeAddress(request, id, body.address_id, body.next_charge_scheduled_at)),
      };
    },
  },
  {
    method: 'POST',
    path: '/subscriptions/:id/cancel',
    scope: 'write_subscriptions',
    summary: 'Cancel a subscription',
    locks: addressOfPathSubscription,
    handle: (request) => {
      const id = pathId(request);
      findSubscription(request.store, id);
      const body = parseWith(subscriptionSchemas().cancel, request.body);
      const subscription = endSubscription(request, id, {
        status: 'cancelled',
        reason: body.cancellation_reason,
        comments: body.cancellation_reason_comments ?? null,
      });
      return { body: render(request, subscription) };
    },
  },
  {
    method: 'POST',
    path: '/subscriptions/:id/activate',
    scope: 'write_subscriptions',
    summary: 'Reactivate a cancelled or expired subscription',
    locks: addressOfPathSubscription,
    handle: (request) => ({ body: render(request, activateSubscription(request, pathId(request))) }),
  },
];
