/**
 * Webhook payloads: the resource as `GET /<resource>/{id}` returns it, in the webhook's version,
 * with the webhook's `included_objects` under `include` (as `?include=` gives them). A deleted
 * record is announced by its id.
 */
import type { IncludeSpec } from '../../http/list/include.js';
import { withIncludes } from '../../http/list/include.js';
import { dialectOf } from '../../http/dialect.js';
import type { EventRecord } from '../../model/event.js';
import type { Webhook } from '../../model/webhook.js';
import { addressIncludes } from '../addresses/addresses.list.js';
import { serializeBatch } from '../async-batches/async-batches.serializers.js';
import { addressSerializers } from '../addresses/addresses.serializers.js';
import { serializeSelection } from '../bundle-selections/bundle-selections.serializers.js';
import { chargeIncludes } from '../charges/charges.list.js';
import { chargeSerializers } from '../charges/charges.serializers.js';
import { serializeCheckout } from '../checkouts/checkouts.serializers.js';
import { customerIncludes } from '../customers/customers.list.js';
import { customerSerializers } from '../customers/customers.serializers.js';
import { onetimeSerializers } from '../onetimes/onetimes.serializers.js';
import { orderIncludes } from '../orders/orders.routes.js';
import { orderSerializers } from '../orders/orders.serializers.js';
import { serializePlan } from '../plans/plans.serializers.js';
import { serializeStore } from '../store/store.serializers.js';
import { subscriptionIncludes } from '../subscriptions/subscriptions.list.js';
import { subscriptionSerializers } from '../subscriptions/subscriptions.serializers.js';
import { timestamp } from '../serialize.js';
import type { Collection } from '../../platform/persistence/collection.js';
import type { CollectionName, RecordOf } from '../../store/collections.js';
import type { Store } from '../../store/store.js';
import type { ApiVersion } from '../../model/versions.js';

interface PayloadSpec {
  /** Key of the record in the payload (`subscription`). */
  readonly key: string;
  /** The record's current form, or undefined when it no longer exists (checkouts: by token). */
  readonly render: (
    store: Store,
    id: number | string,
    version: ApiVersion,
    include: readonly string[],
  ) => unknown;
  /** The newest record's id (a test delivery's sample), if any. */
  readonly newest: (store: Store) => number | undefined;
}

/** The payload of a record kept in a collection, as `GET /<resource>/{id}?include=` shows it. */
function resource<N extends CollectionName>(
  collection: N,
  key: string,
  serialize: (row: RecordOf<N>, store: Store, version: ApiVersion) => unknown,
  includes?: IncludeSpec<RecordOf<N>>,
): PayloadSpec {
  const rows = (store: Store) => store.collections[collection] as unknown as Collection<RecordOf<N>>;
  return {
    key,
    render: (store, id, version, include) => {
      const row = rows(store).get(Number(id));
      if (row === undefined) return undefined;
      const body = serialize(row, store, version);
      return includes ? withIncludes(body, row, include, includes, { store, version }) : body;
    },
    newest: (store) => rows(store).ids().at(-1),
  };
}

/** The store's own payload (`store/updated`, `app/uninstalled`, `service/uninstalled`). */
const storePayload: PayloadSpec = {
  key: 'store',
  render: (store, _id, version) => serializeStore(store, version),
  newest: (store) => store.id,
};

/** Payload of each event object type that has webhook topics. */
export const PAYLOADS: Readonly<Record<string, PayloadSpec>> = {
  address: resource('addresses', 'address', (r, s, v) => addressSerializers[v](r, s), addressIncludes),
  async_batch: resource('async_batches', 'async_batch', (r, _s, v) => serializeBatch(r, v)),
  bundle_selection: resource('bundle_selections', 'bundle_selection', (r, _s, v) => serializeSelection(r, v)),
  charge: resource('charges', 'charge', (r, s, v) => chargeSerializers[v](r, s), chargeIncludes),
  // Checkouts are named by token in events; a test delivery's sample names one by id.
  checkout: {
    key: 'checkout',
    render: (store, id, version) => {
      const checkouts = store.collections.checkouts;
      const checkout = typeof id === 'number' ? checkouts.get(id) : checkouts.findOne('token', id);
      return checkout && serializeCheckout(checkout, version);
    },
    newest: (store) => store.collections.checkouts.ids().at(-1),
  },
  customer: resource('customers', 'customer', (r, s, v) => customerSerializers[v](r, s), customerIncludes),
  gift_purchase: resource('gift_purchases', 'gift_purchase', (r, _s, v) => ({
    ...r,
    redeemed_at: r.redeemed_at && timestamp(v, r.redeemed_at),
    created_at: timestamp(v, r.created_at),
    updated_at: timestamp(v, r.updated_at),
  })),
  onetime: resource('onetimes', 'onetime', (r, _s, v) => onetimeSerializers[v](r)),
  order: resource('orders', 'order', (r, s, v) => orderSerializers[v](r, s), orderIncludes),
  plan: resource('plans', 'plan', (r, _s, v) => serializePlan(r, v)),
  subscription: resource(
    'subscriptions',
    'subscription',
    (r, s, v) => subscriptionSerializers[v](r, s),
    subscriptionIncludes,
  ),
  store: storePayload,
  app: storePayload,
  service: storePayload,
};

/** The payload of an event for a webhook; a deleted (or unknown) record is announced by its id. */
export function payloadOf(
  store: Store,
  objectType: string,
  objectId: number | string,
  version: ApiVersion,
  include: readonly string[],
): Record<string, unknown> {
  const spec = PAYLOADS[objectType];
  const key = spec?.key ?? objectType;
  const record = spec?.render(store, objectId, version, include);
  return { [key]: record ?? { id: objectId } };
}

/** The newest record of an object type (a test delivery's sample), if any. */
export function newestOf(store: Store, objectType: string): number | undefined {
  return PAYLOADS[objectType]?.newest(store);
}

/** The exact bytes sent for a payload: the record in the store's words (src/http/dialect.ts). */
export function payloadBody(store: Store, payload: unknown): string {
  return JSON.stringify(dialectOf(store).write(payload));
}

/**
 * The body a webhook is sent for an event (the dispatcher's `render`).
 *
 * @example
 * deliverWebhooks({ headers, userAgent, render: eventBody });
 */
export function eventBody(store: Store, webhook: Webhook, event: EventRecord): string {
  const payload = payloadOf(
    store,
    event.object_type,
    event.object_id,
    webhook.api_version,
    webhook.included_objects,
  );
  return payloadBody(store, payload);
}
