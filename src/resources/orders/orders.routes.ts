/** Order endpoints of both versions (spec: Orders 2021-11 paths; api-facts: Order record). */
import {
  dayFilter,
  enumFilter,
  idsFilter,
  indexedIntegerFilter,
  indexedStringFilter,
  maxTimeFilter,
  minTimeFilter,
  timestampFilters,
} from '../../http/list/filters.js';
import type { IncludeSpec } from '../../http/list/include.js';
import { parseIncludes, withIncludes } from '../../http/list/include.js';
import { countResponse, listResponse, type ListSpec } from '../../http/list/list.js';
import { pathId } from '../../http/params.js';
import type { ApiRequest, Endpoint } from '../../http/types.js';
import { parseWith } from '../../errors/validation.js';
import type { Store } from '../../store/store.js';
import { customerSerializers } from '../customers/customers.serializers.js';
import { metafieldSerializer } from '../metafields/metafields.serializers.js';
import { createdResponse, deletedResponse } from '../responses.js';
import { subscriptionSerializers } from '../subscriptions/subscriptions.serializers.js';
import { ORDER_STATUSES, type Order } from '../../model/order.js';
import { orderSchemas } from './orders.schemas.js';
import { orderSerializers } from './orders.serializers.js';
import {
  changeOrderDate,
  cloneOrderOfPaidCharge,
  swapOrderVariant,
} from '../../domain/orders/order-actions.js';
import { errors } from '../../errors/messages.js';
import {
  cloneOrder,
  delayOrder,
  deleteOrder,
  findOrder,
  updateOrder,
} from '../../domain/orders/orders.service.js';

const orders = (store: Store) => store.collections.orders;

export const orderIncludes: IncludeSpec<Order> = {
  allowed: {
    '2021-01': ['customer', 'metafields', 'subscriptions'],
    '2021-11': ['customer', 'metafields', 'subscriptions'],
  },
  resolve: (order, name, { store, version }) => {
    if (name === 'customer') {
      const customer = store.collections.customers.get(order.customer_id);
      return customer ? customerSerializers[version](customer, store) : null;
    }
    if (name === 'metafields') {
      return store.collections.metafields
        .findBy('owner', `order:${order.id}`)
        .map((m) => metafieldSerializer(m, version));
    }
    return order.line_items.flatMap((line) => {
      const subscription = store.collections.subscriptions.get(line.purchase_item_id);
      return subscription ? [subscriptionSerializers[version](subscription, store)] : [];
    });
  },
};

const byItem = indexedIntegerFilter(orders, 'purchase_item_id');
const byExternalId = indexedStringFilter(orders, 'external_order_id');

const orderList: ListSpec<Order> = {
  name: 'orders',
  collection: orders,
  filters: {
    ids: idsFilter(),
    address_id: indexedIntegerFilter(orders, 'address_id'),
    customer_id: indexedIntegerFilter(orders, 'customer_id'),
    charge_id: indexedIntegerFilter(orders, 'charge_id'),
    subscription_id: byItem,
    purchase_item_id: byItem,
    external_order_id: byExternalId,
    platform_order_id: byExternalId,
    status: enumFilter(ORDER_STATUSES, (o) => o.status),
    scheduled_at_min: dayFilter((o) => o.scheduled_at, 'min'),
    scheduled_at_max: dayFilter((o) => o.scheduled_at, 'max'),
    processed_at_min: minTimeFilter((o) => o.processed_at),
    processed_at_max: maxTimeFilter((o) => o.processed_at),
    ...timestampFilters<Order>(),
  },
  sorts: {
    created_at: (o) => o.created_at,
    updated_at: (o) => o.updated_at,
    processed_at: (o) => o.processed_at ?? '',
    scheduled_at: (o) => o.scheduled_at,
    // 2021-01 names.
    shipped_date: (o) => o.processed_at ?? '',
    shipping_date: (o) => o.scheduled_at,
  },
  defaultSort: 'id-desc',
  serialize: (order, { store, version }) => orderSerializers[version](order, store),
  includes: orderIncludes,
};

const COUNT_FILTERS = [
  'address_id',
  'charge_id',
  'customer_id',
  'status',
  'subscription_id',
  'scheduled_at_min',
  'scheduled_at_max',
  'created_at_min',
  'created_at_max',
  'updated_at_min',
  'updated_at_max',
];

const render = (request: ApiRequest, order: Order) => ({
  order: orderSerializers[request.version](order, request.store),
});
const addressOf = (request: ApiRequest) =>
  request.store.collections.orders.get(Number(request.params.id))?.address_id;

