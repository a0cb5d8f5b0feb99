/**
 * The fields every record of each collection carries, and the kind of value each holds: its
 * model's fields that are not optional, listed here as `name:kind` and checked by the compiler
 * against the models (a field added to a model without being added here, a name that is not a
 * field, or a kind that is not the field's, does not compile). A snapshot import refuses a record
 * without them or with a value of another kind (422), which would otherwise be stored and answer
 * 500 on reads of it.
 *
 * Kinds: `s` string, `n` number, `b` boolean, `a` array, `o` object (not an array), `x` any value
 * (a field typed as a union of kinds); a trailing `?` allows null too. What an array or object
 * holds is checked only where the emulator reads it field by field (`NESTED_TABLE` below).
 */
import type { CollectionName, RecordOf } from './collections.js';

/** The keys of `T` that are not optional. */
type RequiredField<T> = { [F in keyof T]-?: object extends Pick<T, F> ? never : F }[keyof T];

type KindOf<V> = [V] extends [string]
  ? 's'
  : [V] extends [number]
    ? 'n'
    : [V] extends [boolean]
      ? 'b'
      : [V] extends [readonly unknown[]]
        ? 'a'
        : [V] extends [object]
          ? 'o'
          : 'x';

/** The kind of values of type `V`, as the table writes it. */
type Kind<V> = [V] extends [null] ? 'x' : null extends V ? `${KindOf<Exclude<V, null>>}?` : KindOf<V>;

/** `name:kind` of each required field of `T`. */
type Entry<T> = { [F in RequiredField<T>]: `${F & string}:${Kind<T[F]>}` }[RequiredField<T>];

type NameOf<E> = E extends `${infer F}:${string}` ? F : never;

/** `fields` when it gives every required field of `T` its kind; a compile error naming the missing ones otherwise. */
const every =
  <T>() =>
  <const L extends readonly Entry<T>[]>(
    fields: L &
      ([Exclude<RequiredField<T>, NameOf<L[number]>>] extends [never]
        ? unknown
        : { readonly missing: Exclude<RequiredField<T>, NameOf<L[number]>> }),
  ): readonly string[] =>
    fields as readonly string[];

