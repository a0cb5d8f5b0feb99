/**
 * The fields every record of each collection carries: its model's fields that are not optional,
 * listed here and checked by the compiler against the models (a field added to a model without
 * being added here, or a name that is not a field, does not compile). A snapshot import refuses a
 * record without them (422), which would otherwise be stored and answer 500 on every read of it.
 */
import type { CollectionName, RecordOf } from './collections.js';

/** The keys of `T` that are not optional. */
type RequiredField<T> = { [F in keyof T]-?: object extends Pick<T, F> ? never : F }[keyof T];

/** `fields` when it names every required field of `T`; a compile error naming the missing ones otherwise. */
const every =
  <T>() =>
  <const L extends readonly RequiredField<T>[]>(
    fields: L &
      ([Exclude<RequiredField<T>, L[number]>] extends [never]
        ? unknown
        : { readonly missing: Exclude<RequiredField<T>, L[number]> }),
  ): readonly string[] =>
    fields as readonly string[];

// One list per collection, wrapped like prose: a table to read, not code to format.
// prettier-ignore
export const RECORD_FIELDS: { readonly [K in CollectionName]: readonly string[] } = {
  accounts: every<RecordOf<'accounts'>>()(['id', 'email', 'first_name', 'last_name', 'is_owner', 'created_at',
    'invited_at']),
  customers: every<RecordOf<'customers'>>()(['id', 'email', 'first_name', 'last_name', 'phone',
    'accepts_marketing', 'billing', 'external_customer_id', 'hash', 'analytics_data', 'tax_exempt',
    'apply_credit_to_next_recurring_charge', 'processor_type', 'first_charge_processed_at', 'created_at',
    'updated_at']),
  addresses: every<RecordOf<'addresses'>>()(['id', 'customer_id', 'payment_method_id', 'first_name',
    'last_name', 'company', 'address1', 'address2', 'city', 'province', 'zip', 'country_code', 'phone',
    'note', 'attributes', 'presentment_currency', 'shipping_lines_override', 'shipping_lines_conserved',
    'discount_id', 'created_at', 'updated_at']),
  payment_methods: every<RecordOf<'payment_methods'>>()(['id', 'customer_id', 'billing_address', 'default',
    'payment_details', 'payment_type', 'processor_name', 'processor_customer_token',
    'processor_payment_method_token', 'status', 'status_reason', 'created_at', 'updated_at']),
  metafields: every<RecordOf<'metafields'>>()(['id', 'owner_resource', 'owner_id', 'namespace', 'key',
    'value', 'value_type', 'description', 'created_at', 'updated_at']),
  products: every<RecordOf<'products'>>()(['id', 'external_product_id', 'title', 'brand', 'vendor', 'handle',
    'description', 'images', 'options', 'variants', 'published_at', 'created_at', 'updated_at']),
  plans: every<RecordOf<'plans'>>()(['id', 'type', 'title', 'external_product_id', 'discount_amount',
    'discount_type', 'sort_order', 'subscription_preferences', 'channel_settings', 'created_at', 'updated_at']),
  product_collections: every<RecordOf<'product_collections'>>()(['id', 'title', 'description', 'type',
    'sort_order', 'created_at', 'updated_at']),
  collection_products: every<RecordOf<'collection_products'>>()(['id', 'collection_id', 'external_product_id',
    'created_at', 'updated_at']),
  subscriptions: every<RecordOf<'subscriptions'>>()(['id', 'address_id', 'customer_id', 'status', 'plan_id',
    'external_product_id', 'external_variant_id', 'product_title', 'variant_title', 'sku', 'sku_override',
    'price', 'quantity', 'properties', 'presentment_currency', 'charge_interval_frequency',
    'order_interval_frequency', 'order_interval_unit', 'order_day_of_month', 'order_day_of_week',
    'expire_after_specific_number_of_charges', 'next_charge_scheduled_at', 'cancellation_reason',
    'cancellation_reason_comments', 'cancelled_at', 'is_skippable', 'is_swappable', 'max_retries_reached',
    'charges_count', 'analytics_data', 'created_at', 'updated_at']),
  onetimes: every<RecordOf<'onetimes'>>()(['id', 'address_id', 'customer_id', 'external_product_id',
    'external_variant_id', 'product_title', 'variant_title', 'sku', 'sku_override', 'price', 'quantity',
    'properties', 'presentment_currency', 'next_charge_scheduled_at', 'is_cancelled', 'created_at',
    'updated_at']),
  charges: every<RecordOf<'charges'>>()(['id', 'address_id', 'customer_id', 'type', 'status', 'scheduled_at',
    'line_items', 'discount', 'shipping_lines', 'tax_lines', 'currency', 'subtotal_price',
    'total_line_items_price', 'total_discounts', 'total_tax', 'total_price', 'total_refunds',
    'total_weight_grams', 'taxable', 'taxes_included', 'billing_address', 'shipping_address', 'note',
    'order_attributes', 'analytics_data', 'tags', 'orders_count', 'has_uncommitted_changes', 'processed_at',
    'authorized_at', 'error', 'error_type', 'charge_attempts', 'last_charge_attempt', 'retry_date',
    'payment_processor', 'external_transaction_id', 'external_order_id', 'external_variant_id_not_found',
    'created_at', 'updated_at']),
  orders: every<RecordOf<'orders'>>()(['id', 'charge_id', 'address_id', 'customer_id', 'type', 'status',
    'is_prepaid', 'external_order_id', 'external_order_number', 'line_items', 'scheduled_at', 'processed_at',
    'shipping_address', 'billing_address', 'currency', 'subtotal_price', 'total_discounts', 'total_tax',
    'total_shipping', 'total_price', 'note', 'order_attributes', 'created_at', 'updated_at']),
  checkouts: every<RecordOf<'checkouts'>>()(['id', 'token', 'line_items', 'analytics_data', 'billing_address',
    'shipping_address', 'buyer_accepts_marketing', 'currency', 'discount_code', 'email', 'phone',
    'external_checkout_id', 'external_checkout_source', 'external_customer_id', 'note', 'note_attributes',
    'shipping', 'applied_discount', 'requires_shipping', 'shipping_address_validations', 'subtotal_price',
    'total_tax', 'total_price', 'tax_lines', 'taxes_included', 'payment_processor',
    'payment_processor_customer_id', 'payment_processor_transaction_id', 'payment_attempts', 'customer_id',
    'charge_id', 'completed_at', 'created_at', 'updated_at']),
  discounts: every<RecordOf<'discounts'>>()(['id', 'code', 'discount_type', 'value', 'duration',
    'duration_usage_limit', 'usage_limit', 'times_used', 'applies_to_id', 'applies_to_resource',
    'applies_to_product_type', 'channel_settings', 'first_time_customer_restriction', 'once_per_customer',
    'prerequisite_subtotal_min', 'starts_at', 'ends_at', 'status', 'created_at', 'updated_at']),
  bundle_selections: every<RecordOf<'bundle_selections'>>()(['id', 'purchase_item_id', 'bundle_variant_id',
    'external_product_id', 'external_variant_id', 'plan_id', 'items', 'created_at', 'updated_at']),
  gift_purchases: every<RecordOf<'gift_purchases'>>()(['id', 'sender_customer_id', 'subscription_id',
    'recipient_customer_id', 'recipient_address_id', 'onetime_id', 'status', 'redeemed_at', 'created_at',
    'updated_at']),
  webhooks: every<RecordOf<'webhooks'>>()(['id', 'address', 'topic', 'included_objects', 'api_version',
    'created_at', 'updated_at']),
  deliveries: every<RecordOf<'deliveries'>>()(['id', 'webhook_id', 'event_id', 'topic', 'url', 'headers',
    'body', 'status', 'attempts', 'duplicate_of', 'created_at', 'updated_at']),
  async_batches: every<RecordOf<'async_batches'>>()(['id', 'batch_type', 'status', 'total_task_count',
    'success_task_count', 'fail_task_count', 'submitted_at', 'closed_at', 'created_at', 'updated_at']),
  async_batch_tasks: every<RecordOf<'async_batch_tasks'>>()(['id', 'batch_id', 'body', 'result', 'status',
    'queued_at', 'started_at', 'completed_at', 'created_at']),
  notifications: every<RecordOf<'notifications'>>()(['id', 'customer_id', 'type', 'template_type',
    'template_vars', 'to', 'from', 'subject', 'text', 'created_at']),
  credit_accounts: every<RecordOf<'credit_accounts'>>()(['id', 'customer_id', 'available_balance',
    'initial_balance', 'currency_code', 'expires_at', 'name', 'redemption_code', 'type', 'created_at',
    'updated_at']),
  credit_adjustments: every<RecordOf<'credit_adjustments'>>()(['id', 'credit_account_id', 'customer_id',
    'amount', 'currency_code', 'ending_balance', 'note', 'type', 'created_at']),
  retention_strategies: every<RecordOf<'retention_strategies'>>()(['id', 'cancellation_flow_type',
    'incentive_type', 'discount_code', 'prevention_text', 'reason', 'created_at', 'updated_at']),
  events: every<RecordOf<'events'>>()(['id', 'topic', 'object_type', 'verb', 'object_id', 'customer_id',
    'description', 'updated_attributes', 'custom_attributes', 'source', 'created_at']),
  jobs: every<RecordOf<'jobs'>>()(['id', 'type', 'due_at', 'subject', 'payload']),
};

