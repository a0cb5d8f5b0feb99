/**
 * Synthetic samples for `POST /webhooks/{id}/test` when the store has no record of the topic's
 * kind yet (api-facts: the real service sends a sample payload whether or not the store has such a
 * record). A scratch store (the store's settings and clock, ids numbered on from the store's;
 * never registered, no webhooks, no journal) is given the few records the kind needs through the
 * API itself, in process, so the sample is a real record with consistent related records,
 * serialized in the webhook's version exactly like a real payload. The store itself is not
 * touched (decision 0019).
 */
import { domainObservers } from '../../domain/observers.js';
import { addDays } from '../../domain/dates.js';
import { inProcessClient, type ApiCall, type Invoke } from '../../http/in-process.js';
import { Random } from '../../platform/random.js';
import { SCOPES } from '../../store/scopes.js';
import { Store } from '../../store/store.js';
import type { TokenRecord } from '../../model/token.js';
import type { ApiVersion } from '../../model/versions.js';
import { newestOf, payloadOf } from './payloads.js';

type Recipe = (api: SampleApi) => Promise<void>;

/** The scratch store's API: each call must succeed, else the recipe stops with the API's answer. */
interface SampleApi {
  call(call: ApiCall): Promise<Record<string, unknown>>;
  readonly tomorrow: string;
  /** Added to emails and catalog ids, so recipes run again in one store make records of their own. */
  readonly suffix: string;
  /** Runs the scratch store's jobs up to the end of tomorrow (charges are paid, orders made). */
  advance(): Promise<void>;
}

const SAMPLE_VARIANT = 'sample-variant-1';

async function product(api: SampleApi, name = SAMPLE_VARIANT, extra: Record<string, unknown> = {}) {
  const variant = `${name}${api.suffix}`;
  const body = await api.call({
    method: 'POST',
    path: '/products',
    body: {
      external_product_id: `sample-${variant}`,
      title: 'Sample product',
      variants: [
        { external_variant_id: variant, title: 'Default', prices: { unit_price: '10.00' }, ...extra },
      ],
    },
  });
  return { ...(body.product as { external_product_id: string }), variant };
}

async function customer(api: SampleApi, card = false): Promise<number> {
  const body = await api.call({
    method: 'POST',
    path: '/customers',
    body: { email: `sample.customer${api.suffix}@example.com`, first_name: 'Sample', last_name: 'Customer' },
  });
  const id = (body.customer as { id: number }).id;
  if (card) {
    await api.call({
      method: 'POST',
      path: '/payment_methods',
      body: {
        customer_id: id,
        default: true,
        processor_name: 'stripe',
        processor_customer_token: 'cus_sample',
        processor_payment_method_token: 'tok_ok',
        payment_details: { brand: 'visa', exp_month: 12, exp_year: 2099, last4: '4242' },
      },
    });
  }
  return id;
}

async function address(api: SampleApi, card = false): Promise<number> {
  const customerId = await customer(api, card);
  const body = await api.call({
    method: 'POST',
    path: '/addresses',
    body: {
      customer_id: customerId,
      first_name: 'Sample',
      last_name: 'Customer',
      address1: '350 Fifth Avenue',
      city: 'New York',
      province: 'NY',
      zip: '10118',
      country_code: 'US',
      phone: '+12125550100',
    },
  });
  return (body.address as { id: number }).id;
}

async function subscription(
  api: SampleApi,
  card = false,
  variant = `${SAMPLE_VARIANT}${api.suffix}`,
): Promise<number> {
  const addressId = await address(api, card);
  const body = await api.call({
    method: 'POST',
    path: '/subscriptions',
    body: {
      address_id: addressId,
      next_charge_scheduled_at: api.tomorrow,
      charge_interval_frequency: 1,
      order_interval_frequency: 1,
      order_interval_unit: 'month',
      quantity: 1,
      external_variant_id: { ecommerce: variant },
      external_product_id: { ecommerce: `sample-${variant}` },
      product_title: 'Sample product',
      price: '10.00',
    },
  });
  return (body.subscription as { id: number }).id;
}

/** What each object type needs; its newest record is then the sample. */
const RECIPES: Readonly<Record<string, Recipe>> = {
  customer: async (api) => void (await customer(api)),
  address: async (api) => void (await address(api)),
  subscription: async (api) => void (await subscription(api)),
  charge: async (api) => void (await subscription(api)),
  order: async (api) => {
    await subscription(api, true);
    await api.advance();
  },
  onetime: async (api) => {
    const addressId = await address(api);
    await api.call({
      method: 'POST',
      path: '/onetimes',
      body: {
        address_id: addressId,
        next_charge_scheduled_at: api.tomorrow,
        quantity: 1,
        price: '10.00',
        product_title: 'Sample product',
        external_variant_id: { ecommerce: SAMPLE_VARIANT },
      },
    });
  },
  plan: async (api) => {
    const { external_product_id } = await product(api);
    await api.call({
      method: 'POST',
      path: '/plans',
      body: {
        external_product_id,
        type: 'subscription',
        title: 'Every month',
        subscription_preferences: {
          charge_interval_frequency: 1,
          order_interval_frequency: 1,
          interval_unit: 'month',
        },
      },
    });
  },
  async_batch: async (api) =>
    void (await api.call({
      method: 'POST',
      path: '/async_batches',
      body: { batch_type: 'discount_create' },
    })),
  checkout: async (api) => {
    const { variant } = await product(api);
    await api.call({
      method: 'POST',
      path: '/checkouts',
      body: { line_items: [{ variant_id: variant, quantity: 1 }] },
    });
  },
  bundle_selection: async (api) => {
    const bean = await product(api, 'sample-bean');
    const collection = await api.call({
      method: 'POST',
      path: '/collections',
      body: { title: 'Sample beans' },
    });
    const collectionId = (collection.collection as { id: number }).id;
    await api.call({
      method: 'POST',
      path: `/collections/${collectionId}/collection_products-bulk`,
      body: { collection_products: [{ external_product_id: bean.external_product_id }] },
    });
    const box = await product(api, 'sample-box', {
      bundle: { collection_ids: [collectionId], items_count: 1 },
    });
    const purchaseItemId = await subscription(api, false, box.variant);
    await api.call({
      method: 'POST',
      path: '/bundle_selections',
      body: {
        purchase_item_id: purchaseItemId,
        items: [
          {
            collection_id: collectionId,
            external_product_id: bean.external_product_id,
            external_variant_id: bean.variant,
            quantity: 1,
          },
        ],
      },
    });
  },
  gift_purchase: async (api) => {
    const subscriptionId = await subscription(api, true);
    await api.call({
      method: 'POST',
      path: '/subscriptions/skip_gift',
      body: {
        purchase_item_ids: [subscriptionId],
        recipient_address: {
          email: `sample.friend${api.suffix}@example.com`,
          first_name: 'Sample',
          last_name: 'Friend',
          address1: '1 Elm St',
          city: 'Austin',
          province: 'TX',
          zip: '73301',
          country_code: 'US',
        },
      },
    });
  },
};