// One list per collection, wrapped like prose: a table to read, not code to format.
// prettier-ignore
const TABLE: { readonly [K in CollectionName]: readonly string[] } = {
  accounts: every<RecordOf<'accounts'>>()(['id:n', 'email:s', 'first_name:s', 'last_name:s', 'is_owner:b',
    'created_at:s', 'invited_at:s?']),
  customers: every<RecordOf<'customers'>>()(['id:n', 'email:s', 'first_name:s', 'last_name:s', 'phone:s?',
    'accepts_marketing:b', 'billing:o', 'external_customer_id:s?', 'hash:s', 'analytics_data:o',
    'tax_exempt:b', 'apply_credit_to_next_recurring_charge:b', 'processor_type:s?',
    'first_charge_processed_at:s?', 'created_at:s', 'updated_at:s']),
  addresses: every<RecordOf<'addresses'>>()(['id:n', 'customer_id:n', 'payment_method_id:n?', 'first_name:s',
    'last_name:s', 'company:s?', 'address1:s', 'address2:s?', 'city:s', 'province:s?', 'zip:s?',
    'country_code:s', 'phone:s?', 'note:s?', 'attributes:a', 'presentment_currency:s?',
    'shipping_lines_override:a?', 'shipping_lines_conserved:a', 'discount_id:n?', 'created_at:s',
    'updated_at:s']),
  payment_methods: every<RecordOf<'payment_methods'>>()(['id:n', 'customer_id:n', 'billing_address:o?',
    'default:b', 'payment_details:o', 'payment_type:s', 'processor_name:s', 'processor_customer_token:s?',
    'processor_payment_method_token:s?', 'status:s', 'status_reason:s?', 'created_at:s', 'updated_at:s']),
  metafields: every<RecordOf<'metafields'>>()(['id:n', 'owner_resource:s', 'owner_id:n', 'namespace:s',
    'key:s', 'value:s', 'value_type:s', 'description:s?', 'created_at:s', 'updated_at:s']),
  products: every<RecordOf<'products'>>()(['id:n', 'external_product_id:s', 'title:s', 'brand:s?',
    'vendor:s?', 'handle:s', 'description:s?', 'images:a', 'options:a', 'variants:a', 'published_at:s?',
    'created_at:s', 'updated_at:s']),
  plans: every<RecordOf<'plans'>>()(['id:n', 'type:s', 'title:s', 'external_product_id:s',
    'discount_amount:s?', 'discount_type:s?', 'sort_order:n', 'subscription_preferences:o?',
    'channel_settings:o', 'created_at:s', 'updated_at:s']),
  product_collections: every<RecordOf<'product_collections'>>()(['id:n', 'title:s', 'description:s?',
    'type:s', 'sort_order:s', 'created_at:s', 'updated_at:s']),
  collection_products: every<RecordOf<'collection_products'>>()(['id:n', 'collection_id:n',
    'external_product_id:s', 'created_at:s', 'updated_at:s']),
  subscriptions: every<RecordOf<'subscriptions'>>()(['id:n', 'address_id:n', 'customer_id:n', 'status:s',
    'plan_id:n?', 'external_product_id:s', 'external_variant_id:s', 'product_title:s', 'variant_title:s?',
    'sku:s?', 'sku_override:b', 'price:s', 'quantity:n', 'properties:a', 'presentment_currency:s',
    'charge_interval_frequency:n', 'order_interval_frequency:n', 'order_interval_unit:s',
    'order_day_of_month:n?', 'order_day_of_week:n?', 'expire_after_specific_number_of_charges:n?',
    'next_charge_scheduled_at:s?', 'cancellation_reason:s?', 'cancellation_reason_comments:s?',
    'cancelled_at:s?', 'is_skippable:b', 'is_swappable:b', 'max_retries_reached:b', 'charges_count:n',
    'analytics_data:o', 'created_at:s', 'updated_at:s']),
  onetimes: every<RecordOf<'onetimes'>>()(['id:n', 'address_id:n', 'customer_id:n', 'external_product_id:s',
    'external_variant_id:s', 'product_title:s', 'variant_title:s?', 'sku:s?', 'sku_override:b', 'price:s',
    'quantity:n', 'properties:a', 'presentment_currency:s', 'next_charge_scheduled_at:s', 'is_cancelled:b',
    'created_at:s', 'updated_at:s']),
  charges: every<RecordOf<'charges'>>()(['id:n', 'address_id:n', 'customer_id:n', 'type:s', 'status:s',
    'scheduled_at:s', 'line_items:a', 'discount:o?', 'shipping_lines:a', 'tax_lines:a', 'currency:s',
    'subtotal_price:s', 'total_line_items_price:s', 'total_discounts:s', 'total_tax:s', 'total_price:s',
    'total_refunds:s', 'total_weight_grams:n', 'taxable:b', 'taxes_included:b', 'billing_address:o',
    'shipping_address:o', 'note:s?', 'order_attributes:a', 'analytics_data:o', 'tags:s', 'orders_count:n',
    'has_uncommitted_changes:b', 'processed_at:s?', 'authorized_at:s?', 'error:s?', 'error_type:s?',
    'charge_attempts:n', 'last_charge_attempt:s?', 'retry_date:s?', 'payment_processor:s?',
    'external_transaction_id:s?', 'external_order_id:s?', 'external_variant_id_not_found:b', 'created_at:s',
    'updated_at:s']),
  orders: every<RecordOf<'orders'>>()(['id:n', 'charge_id:n', 'address_id:n', 'customer_id:n', 'type:s',
    'status:s', 'is_prepaid:b', 'external_order_id:s?', 'external_order_number:s?', 'line_items:a',
    'scheduled_at:s', 'processed_at:s?', 'shipping_address:o', 'billing_address:o', 'currency:s',
    'subtotal_price:s', 'total_discounts:s', 'total_tax:s', 'total_shipping:s', 'total_price:s', 'note:s?',
    'order_attributes:a', 'created_at:s', 'updated_at:s']),
  checkouts: every<RecordOf<'checkouts'>>()(['id:n', 'token:s', 'line_items:a', 'analytics_data:o',
    'billing_address:o?', 'shipping_address:o?', 'buyer_accepts_marketing:b', 'currency:s',
    'discount_code:s?', 'email:s?', 'phone:s?', 'external_checkout_id:s?', 'external_checkout_source:s?',
    'external_customer_id:s?', 'note:s?', 'note_attributes:a', 'shipping:o?', 'applied_discount:o?',
    'requires_shipping:b', 'shipping_address_validations:o?', 'subtotal_price:s', 'total_tax:s',
    'total_price:s', 'tax_lines:a', 'taxes_included:b', 'payment_processor:s?',
    'payment_processor_customer_id:s?', 'payment_processor_transaction_id:s?', 'payment_attempts:n',
    'customer_id:n?', 'charge_id:n?', 'completed_at:s?', 'created_at:s', 'updated_at:s']),
  discounts: every<RecordOf<'discounts'>>()(['id:n', 'code:s', 'discount_type:s', 'value:s', 'duration:s',
    'duration_usage_limit:n?', 'usage_limit:n?', 'times_used:n', 'applies_to_id:x?', 'applies_to_resource:s?',
    'applies_to_product_type:s', 'channel_settings:o', 'first_time_customer_restriction:s?',
    'once_per_customer:b', 'prerequisite_subtotal_min:n?', 'starts_at:s?', 'ends_at:s?', 'status:s',
    'created_at:s', 'updated_at:s']),
  bundle_selections: every<RecordOf<'bundle_selections'>>()(['id:n', 'purchase_item_id:n',
    'bundle_variant_id:n', 'external_product_id:s', 'external_variant_id:s', 'plan_id:n?', 'items:a',
    'created_at:s', 'updated_at:s']),
  gift_purchases: every<RecordOf<'gift_purchases'>>()(['id:n', 'sender_customer_id:n', 'subscription_id:n',
    'recipient_customer_id:n', 'recipient_address_id:n', 'onetime_id:n', 'status:s', 'redeemed_at:s?',
    'created_at:s', 'updated_at:s']),
  webhooks: every<RecordOf<'webhooks'>>()(['id:n', 'address:s', 'topic:s', 'included_objects:a',
    'api_version:s', 'created_at:s', 'updated_at:s']),
  deliveries: every<RecordOf<'deliveries'>>()(['id:n', 'webhook_id:n', 'event_id:n?', 'topic:s', 'url:s',
    'headers:o', 'body:s', 'status:s', 'attempts:a', 'duplicate_of:n?', 'created_at:s', 'updated_at:s']),
  async_batches: every<RecordOf<'async_batches'>>()(['id:n', 'batch_type:s', 'status:s', 'total_task_count:n',
    'success_task_count:n', 'fail_task_count:n', 'submitted_at:s?', 'closed_at:s?', 'created_at:s',
    'updated_at:s']),
  async_batch_tasks: every<RecordOf<'async_batch_tasks'>>()(['id:n', 'batch_id:n', 'body:o', 'result:o?',
    'status:s', 'queued_at:s?', 'started_at:s?', 'completed_at:s?', 'created_at:s']),
  notifications: every<RecordOf<'notifications'>>()(['id:n', 'customer_id:n', 'type:s', 'template_type:s',
    'template_vars:o', 'to:s', 'from:s', 'subject:s', 'text:s', 'created_at:s']),
  credit_accounts: every<RecordOf<'credit_accounts'>>()(['id:n', 'customer_id:n', 'available_balance:s',
    'initial_balance:s', 'currency_code:s', 'expires_at:s?', 'name:s?', 'redemption_code:s?', 'type:s',
    'created_at:s', 'updated_at:s']),
  credit_adjustments: every<RecordOf<'credit_adjustments'>>()(['id:n', 'credit_account_id:n', 'customer_id:n',
    'amount:s', 'currency_code:s', 'ending_balance:s', 'note:s?', 'type:s', 'created_at:s']),
  retention_strategies: every<RecordOf<'retention_strategies'>>()(['id:n', 'cancellation_flow_type:s',
    'incentive_type:s', 'discount_code:s?', 'prevention_text:s?', 'reason:s', 'created_at:s', 'updated_at:s']),
  events: every<RecordOf<'events'>>()(['id:n', 'topic:s', 'object_type:s', 'verb:s', 'object_id:x',
    'customer_id:n?', 'description:s', 'updated_attributes:o?', 'custom_attributes:o?', 'source:o',
    'created_at:s']),
  jobs: every<RecordOf<'jobs'>>()(['id:n', 'type:s', 'due_at:n', 'subject:s', 'payload:o']),
};

