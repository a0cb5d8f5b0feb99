/**
 * Every record the API answers, read over HTTP from a store holding every kind of record in the
 * states whose shapes differ, matches the record tables (src/resources/shapes/) in both versions:
 * no field missing, none extra, none of another kind. Once with the spec's neutral words and once
 * as the real service speaks (`--platform-word shopify --header-prefix Recharge`), where the tables'
 * names are read through the store's dialect. Every GET endpoint is read, so a new one cannot
 * answer records nobody checks.
 */
import { describe, expect, it } from 'vitest';
import { dialectOf, type Dialect } from '../../src/http/dialect.js';
import { endpoints } from '../../src/resources/index.js';
import { RECORD_SHAPES, type RecordName } from '../../src/resources/shapes/index.js';
import { kindProblems, type Field, type Kind } from '../../src/resources/shapes/kinds.js';
import { brandOf } from '../../src/store/dialect-settings.js';
import { completeSettings, storeSettingsSchema } from '../../src/store/settings.js';
import type { ApiVersion } from '../../src/model/versions.js';
import type { Api, Json } from '../helpers/api.js';
import { useEmulator, type TestStore } from '../helpers/emulator.js';
import { seedZoo, ZOO_SETTINGS, type Zoo } from '../helpers/record-zoo.js';

/** One read: the path, where the records sit in the answer (`.` for the whole body), their table. */
type Reading = readonly [path: string, key: string, record: RecordName];

function readings(zoo: Zoo, version: ApiVersion): Reading[] {
  const both: Reading[] = [
    ['/customers', 'customers', 'customer'],
    [`/customers/${zoo.customerId}`, 'customer', 'customer'],
    [`/customers/${zoo.legacyCustomerId}`, 'customer', 'customer'],
    ['/addresses', 'addresses', 'address'],
    [`/addresses/${zoo.addressId}`, 'address', 'address'],
    ['/subscriptions', 'subscriptions', 'subscription'],
    ['/onetimes', 'onetimes', 'onetime'],
    ['/charges', 'charges', 'charge'],
    ['/orders', 'orders', 'order'],
    ['/discounts', 'discounts', 'discount'],
    [`/discounts/${zoo.discountId}`, 'discount', 'discount'],
    ['/metafields?owner_resource=customer', 'metafields', 'metafield'],
    [`/metafields/${zoo.metafieldId}`, 'metafield', 'metafield'],
    ['/products', 'products', 'product'],
    ['/webhooks', 'webhooks', 'webhook'],
    ['/events', 'events', 'event'],
    ['/async_batches', 'async_batches', 'async_batch'],
    [`/async_batches/${zoo.batchId}`, 'async_batch', 'async_batch'],
    [`/async_batches/${zoo.batchId}/tasks`, 'async_batch_tasks', 'async_batch_task'],
    [`/checkouts/${zoo.checkoutToken}`, 'checkout', 'checkout'],
    [`/checkouts/${zoo.checkoutToken}/shipping_rates`, 'shipping_rates', 'shipping_rate'],
    ['/store', 'store', 'store'],
    ['/', 'store', 'root_store'],
    ['/token_information', 'token_information', 'token_information'],
    ['/accounts', 'accounts', 'account'],
  ];
  if (version === '2021-01')
    return [
      ...both,
      [`/products/${zoo.legacyProductId}`, 'product', 'product'],
      ['/shop', 'shop', 'shop'],
      ['/shop', 'store', 'shop_store'],
      ['/shop/shipping_countries', 'shipping_countries', 'shipping_country'],
      [`/customers/${zoo.customerId}/payment_sources`, 'payment_sources', 'payment_source'],
      [`/customers/${zoo.customerId}/addresses`, 'addresses', 'address'],
    ];
  return [
    ...both,
    [`/products/${zoo.productId}`, 'product', 'product'],
    ['/plans', 'plans', 'plan'],
    ['/collections', 'collections', 'collection'],
    [`/collections/${zoo.collectionId}`, 'collection', 'collection'],
    [`/collection_products?collection_id=${zoo.collectionId}`, 'collection_products', 'collection_product'],
    ['/payment_methods', 'payment_methods', 'payment_method'],
    ['/bundle_selections', 'bundle_selections', 'bundle_selection'],
    ['/bundle_products', 'bundle_products', 'bundle_product'],
    ['/credit_accounts', 'credit_accounts', 'credit_account'],
    ['/credit_adjustments', 'credit_adjustments', 'credit_adjustment'],
    [`/credit_accounts/${zoo.creditAccountId}/credit_adjustments`, 'credit_adjustments', 'credit_adjustment'],
    [`/customers/${zoo.customerId}/credit_summary`, 'credit_summary', 'credit_summary'],
    [`/customers/${zoo.customerId}/delivery_schedule`, '.', 'delivery_schedule'],
    ['/retention_strategies', 'retention_strategies', 'retention_strategy'],
  ];
}