/** Why a sample could not be made (the scratch store refused a step, e.g. a platform without checkouts). */
export class SampleUnavailable extends Error {}

/** A store like `store` with nothing in it, for samples only. */
function scratchOf(store: Store): { scratch: Store; token: TokenRecord } {
  const { settings } = store;
  const scratch = new Store({
    id: store.id,
    name: store.name,
    settings: {
      ...settings,
      journal_size: 0,
      write_latency_ms: 0,
      rate_limit: { ...settings.rate_limit, enabled: false },
    },
    clientSecret: store.clientSecret,
    brand: store.brand,
    random: new Random(store.id),
    clock: { now: store.clock.now(), mode: 'frozen' },
    jobKinds: store.scheduler.jobKinds,
    // Jobs follow charges (decision 0010); no webhooks, so nothing leaves the scratch store.
    observers: domainObservers,
    onChange: () => undefined,
  });
  scratch.continueIdsOf(store);
  const token: TokenRecord = {
    id: 0,
    token: 'sample',
    name: 'Sample',
    scopes: SCOPES,
    contact_email: null,
    created_at: scratch.now(),
  };
  scratch.tokens.push(token);
  return { scratch, token };
}

/** How `makeRecord` may act on the store it fills. */
export interface RecordOptions {
  /**
   * Whether it may move the store's clock (2 days, running the jobs due) when a kind needs a paid
   * charge (an order, a gift purchase's order): yes in a store made for the purpose, never in a
   * store someone else uses.
   */
  readonly advance: boolean;
}

/**
 * Makes a record of `objectType` in `store` through the API as `token` (in process, no HTTP, no
 * journal), with the few related records it needs, and answers its id; undefined when the kind has
 * no recipe. Throws SampleUnavailable when a step is refused (the store's settings, the token's
 * scopes) or the kind needs a clock move `options` does not allow. The events of the records fire
 * as for any API client.
 *
 * @example
 * const orderId = await makeRecord(store, store.tokens[0], 'order', { advance: true });
 */
export async function makeRecord(
  store: Store,
  token: TokenRecord,
  objectType: string,
  options: RecordOptions,
): Promise<number | undefined> {
  const recipe = RECIPES[objectType];
  if (!recipe) return undefined;
  // Loaded on first use: the endpoint table imports this module's importers.
  const { endpoints } = await import('../index.js');
  const invoke: Invoke = inProcessClient(endpoints, store, token);
  const tomorrow = addDays(store.today(), 1);
  const made = store.collections.customers.size + store.collections.products.size;
  await recipe({
    tomorrow,
    suffix: made === 0 ? '' : `-${made}`,
    call: async (call) => {
      const answer = await invoke({ version: '2021-11', ...call });
      if (answer.status >= 300)
        throw new SampleUnavailable(
          `${call.method} ${call.path} answered ${answer.status}: ${JSON.stringify(answer.body)}`,
        );
      return (answer.body ?? {}) as Record<string, unknown>;
    },
    advance: async () => {
      if (!options.advance)
        throw new SampleUnavailable(
          `this ${objectType} needs a paid charge, which needs the clock moved (a store in use is not moved)`,
        );
      await store.scheduler.advanceTo(store.clock.now() + 2 * 86_400_000, () => undefined);
    },
  });
  const id = newestOf(store, objectType);
  if (id === undefined) throw new SampleUnavailable(`no ${objectType} came of the sample's steps`);
  return id;
}

/**
 * The payload of a synthetic record of `objectType` in `version`, or undefined when the kind has
 * no recipe; throws SampleUnavailable when the store's settings refuse a step.
 *
 * @example
 * const payload = await syntheticPayload(store, 'order', '2021-11', []); // { order: {...} }
 */
export async function syntheticPayload(
  store: Store,
  objectType: string,
  version: ApiVersion,
  include: readonly string[],
): Promise<Record<string, unknown> | undefined> {
  if (!RECIPES[objectType]) return undefined;
  const { scratch, token } = scratchOf(store);
  const id = await makeRecord(scratch, token, objectType, { advance: true });
  return id === undefined ? undefined : payloadOf(scratch, objectType, id, version, include);
}