/**
 * The fields of values nested in records that the emulator reads field by field, as
 * `collection.field` (each element of an array, or the object): a variant without its prices
 * imported, and every read of the products answered 500. Checked after the record's own fields,
 * parents before children. Found by giving each nested value of a seeded store's records a value
 * of another kind and reading every list; the others are passed through as stored.
 */
// prettier-ignore
const NESTED_TABLE: Readonly<Record<string, readonly string[]>> = {
  'products.variants': every<RecordOf<'products'>['variants'][number]>()(['id:n', 'external_variant_id:s',
    'title:s', 'sku:s?', 'prices:o', 'requires_shipping:b', 'taxable:b', 'grams:n', 'option_values:a',
    'bundle:o?']),
  'products.variants.prices': every<RecordOf<'products'>['variants'][number]['prices']>()(['unit_price:s',
    'compare_at_price:s?']),
};

/** What a field of a record must hold. */
export interface RecordField {
  readonly name: string;
  readonly kind: 's' | 'n' | 'b' | 'a' | 'o' | 'x';
  readonly nullable: boolean;
}

function readField(entry: string): RecordField {
  const [name = '', kind = 'x'] = entry.split(':');
  return { name, kind: kind.replace('?', '') as RecordField['kind'], nullable: kind.endsWith('?') };
}