/** A table's kind with its field names and values in a store's dialect. */
function inDialect(kind: Kind, dialect: Dialect, field = ''): Kind {
  switch (kind.type) {
    case 'object': {
      const fields: Record<string, Field> = {};
      for (const [name, entry] of Object.entries(kind.fields)) {
        const [renamed = name] = Object.keys(dialect.write({ [name]: null }) as object);
        fields[renamed] = { ...entry, kind: inDialect(entry.kind, dialect, name) };
      }
      return { ...kind, fields };
    }
    case 'values':
      return {
        ...kind,
        values: kind.values.map(
          (value) => (dialect.write({ [field]: value }) as Record<string, string>)[field] ?? value,
        ),
      };
    case 'array':
      return { ...kind, of: inDialect(kind.of, dialect, field) };
    case 'one_of':
      return { ...kind, kinds: kind.kinds.map((k) => inDialect(k, dialect, field)) };
    case 'scalar':
      return kind;
  }
}

function tableKind(record: RecordName, version: ApiVersion, dialect: Dialect): Kind {
  const shape = (
    RECORD_SHAPES[record].versions as Partial<Record<ApiVersion, { fields: Record<string, Field> }>>
  )[version];
  if (!shape) throw new Error(`no ${version} table for ${record}`);
  return inDialect({ type: 'object', fields: shape.fields, nullable: false }, dialect);
}

/** The key of one record of a list's key: `addresses` → `address`, `retention_strategies` → `retention_strategy`. */
function singular(key: string): string {
  if (key.endsWith('ies')) return `${key.slice(0, -3)}y`;
  if (key.endsWith('sses') || key.endsWith('ches')) return key.slice(0, -2);
  return key.slice(0, -1);
}

/** Whether the endpoint table serves `GET <list path>/:id` in this version. */
function hasSingleRead(listPath: string, version: ApiVersion): boolean {
  return endpoints.some(
    (endpoint) =>
      endpoint.method === 'GET' &&
      endpoint.path === `${listPath}/:id` &&
      (endpoint.versions ?? ['2021-01', '2021-11']).includes(version),
  );
}

/** Each list read, then a single read of its first record where the API has one. */
async function* reads(api: Api, zoo: Zoo, version: ApiVersion) {
  for (const [path, key, record] of readings(zoo, version)) {
    const reply = await api.get(path);
    yield { path, key, record, reply };
    const first: Json = reply.status === 200 ? reply.body[key] : undefined;
    if (
      Array.isArray(first) &&
      first[0]?.id !== undefined &&
      !path.includes('?') &&
      hasSingleRead(path, version)
    ) {
      const single = `${path}/${first[0].id}`;
      yield { path: single, key: singular(key), record, reply: await api.get(single) };
    }
  }
}

/** `/customers/20000001/addresses?x=1` as the endpoint table writes it: `/customers/:id/addresses`. */
function routeOf(path: string): string {
  return (path.split('?')[0] ?? path)
    .replace(/\/async_batches\/\d+\/tasks/, '/async_batches/:batch_id/tasks')
    .replace(/\/checkouts\/[0-9a-f]{32}/, '/checkouts/:token')
    .replace(/\/\d+(?=\/|$)/g, '/:id')
    .replace(/\/products\/[^/]+$/, '/products/:id');
}

