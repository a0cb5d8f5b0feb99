/**
 * Customers and charges list pages are joined from texts kept per record while nothing they show
 * has changed (decision 0053). This interleaves writes of every kind that feeds their records (the
 * customer, its addresses, subscriptions, cards and charges, the products of the charges' lines, a
 * clock advance that bills and dunns, a settings change, the dialect, a snapshot restored, a
 * refused write) with list calls in both versions, and compares every answer, byte for byte with
 * its `Link` header, with the answer the list gives when it serializes every record afresh.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dialectOf } from '../../src/http/dialect.js';
import { endpointRequest } from '../../src/http/endpoint-request.js';
import { JsonText } from '../../src/http/json-text.js';
import { listResponse } from '../../src/http/list/list.js';
import type { ApiVersion } from '../../src/model/versions.js';
import { chargeList } from '../../src/resources/charges/charges.list.js';
import { customerList } from '../../src/resources/customers/customers.list.js';
import { authenticated } from '../../src/store/registry.js';
import type { Store } from '../../src/store/store.js';
import { productBody } from '../helpers/catalog.js';
import { useEmulator, type TestStore } from '../helpers/emulator.js';
import {
  addCard,
  addressBody2021_11,
  createCustomer,
  createCustomerWithAddress,
  subscriptionBody,
} from '../helpers/factories.js';

const stores = new Map<number, Store>();
const { store: newStore } = useEmulator({ observers: [(store) => void stores.set(store.id, store)] });

/** The lists as they are without kept texts: every record serialized for every answer. */
const { keepsTexts: _customers, ...customersAfresh } = customerList;
const { keepsTexts: _charges, ...chargesAfresh } = chargeList;

/** The answer (text and `Link`) a list of `query` gives without kept texts, as the router sends it. */
function expected(s: TestStore, version: ApiVersion, { path, query }: ListCall) {
  const store = stores.get(s.storeId);
  const token = store?.tokens.find((t) => t.token === s.token);
  if (!store || !token) throw new Error('store not found');
  const request = endpointRequest({
    identity: { auth: authenticated(store, token), version },
    params: {},
    query,
    body: {},
    path,
    origin: () => new URL(s.api.baseUrl).origin,
  });
  const answer =
    path === '/customers' ? listResponse(customersAfresh, request) : listResponse(chargesAfresh, request);
  const response = dialectOf(store).writeResponse(answer);
  expect(response.body).not.toBeInstanceOf(JsonText);
  return { text: JSON.stringify(response.body), link: response.headers?.Link ?? null };
}

interface ListCall {
  readonly path: '/customers' | '/charges';
  readonly query: Record<string, string>;
}

/** Most show every record of the store (a write to any of them shows), a few page. */
const QUERIES: readonly ListCall[] = (
  [
    {},
    { limit: '50', created_at_min: '2000-01-01T00:00:00Z', updated_at_max: '2100-01-01', sort_by: 'id-desc' },
    { sort_by: 'updated_at-desc' },
    { sort_by: 'created_at-asc', status: 'ACTIVE' },
    { status: 'INACTIVE' },
    { limit: '2', sort_by: 'id-asc' },
    { limit: '2', page: '2' },
  ] as Record<string, string>[]
)
  .map((query): ListCall => ({ path: '/customers', query }))
  .concat(
    (
      [
        { limit: '250' },
        { status: 'queued,error', sort_by: 'scheduled_at-asc' },
        { status: 'success', sort_by: 'updated_at-desc' },
        { limit: '2', sort_by: 'id-desc' },
        { updated_at_min: '2025-01-01T00:00:00Z' },
      ] as Record<string, string>[]
    ).map((query): ListCall => ({ path: '/charges', query })),
  );

type Step =
  | { readonly kind: 'list'; readonly query: number; readonly version: ApiVersion; readonly twice: boolean }
  | { readonly kind: 'customer' }
  | { readonly kind: 'rename'; readonly pick: number }
  | { readonly kind: 'delete'; readonly pick: number }
  | { readonly kind: 'subscribe'; readonly pick: number; readonly card: 'tok_ok' | 'tok_declined' | null }
  | { readonly kind: 'cancel'; readonly pick: number }
  | { readonly kind: 'advance'; readonly days: number }
  | { readonly kind: 'settings'; readonly word: 'platform' | 'shopify'; readonly timezone: string }
  | { readonly kind: 'snapshot' }
  | { readonly kind: 'restore' }
  | { readonly kind: 'refused' }
  | { readonly kind: 'product' };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('list' as const),
      query: fc.nat(QUERIES.length - 1),
      version: fc.constantFrom<ApiVersion>('2021-11', '2021-01'),
      twice: fc.boolean(),
    }),
    weight: 4,
  },
  fc.constant({ kind: 'customer' as const }),
  fc.record({ kind: fc.constant('rename' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('subscribe' as const),
    pick: fc.nat(),
    card: fc.constantFrom<'tok_ok' | 'tok_declined' | null>('tok_ok', 'tok_declined', null),
  }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('advance' as const), days: fc.integer({ min: 1, max: 40 }) }),
  fc.record({
    kind: fc.constant('settings' as const),
    word: fc.constantFrom('platform' as const, 'shopify' as const),
    // A failed charge's retry_date is the start of its day in the store's time zone.
    timezone: fc.constantFrom('UTC', 'America/New_York', 'Asia/Tokyo'),
  }),
  fc.constant({ kind: 'snapshot' as const }),
  fc.constant({ kind: 'restore' as const }),
  fc.constant({ kind: 'refused' as const }),
  fc.constant({ kind: 'product' as const }),
);