/** The table, read: each collection's required fields and their kinds. */
export const RECORD_FIELDS = {} as { [K in CollectionName]: readonly RecordField[] };
for (const name of Object.keys(TABLE) as CollectionName[]) RECORD_FIELDS[name] = TABLE[name].map(readField);

/** The nested table, read: `collection.field...` and the fields of the values there. */
export const NESTED_FIELDS: ReadonlyMap<string, readonly RecordField[]> = new Map(
  Object.entries(NESTED_TABLE).map(([path, entries]) => [path, entries.map(readField)]),
);

/** Each collection's nested paths, parents first. */
const nestedPaths = new Map<string, string[]>();
for (const path of [...NESTED_FIELDS.keys()].sort()) {
  const collection = path.slice(0, path.indexOf('.'));
  nestedPaths.set(collection, [...(nestedPaths.get(collection) ?? []), path]);
}

const KIND_WORDS: Record<RecordField['kind'], string> = {
  s: 'a string',
  n: 'a number',
  b: 'true or false',
  a: 'an array',
  o: 'an object',
  x: 'a value',
};

/** The test of one field's value `v`, as JavaScript. */
function test(field: RecordField): string {
  const kind = {
    s: `typeof v === 'string'`,
    n: `typeof v === 'number'`,
    b: `typeof v === 'boolean'`,
    a: `Array.isArray(v)`,
    o: `typeof v === 'object' && v !== null && !Array.isArray(v)`,
    x: `v !== undefined`,
  }[field.kind];
  return field.nullable && field.kind !== 'x' ? `v === null || ${kind}` : kind;
}

const fieldChecks = new Map<RecordField, (value: unknown) => boolean>();

/** Whether `value` is what `field` must hold: the record test's own part, compiled alone. */
function holds(field: RecordField, value: unknown): boolean {
  let check = fieldChecks.get(field);
  if (!check)
    fieldChecks.set(field, (check = new Function('v', `return ${test(field)};`) as (v: unknown) => boolean));
  return check(value);
}

const checks = new Map<readonly RecordField[], (value: unknown) => boolean>();

/**
 * Whether `value` is an object with every one of `fields`, each of its kind: one test compiled per
 * list, `(v = r["id"], typeof v === 'number') && ...` (a loop over the fields cost five times as
 * much on a snapshot of 135,000 records). The names are this file's, written as JSON strings; none
 * is a field of `Object.prototype` (a test checks), so a missing field reads as undefined.
 */