export const orderEndpoints: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/orders',
    scope: 'read_orders',
    summary: 'List orders',
    handle: (request) => listResponse(orderList, request),
  },
  {
    method: 'GET',
    path: '/orders/count',
    scope: 'read_orders',
    versions: ['2021-01'],
    summary: 'Count orders',
    handle: (request) => countResponse(orderList, request, COUNT_FILTERS),
  },
  {
    method: 'GET',
    path: '/orders/:id',
    scope: 'read_orders',
    summary: 'Retrieve an order',
    handle: (request) => {
      const order = findOrder(request.store, pathId(request));
      const includes = parseIncludes(orderIncludes, request.query.include, request.version);
      return {
        body: {
          order: withIncludes(
            orderSerializers[request.version](order, request.store),
            order,
            includes,
            orderIncludes,
            request,
          ),
        },
      };
    },
  },
  {
    method: 'PUT',
    path: '/orders/:id',
    scope: 'write_orders',
    summary: 'Update an order (shipping address, note, attributes; the date of a queued one)',
    locks: addressOf,
    handle: (request) => {
      const id = pathId(request);
      findOrder(request.store, id);
      return {
        body: render(request, updateOrder(request, id, parseWith(orderSchemas().update, request.body))),
      };
    },
  },
  {
    method: 'DELETE',
    path: '/orders/:id',
    scope: 'write_orders',
    summary: 'Delete a queued order',
    locks: addressOf,
    handle: (request) => {
      deleteOrder(request, pathId(request));
      return deletedResponse(request.routeVersion);
    },
  },
  {
    method: 'POST',
    path: '/orders/:id/clone',
    scope: 'write_orders',
    summary: 'Copy an order into a new queued order on scheduled_at',
    locks: addressOf,
    handle: (request) => {
      const id = pathId(request);
      findOrder(request.store, id);
      const { scheduled_at } = parseWith(orderSchemas().clone, request.body);
      return createdResponse(request.routeVersion, render(request, cloneOrder(request, id, scheduled_at)));
    },
  },
  {
    method: 'POST',
    path: '/orders/:id/delay',
    scope: 'write_orders',
    summary: 'Move a queued prepaid order later (to scheduled_at, or one order interval on)',
    locks: addressOf,
    handle: (request) => {
      const id = pathId(request);
      findOrder(request.store, id);
      const { scheduled_at } = parseWith(orderSchemas().delay, request.body);
      return { body: render(request, delayOrder(request, id, scheduled_at)) };
    },
  },
  // 2021-01 actions four published clients call (api-facts: "Live evidence, wave 3").
  {
    method: 'POST',
    path: '/orders/:id/change_date',
    scope: 'write_orders',
    versions: ['2021-01'],
    summary: 'Move a queued order to `shipping_date` (2021-01)',
    locks: addressOf,
    handle: (request) => {
      const { shipping_date } = parseWith(orderSchemas().changeDate, request.body);
      return {
        body: render(request, changeOrderDate(request, pathId(request), shipping_date, 'shipping_date')),
      };
    },
  },
  {
    method: 'POST',
    path: '/orders/clone_order_on_success_charge/:id/charge/:charge_id',
    scope: 'write_orders',
    versions: ['2021-01'],
    summary: 'Clone an order of a successful charge into a queued order on `scheduled_at` (2021-01)',
    locks: addressOf,
    handle: (request) => {
      const { scheduled_at } = parseWith(orderSchemas().clone, request.body);
      const chargeId = pathId(request, 'charge_id');
      const order = cloneOrderOfPaidCharge(request, pathId(request), chargeId, scheduled_at);
      return createdResponse(request.routeVersion, render(request, order));
    },
  },
  // POST as the Ruby client sends it (api-facts), PUT as a published Python client does.
  ...(['POST', 'PUT'] as const).map((method): Endpoint => ({
    method,
    // The action names the platform: `update_platform_variant`, `update_shopify_variant` with the
    // store's word (`--platform-word`); the neutral name works in every store, as fields do.
    path: '/orders/:id/:update_variant/:old_variant_id',
    scope: 'write_orders',
    versions: ['2021-01'],
    summary:
      "Swap a queued order's line from one variant to `new_<word>_variant_id` (2021-01; the action is `update_<word>_variant`)",
    locks: addressOf,
    handle: (request) => {
      const action = request.params.update_variant;
      const word = request.store.settings.platform_word;
      if (action !== 'update_platform_variant' && action !== `update_${word}_variant`)
        throw errors.notFound();
      const { new_platform_variant_id } = parseWith(orderSchemas().swapVariant, request.body);
      const order = swapOrderVariant(
        request,
        pathId(request),
        request.params.old_variant_id ?? '',
        new_platform_variant_id,
        'new_platform_variant_id',
      );
      return { body: render(request, order) };
    },
  })),
];
