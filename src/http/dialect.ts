/**
 * A store's wire dialect (docs/decisions/0017): the real service names the e-commerce platform where
 * the spec writes `platform` (`shopify_product_id`), and brand names where the spec is neutral
 * (`shopify_payments`). Services and serializers speak the spec's neutral names only; this edge
 * renames them: requests (body and query) are read into the neutral names, answers, error bodies
 * and webhook payloads are written in the store's names. Neutral names keep working on input.
 *
 * A store with the neutral word and no value names has the identity dialect: nothing is copied.
 */
import { dictionary } from '../platform/dictionary.js';
import { NEUTRAL_BRAND, NEUTRAL_WORD } from '../store/dialect-settings.js';
import type { StoreSettings } from '../store/settings.js';
import { jsonValue } from './json-text.js';
import type { ApiResponse, Body, Query } from './types.js';

/** Field names (and query parameters) that carry the platform word, `{w}` standing for it. */
const WORD_FIELDS = [
  '{w}_product_id',
  '{w}_product_ids',
  '{w}_variant_id',
  '{w}_variant_id_not_found',
  '{w}_customer_id',
  '{w}_order_id',
  '{w}_order_number',
  '{w}_collection_id',
  // 2021-01 orders (api-facts: recorded real records).
  '{w}_id',
  '{w}_cart_token',
  // 2021-01 `GET /shop`.
  'my_{w}_domain',
  // 2021-01 `POST /orders/{id}/update_<word>_variant/{old}` (api-facts: live evidence, wave 3).
  'new_{w}_variant_id',
];

/**
 * Field names that carry the service's own word (its brand, the header prefix in lowercase), `{b}`
 * standing for it: the 2021-01 subscription's `recharge_product_id` (api-facts).
 */
const BRAND_FIELDS = ['{b}_product_id'];

/** Enum values that carry the platform word, after `platform_`. */
const WORD_VALUES = ['product', 'collection_id', 'payments', 'update_payment_information'];

/** Fields whose (string) values are renamed: processors, wallets, sources, platforms, word values. */
const VALUE_FIELDS: ReadonlySet<string> = new Set([
  'processor_name',
  'payment_processor',
  'payment_type',
  'external_checkout_source',
  'external_platform',
  'checkout_platform',
  'applies_to_resource',
  'resource',
  'template_type',
]);

/** 2021-01 discounts' `applies_to` is `<resource>:<id>`: its resource part is a value too. */
const COMPOSITE_FIELD = 'applies_to';

type Names = ReadonlyMap<string, string>;

export interface Dialect {
  /** True for the spec's own names: every method returns its argument. */
  readonly neutral: boolean;
  /** A request body in the neutral names. */
  readBody(body: Body): Body;
  /** Query parameters in the neutral names. */
  readQuery(query: Query): Query;
  /** A serialized record or answer body in the store's names. */
  write(body: unknown): unknown;
  /** An error body in the store's names, field names inside its messages included. */
  writeError(body: unknown): unknown;
  /**
   * An error body whose messages name fields and values in the store's names, its own keys and
   * values left neutral: an error kept to be served later (an async batch task's result), which
   * `write` renames then.
   */
  writeErrorTexts(body: unknown): unknown;
  /** An answer (body and `Link` header) in the store's names. */
  writeResponse(response: ApiResponse): ApiResponse;
}