const LIST_CUSTOMERS: Step = { kind: 'list', query: 0, version: '2021-11', twice: false };
const LIST_CHARGES: Step = { kind: 'list', query: 7, version: '2021-11', twice: false };
const SUBSCRIBE: Step = { kind: 'subscribe', pick: 1, card: 'tok_ok' };

describe('list pages joined from kept texts', () => {
  it('answer as the list serializing every record afresh, through writes of every kind', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        const s = await newStore();
        const customers: number[] = [];
        const subscriptions: number[] = [];
        // The ids the saved snapshot holds, put back with it.
        let saved: { customers: number[]; subscriptions: number[]; images: number } | null = null;
        let images = 0;
        for (let i = 0; i < 3; i++) customers.push((await createCustomer(s.api)).id);
        const pick = (n: number) => customers[n % customers.length];
        for (const st of steps) {
          switch (st.kind) {
            case 'list': {
              const call = QUERIES[st.query] ?? { path: '/customers', query: {} };
              for (let round = 0; round < (st.twice ? 2 : 1); round++) {
                const reply = await s.api.get(call.path, { query: call.query, version: st.version });
                const want = expected(s, st.version, call);
                expect(reply.text).toBe(want.text);
                expect(reply.headers.get('link')).toBe(want.link);
              }
              break;
            }
            case 'customer': {
              const { customerId } = await createCustomerWithAddress(s.api);
              customers.push(customerId);
              break;
            }
            case 'rename': {
              const id = pick(st.pick);
              if (id !== undefined) await s.api.put(`/customers/${id}`, { first_name: `Renamed ${st.pick}` });
              break;
            }
            case 'delete': {
              const id = pick(st.pick);
              if (id !== undefined && (await s.api.delete(`/customers/${id}`)).status < 300)
                customers.splice(customers.indexOf(id), 1);
              break;
            }
            case 'subscribe': {
              const id = pick(st.pick);
              if (id === undefined) break;
              const address = await s.api.post('/addresses', addressBody2021_11(id));
              if (address.status !== 201) throw new Error(`address: ${address.text}`);
              if (st.card) await addCard(s.api, id, st.card);
              // Charged the day after the store's today, so the next advance bills it.
              const { now } = await s.control.clock();
              const tomorrow = new Date(Date.parse(now) + 86_400_000).toISOString().slice(0, 10);
              const sub = await s.api.post(
                '/subscriptions',
                subscriptionBody(address.body.address.id, { next_charge_scheduled_at: tomorrow }),
              );
              if (sub.status !== 201) throw new Error(`subscription: ${sub.text}`);
              subscriptions.push(sub.body.subscription.id);
              break;
            }
            case 'cancel': {
              const id = subscriptions[st.pick % Math.max(1, subscriptions.length)];
              if (id !== undefined)
                await s.api.post(`/subscriptions/${id}/cancel`, { cancellation_reason: 'too much coffee' });
              break;
            }
            case 'advance':
              await s.control.advanceClock({ days: st.days });
              break;
            case 'settings':
              await s.control.updateSettings({ platform_word: st.word, timezone: st.timezone });
              break;
            case 'snapshot':
              await s.control.saveSnapshot('kept');
              saved = { customers: [...customers], subscriptions: [...subscriptions], images };
              break;
            case 'restore':
              if (saved) {
                await s.control.restoreNamedSnapshot('kept');
                customers.splice(0, customers.length, ...saved.customers);
                subscriptions.splice(0, subscriptions.length, ...saved.subscriptions);
                images = saved.images;
              }
              break;
            case 'product': {
              // The subscriptions' variant, made then given another image: their charges' lines show it.
              images += 1;
              const image = [{ src: `https://cdn.example/coffee-${images}.png`, sort_order: 1 }];
              const product =
                images === 1
                  ? await s.api.post(
                      '/products',
                      productBody({
                        external_product_id: 'coffee',
                        images: image,
                        variants: [
                          {
                            external_variant_id: 'var-coffee-1kg',
                            title: '1 kg',
                            prices: { unit_price: '20.00' },
                          },
                        ],
                      }),
                    )
                  : await s.api.put('/products/coffee', { images: image });
              if (product.status >= 300) throw new Error(`product: ${product.text}`);
              break;
            }
            case 'refused': {
              // A customer with an email taken: refused, nothing written.
              const first = pick(0);
              const taken = first === undefined ? null : await s.api.get(`/customers/${first}`);
              if (taken?.status === 200) await s.api.post('/customers', { email: taken.body.customer.email });
              break;
            }
          }
        }
      }),
      {
        numRuns: 40,
        // Each a write whose only trace is a fact another record feeds, between two lists.
        examples: [
          [[SUBSCRIBE, LIST_CUSTOMERS, { kind: 'subscribe', pick: 0, card: 'tok_ok' }, LIST_CUSTOMERS]],
          [[SUBSCRIBE, LIST_CHARGES, { kind: 'product' }, LIST_CHARGES]],
          [
            [
              { kind: 'subscribe', pick: 0, card: 'tok_declined' },
              { kind: 'advance', days: 2 },
              LIST_CHARGES,
              { kind: 'settings', word: 'platform', timezone: 'Asia/Tokyo' },
              LIST_CHARGES,
            ],
          ],
        ],
      },
    );
  }, 120_000);
});