const checks = new Map<string, (record: object) => boolean>();

/**
 * Whether `record` has every field of its collection: one test compiled per collection,
 * `"id" in r && "email" in r && ...` (a loop over the names cost five times as much on a snapshot
 * of 135,000 records). The names are this file's, written as JSON strings; none is a field of
 * `Object.prototype` (a test checks).
 */
function complete(name: CollectionName, record: object): boolean {
  let check = checks.get(name);
  if (!check) {
    const test = RECORD_FIELDS[name].map((field) => `${JSON.stringify(field)} in r`).join(' && ');
    checks.set(name, (check = new Function('r', `return ${test || 'true'};`) as (record: object) => boolean));
  }
  return check(record);
}

/** Records named per collection in a 422, at most. */
const NAMED = 3;

/**
 * What is missing from the records of `collections` (each collection's messages, for the 422), or
 * null when every record is complete.
 *
 * @example
 * missingFields({ customers: [{ id: 1, email: 'a@example.com' }] });
 * // { customers: ['Record 1 lacks first_name, last_name, phone, ...'] }
 */
export function missingFields(
  collections: Readonly<Partial<Record<CollectionName, readonly object[]>>>,
): Record<string, string[]> | null {
  let problems: Record<string, string[]> | null = null;
  for (const name of Object.keys(collections) as CollectionName[]) {
    const messages: string[] = [];
    let incomplete = 0;
    for (const record of collections[name] ?? []) {
      if (complete(name, record)) continue;
      incomplete += 1;
      if (messages.length === NAMED) continue;
      const lacks = RECORD_FIELDS[name].filter((field) => !Object.hasOwn(record, field));
      messages.push(`Record ${String((record as { id?: unknown }).id)} lacks ${lacks.join(', ')}.`);
    }
    if (incomplete > NAMED) messages.push(`${incomplete - NAMED} more records lack fields.`);
    if (messages.length > 0) (problems ??= Object.create(null) as Record<string, string[]>)[name] = messages;
  }
  return problems;
}