async function checkEveryRecord(s: TestStore, zoo: Zoo, dialect: Dialect) {
  const problems = new Set<string>();
  const seen = new Set<string>();
  const routes = new Set<string>();
  for (const version of ['2021-01', '2021-11'] as const) {
    const api: Api = s.api.with({ version });
    for await (const { path, key, record, reply } of reads(api, zoo, version)) {
      routes.add(`${version} ${routeOf(path)}`);
      const found: Json = reply.status !== 200 ? undefined : key === '.' ? reply.body : reply.body[key];
      const records: Json[] = Array.isArray(found) ? found : found === undefined ? [] : [found];
      if (records.length === 0) {
        problems.add(`${version} GET ${path}: no ${key} in ${reply.status} ${reply.text.slice(0, 200)}`);
        continue;
      }
      const kind = tableKind(record, version, dialect);
      // One line per field and problem, whichever record and item showed it.
      for (const item of records)
        for (const problem of kindProblems(item, kind, version, `${version} ${record}`))
          problems.add(problem.replace(/\[\d+\]/g, '[]').replace(/: .* is (not|none of)/, ': $1'));
      seen.add(`${version} ${record}`);
    }
    const kind = tableKind('checkout_charge', version, dialect);
    for (const problem of kindProblems(
      zoo.checkoutCharges[version],
      kind,
      version,
      `${version} checkout_charge`,
    ))
      problems.add(problem);
    seen.add(`${version} checkout_charge`);
  }
  return { problems: [...problems], seen, routes };
}

function everyTable(): string[] {
  return Object.entries(RECORD_SHAPES).flatMap(([name, entry]) =>
    Object.keys(entry.versions).map((version) => `${version} ${name}`),
  );
}

/** GET endpoints that answer no record of a table: counts (`{count}`). */
const NOT_RECORDS = /\/count$/;

function everyReadRoute(): string[] {
  return endpoints
    .filter((endpoint) => endpoint.method === 'GET' && !NOT_RECORDS.test(endpoint.path))
    .flatMap((endpoint) =>
      (endpoint.versions ?? ['2021-01', '2021-11']).map((version) => `${version} ${endpoint.path}`),
    );
}

const neutral = useEmulator();

describe('record tables, neutral words', () => {
  it('every record of every kind, in both versions, has exactly the fields and kinds of its table', async () => {
    const s = await neutral.store({ settings: ZOO_SETTINGS });
    const zoo = await seedZoo(s);
    const settings = completeSettings(storeSettingsSchema.parse({}));
    const { problems, seen, routes } = await checkEveryRecord(
      s,
      zoo,
      dialectOf({ settings, brand: 'service' }),
    );
    expect(problems).toEqual([]);
    expect([...seen].sort()).toEqual(everyTable().sort());
    expect(everyReadRoute().filter((route) => !routes.has(route))).toEqual([]);
  }, 60_000);

  it('notices a field the table does not have, a missing one and one of another kind', () => {
    const kind = tableKind(
      'metafield',
      '2021-11',
      dialectOf({ settings: completeSettings(storeSettingsSchema.parse({})), brand: 'service' }),
    );
    const good = {
      id: 1,
      created_at: '2025-01-15T12:00:00+00:00',
      description: null,
      key: 'k',
      namespace: 'n',
      owner_id: '7',
      owner_resource: 'customer',
      updated_at: '2025-01-15T12:00:00+00:00',
      value: 'v',
      value_type: 'string',
    };
    expect(kindProblems(good, kind, '2021-11', 'm')).toEqual([]);
    const { key: _key, ...missing } = good;
    expect(kindProblems({ ...missing, owner_id: 7, extra: true }, kind, '2021-11', 'm')).toEqual([
      'm.key: missing',
      'm.owner_id: 7 is not a string',
      'm.extra: not in the table',
    ]);
    expect(kindProblems({ ...good, created_at: '2025-01-15T12:00:00' }, kind, '2021-11', 'm')).toEqual([
      'm.created_at: "2025-01-15T12:00:00" is not a timestamp in the version\'s form',
    ]);
  });
});

const real = useEmulator({ headerPrefix: 'Recharge', platformWord: 'shopify' });

describe("record tables, the real service's words (--platform-word shopify --header-prefix Recharge)", () => {
  it("every record of every kind, in both versions, has the fields and kinds of its table in the store's words", async () => {
    const s = await real.store({ settings: { ...ZOO_SETTINGS, platform_word: 'shopify' } });
    const zoo = await seedZoo(s);
    const settings = completeSettings(storeSettingsSchema.parse({ platform_word: 'shopify' }));
    const dialect = dialectOf({ settings, brand: brandOf('Recharge') });
    const { problems } = await checkEveryRecord(s, zoo, dialect);
    expect(problems).toEqual([]);
  }, 60_000);
});