function conforms(fields: readonly RecordField[], value: unknown): boolean {
  let check = checks.get(fields);
  if (!check) {
    const tests = fields.map((field) => `((v = r[${JSON.stringify(field.name)}]), ${test(field)})`);
    const body = `let v; return typeof r === 'object' && r !== null && ${tests.join(' && ') || 'true'};`;
    checks.set(fields, (check = new Function('r', body) as (value: unknown) => boolean));
  }
  return check(value);
}

/** The values at `path` (`collection.field...`) of `record`: an array's elements, or the value. */
function valuesAt(record: unknown, path: string): unknown[] {
  let values = [record];
  for (const step of path.split('.').slice(1)) {
    const next: unknown[] = [];
    for (const value of values) {
      const inner = (value as Record<string, unknown>)[step];
      if (Array.isArray(inner)) next.push(...(inner as unknown[]));
      else next.push(inner);
    }
    values = next;
  }
  return values;
}

/** Whether `record` has its collection's fields, and the values nested in it theirs. */
function whole(name: CollectionName, record: object): boolean {
  if (!conforms(RECORD_FIELDS[name], record)) return false;
  const paths = nestedPaths.get(name);
  if (paths === undefined) return true;
  for (const path of paths) {
    const fields = NESTED_FIELDS.get(path) ?? [];
    for (const value of valuesAt(record, path)) if (!conforms(fields, value)) return false;
  }
  return true;
}

/** Records named per collection in a 422, at most. */
const NAMED = 3;

/** What is wrong with `value` against `fields` (names prefixed by `prefix`), or null when nothing. */
function fieldsProblem(fields: readonly RecordField[], value: unknown, prefix: string): string | null {
  if (typeof value !== 'object' || value === null)
    return `holds the wrong kind of value in ${prefix.slice(0, -1)} (an object)`;
  const lacks = fields.filter((field) => !Object.hasOwn(value, field.name));
  if (lacks.length > 0) return `lacks ${lacks.map((field) => prefix + field.name).join(', ')}`;
  const wrong = fields
    .filter((field) => !holds(field, (value as Record<string, unknown>)[field.name]))
    .map((field) => `${prefix}${field.name} (${KIND_WORDS[field.kind]}${field.nullable ? ' or null' : ''})`);
  return wrong.length > 0 ? `holds the wrong kind of value in ${wrong.join(', ')}` : null;
}

/** The 422's sentence on one record that is not whole. */
function problemOf(name: CollectionName, record: object): string {
  const id = String((record as { id?: unknown }).id);
  let problem = fieldsProblem(RECORD_FIELDS[name], record, '');
  for (const path of nestedPaths.get(name) ?? []) {
    if (problem !== null) break;
    const fields = NESTED_FIELDS.get(path) ?? [];
    const prefix = `${path.slice(name.length + 1)}.`;
    for (const value of valuesAt(record, path))
      if ((problem = fieldsProblem(fields, value, prefix)) !== null) break;
  }
  return `Record ${id} ${problem ?? 'is malformed'}.`;
}

/**
 * What is wrong with the records of `collections` (each collection's messages, for the 422):
 * fields they lack, then values of the wrong kind; null when every record is whole.
 *
 * @example
 * recordProblems({ customers: [{ id: 1, email: 'a@example.com' }] });
 * // { customers: ['Record 1 lacks first_name, last_name, phone, ...'] }
 */
export function recordProblems(
  collections: Readonly<Partial<Record<CollectionName, readonly object[]>>>,
): Record<string, string[]> | null {
  let problems: Record<string, string[]> | null = null;
  for (const name of Object.keys(collections) as CollectionName[]) {
    const messages: string[] = [];
    let malformed = 0;
    for (const record of collections[name] ?? []) {
      if (whole(name, record)) continue;
      malformed += 1;
      if (messages.length < NAMED) messages.push(problemOf(name, record));
    }
    if (malformed > NAMED)
      messages.push(`${malformed - NAMED} more records lack fields or hold the wrong kinds.`);
    if (messages.length > 0) (problems ??= Object.create(null) as Record<string, string[]>)[name] = messages;
  }
  return problems;
}