const IDENTITY: Dialect = {
  neutral: true,
  readBody: (body) => body,
  readQuery: (query) => query,
  write: (body) => body,
  writeError: (body) => body,
  writeErrorTexts: (body) => body,
  writeResponse: (response) => response,
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Renames keys and values of a JSON value in one pass, copying only what it walks. */
function rename(value: unknown, keys: Names, values: Names, valueField: boolean): unknown {
  if (typeof value === 'string') return valueField ? (values.get(value) ?? value) : value;
  if (Array.isArray(value)) return value.map((item) => rename(item, keys, values, valueField));
  if (!isPlainObject(value)) return value;
  // Keys come from the client: a null-prototype copy keeps `__proto__` a plain key (decision 0021).
  const out = dictionary<unknown>();
  for (const key in value) {
    const item = value[key];
    if (key === COMPOSITE_FIELD && typeof item === 'string') out[key] = renameComposite(item, values);
    else out[keys.get(key) ?? key] = rename(item, keys, values, VALUE_FIELDS.has(key));
  }
  return out;
}

function renameComposite(value: string, values: Names): string {
  const colon = value.indexOf(':');
  if (colon < 0) return values.get(value) ?? value;
  const head = value.slice(0, colon);
  const renamed = values.get(head);
  return renamed === undefined ? value : `${renamed}${value.slice(colon)}`;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Replaces whole names inside text (error messages name fields and list allowed values). */
function textRenamer(names: Names): (text: string) => string {
  if (names.size === 0) return (text) => text;
  const alternatives = [...names.keys()].sort((a, b) => b.length - a.length).map(escape);
  const pattern = new RegExp(`(?<![A-Za-z0-9_])(?:${alternatives.join('|')})(?![A-Za-z0-9_])`, 'g');
  return (text) => text.replace(pattern, (name) => names.get(name) ?? name);
}

function renameTexts(value: unknown, renameText: (text: string) => string): unknown {
  if (typeof value === 'string') return renameText(value);
  if (Array.isArray(value)) return value.map((item) => renameTexts(item, renameText));
  if (!isPlainObject(value)) return value;
  const out = dictionary<unknown>();
  for (const key in value) out[key] = renameTexts(value[key], renameText);
  return out;
}

function inverse(names: Names): Names {
  return new Map([...names].map(([neutral, name]) => [name, neutral]));
}

function buildDialect(word: string, valueNames: Readonly<Record<string, string>>, brand: string): Dialect {
  const keysOut = new Map<string, string>();
  const valuesOut = new Map<string, string>();
  if (word !== NEUTRAL_WORD) {
    for (const field of WORD_FIELDS)
      keysOut.set(field.replace('{w}', NEUTRAL_WORD), field.replace('{w}', word));
    for (const value of WORD_VALUES) valuesOut.set(`${NEUTRAL_WORD}_${value}`, `${word}_${value}`);
  }
  // A brand that would spell a platform field (a `Platform` header prefix) keeps the neutral name.
  const wordFields = new Set(
    WORD_FIELDS.flatMap((field) => [field.replace('{w}', NEUTRAL_WORD), field.replace('{w}', word)]),
  );
  for (const field of BRAND_FIELDS) {
    const named = field.replace('{b}', brand);
    if (brand !== NEUTRAL_BRAND && !wordFields.has(named))
      keysOut.set(field.replace('{b}', NEUTRAL_BRAND), named);
  }
  for (const [neutral, name] of Object.entries(valueNames)) valuesOut.set(neutral, name);
  for (const [neutral, name] of valuesOut) if (neutral === name) valuesOut.delete(neutral);
  if (keysOut.size === 0 && valuesOut.size === 0) return IDENTITY;

  const keysIn = inverse(keysOut);
  const valuesIn = inverse(valuesOut);
  const renameText = textRenamer(new Map([...keysOut, ...valuesOut]));
  const renameLink = textRenamer(keysOut);
  const write = (body: unknown): unknown => rename(body, keysOut, valuesOut, false);
  const writeError = (body: unknown): unknown => renameTexts(write(body), renameText);
  return {
    neutral: false,
    readBody: (body) => rename(body, keysIn, valuesIn, false) as Body,
    readQuery: (query) => {
      const out = dictionary<string>();
      for (const [key, value] of Object.entries(query)) {
        const valueField = VALUE_FIELDS.has(key);
        out[keysIn.get(key) ?? key] = valueField ? (valuesIn.get(value) ?? value) : value;
      }
      return out;
    },
    write,
    writeError,
    writeErrorTexts: (body) => renameTexts(body, renameText),
    writeResponse: (response) => {
      const status = response.status ?? 200;
      // A body of JSON text (a list page, decision 0053) is renamed as the value it stands for.
      const value = jsonValue(response.body);
      const body = value === undefined ? undefined : status >= 400 ? writeError(value) : write(value);
      const link = response.headers?.Link;
      const headers = link === undefined ? response.headers : { ...response.headers, Link: renameLink(link) };
      return { ...response, body, headers };
    },
  };
}

/** What a dialect is made of: a store's settings and the service's word (a store is one). */
export interface DialectSource {
  readonly settings: StoreSettings;
  /** The service's word in field names (`brandOf` the header prefix). */
  readonly brand: string;
}

const cache = new WeakMap<StoreSettings, Map<string, Dialect>>();

/**
 * The dialect of a store (built once per settings object and brand).
 *
 * @example
 * dialectOf({ settings: { ...settings, platform_word: 'shopify' }, brand: 'recharge' }).write({ platform_order_id: 7 }); // { shopify_order_id: 7 }
 * dialectOf(store).readQuery({ shopify_customer_id: '9' }); // { platform_customer_id: '9' } in a shopify store
 */
export function dialectOf({ settings, brand }: DialectSource): Dialect {
  let byBrand = cache.get(settings);
  if (!byBrand) {
    byBrand = new Map();
    cache.set(settings, byBrand);
  }
  let dialect = byBrand.get(brand);
  if (!dialect) {
    dialect = buildDialect(settings.platform_word, settings.value_names, brand);
    byBrand.set(brand, dialect);
  }
  return dialect;
}
