/**
 * Record tables of the store and its tools: the store and the 2021-01 shop, shipping countries,
 * token information, accounts, webhooks, events, async batches, checkouts, retention strategies.
 */
import {
  anyValue,
  arrayOf,
  bit,
  boolean,
  datetime,
  decimal,
  derive,
  httpDate,
  integer,
  object,
  oneOf,
  optional,
  orNull,
  record,
  string,
  values,
  type Kind,
  type RecordShape,
} from './kinds.js';
import { address2021_01, address2021_11, analyticsData, nameValues, platformId, taxLines } from './parts.js';

const currencySymbol = object({
  currency: string,
  location: values('before', 'after'),
  suffix: string,
  symbol: string,
});

export const store: RecordShape = record({
  id: [integer, 'facts'],
  checkout_logo_url: [orNull(string), 'clients'],
  checkout_platform: [string, 'facts'],
  created_at: [datetime, 'tap-recharge'],
  currency: [string, 'facts'],
  customer_portal_base_url: [string, 'facts'],
  default_api_version: [values('2021-01', '2021-11'), 'facts'],
  disabled_currencies_historical: [arrayOf(string), 'recharge-api-node'],
  email: [string, 'facts'],
  enabled_presentment_currencies: [arrayOf(string), 'facts'],
  enabled_presentment_currencies_symbols: [arrayOf(currencySymbol), 'recharge-api-node'],
  external_platform: [string, 'facts'],
  identifier: [string, 'facts'],
  merchant_portal_base_url: [string, 'facts'],
  name: [string, 'facts'],
  phone: [string, 'clients'],
  timezone: [object({ iana_name: string, name: string }), 'facts'],
  updated_at: [datetime, 'clients'],
  weight_unit: [string, 'facts'],
});

/** `GET /` (both versions): the store in the service's older form, integrations' connection test. */
export const rootStore: RecordShape = record({
  country: [orNull(string), 'live'],
  currency: [string, 'live'],
  email: [string, 'live'],
  iana_timezone: [string, 'live'],
  province: [orNull(string), 'live'],
  shop_owner: [string, 'live'],
  store_id: [integer, 'live'],
  store_name: [string, 'live'],
  store_timezone: [string, 'live'],
  store_url: [string, 'live'],
});

/** `GET /shop` (2021-01): the same store under two keys; what both carry. */
const shopCommon: RecordShape = record({
  checkout_logo_url: [orNull(string), 'recorded'],
  created_at: [httpDate, 'recorded'],
  currency: [string, 'recorded'],
  customer_portal_domain: [string, 'recorded'],
  disabled_currencies_historical: [arrayOf(string), 'recorded'],
  domain: [string, 'recorded'],
  email: [string, 'recorded'],
  enabled_presentment_currencies: [arrayOf(string), 'recorded'],
  enabled_presentment_currencies_symbols: [arrayOf(currencySymbol), 'recorded'],
  external_platform: [string, 'recorded'],
  iana_timezone: [string, 'recorded'],
  id: [integer, 'recorded'],
  my_platform_domain: [string, 'recorded'],
  name: [string, 'recorded'],
  payment_processor: [orNull(string), 'recorded'],
  platform_domain: [string, 'recorded'],
  shop_email: [string, 'recorded'],
  shop_phone: [string, 'recorded'],
  test_mode: [boolean, 'recorded'],
  timezone: [string, 'recorded'],
  updated_at: [httpDate, 'recorded'],
});

/** `GET /shop`'s `shop` key. */
export const shop2021_01: RecordShape = derive(shopCommon, {
  add: { allow_customers_to_skip_delivery: [bit, 'recorded'], subscriptions_enabled: [bit, 'recorded'] },
});

/** `GET /shop`'s `store` key. */
export const shopStore2021_01: RecordShape = derive(shopCommon, {
  add: { checkout_platform: [string, 'recorded'] },
});

export const shippingCountry: RecordShape = record({
  code: [string, 'clients'],
  country_id: [integer, 'clients'],
  name: [string, 'clients'],
  provinces: [arrayOf(object({ code: string, name: string })), 'clients'],
});

export const tokenInformation: RecordShape = record({
  client: [object({ name: string, contact_email: string }), 'facts'],
  contact_email: [string, 'clients'],
  name: [string, 'facts'],
  scopes: [arrayOf(string), 'facts'],
});

export const account: RecordShape = record({
  id: [integer, 'facts'],
  created_at: [datetime, 'facts'],
  email: [string, 'facts'],
  first_name: [string, 'facts'],
  invited_at: [orNull(datetime), 'facts'],
  is_owner: [boolean, 'facts'],
  last_name: [string, 'facts'],
  user_id: [integer, 'clients'],
});

export const webhook: RecordShape = record({
  id: [integer, 'facts'],
  address: [string, 'facts'],
  created_at: [datetime, 'facts'],
  included_objects: [arrayOf(string), 'facts'],
  topic: [string, 'facts'],
  updated_at: [datetime, 'facts'],
});

export const event: RecordShape = record({
  id: [integer, 'facts'],
  created_at: [datetime, 'facts'],
  custom_attributes: [orNull(anyValue), 'facts'],
  customer_id: [orNull(integer), 'facts'],
  description: [string, 'facts'],
  // A checkout's events name it by its token.
  object_id: [orNull(oneOf(integer, string)), 'facts'],
  object_type: [string, 'facts'],
  source: [
    object({
      account_id: orNull(integer),
      api_token_id: orNull(integer),
      api_token_name: orNull(string),
      origin: string,
      user_type: orNull(string),
    }),
    'facts',
  ],
  updated_attributes: [orNull(anyValue), 'facts'],
  verb: [string, 'facts'],
});

export const asyncBatch: RecordShape = record({
  id: [integer, 'facts'],
  batch_type: [string, 'facts'],
  closed_at: [orNull(datetime), 'facts'],
  created_at: [datetime, 'facts'],
  fail_task_count: [integer, 'facts'],
  status: [values('not_started', 'processing', 'completed', 'failed'), 'facts'],
  submitted_at: [orNull(datetime), 'facts'],
  success_task_count: [integer, 'facts'],
  total_task_count: [integer, 'facts'],
  updated_at: [datetime, 'facts'],
});

export const asyncBatchTask: RecordShape = record({
  id: [integer, 'facts'],
  batch_id: [integer, 'facts'],
  body: [anyValue, 'facts'],
  completed_at: [orNull(datetime), 'facts'],
  queued_at: [orNull(datetime), 'facts'],
  // The output is the 2021-11 body the task's request answered, whatever the version reading it.
  result: [orNull(object({ status_code: integer, output: orNull(anyValue) })), 'facts'],
  started_at: [orNull(datetime), 'facts'],
  status: [values('pending', 'success', 'failed'), 'facts'],
});

const checkoutLine: Kind = object({
  charge_interval_frequency: orNull(integer),
  cutoff_day_of_month: orNull(integer),
  cutoff_day_of_week: orNull(integer),
  expire_after_specific_number_of_charges: orNull(integer),
  first_recurring_charge_delay: orNull(integer),
  fulfillment_service: string,
  grams: integer,
  handle: orNull(string),
  image: orNull(string),
  line_price: decimal,
  order_day_of_month: orNull(integer),
  order_day_of_week: orNull(integer),
  order_interval_frequency: orNull(integer),
  order_interval_unit: orNull(string),
  order_interval_unit_type: orNull(string),
  original_price: decimal,
  price: decimal,
  product_id: platformId,
  product_type: orNull(string),
  properties: nameValues,
  quantity: integer,
  recurring_price: orNull(decimal),
  requires_shipping: boolean,
  sku: orNull(string),
  tax_code: orNull(string),
  taxable: boolean,
  title: string,
  type: values('SUBSCRIPTION', 'ONETIME'),
  variant_id: platformId,
  variant_title: orNull(string),
  vendor: orNull(string),
});

function checkoutShape(address: Kind): RecordShape {
  return record({
    token: [string, 'spec'],
    analytics_data: [analyticsData, 'spec'],
    applied_discount: [
      orNull(
        object({
          amount: decimal,
          applicable: boolean,
          non_applicable_reason: orNull(string),
          value: decimal,
          value_type: string,
        }),
      ),
      'spec',
    ],
    billing_address: [orNull(address), 'spec'],
    buyer_accepts_marketing: [boolean, 'spec'],
    charge_id: [orNull(integer), 'spec'],
    completed_at: [orNull(datetime), 'spec'],
    created_at: [datetime, 'spec'],
    currency: [string, 'spec'],
    discount_code: [orNull(string), 'spec'],
    email: [orNull(string), 'spec'],
    external_checkout_id: [orNull(string), 'spec'],
    external_checkout_source: [orNull(string), 'spec'],
    external_customer_id: [orNull(string), 'spec'],
    line_items: [arrayOf(checkoutLine), 'spec'],
    note: [orNull(string), 'spec'],
    note_attributes: [nameValues, 'spec'],
    payment_processor: [orNull(string), 'spec'],
    payment_processor_customer_id: [orNull(string), 'spec'],
    payment_processor_transaction_id: [orNull(string), 'spec'],
    phone: [orNull(string), 'spec'],
    requires_shipping: [boolean, 'spec'],
    shipping_address: [orNull(address), 'spec'],
    // Present once an address is given (spec).
    shipping_address_validations: [optional(object({ country_is_supported: boolean, ups: boolean })), 'spec'],
    shipping_line: [
      orNull(arrayOf(object({ code: string, handle: string, price: decimal, title: string }))),
      'spec',
    ],
    shipping_rate: [orNull(string), 'spec'],
    subtotal_price: [decimal, 'spec'],
    tax_lines: [taxLines, 'spec'],
    taxes_included: [boolean, 'spec'],
    total_price: [decimal, 'spec'],
    total_tax: [decimal, 'spec'],
    updated_at: [datetime, 'spec'],
  });
}

export const checkout2021_11: RecordShape = checkoutShape(address2021_11);
export const checkout2021_01: RecordShape = checkoutShape(address2021_01);

export const checkoutCharge: RecordShape = record({
  authorization_token: [orNull(string), 'spec'],
  charge_id: [integer, 'spec'],
  free: [boolean, 'spec'],
  payment_processor: [string, 'spec'],
  payment_processor_customer_id: [orNull(string), 'spec'],
  payment_processor_transaction_id: [orNull(string), 'spec'],
  payment_token: [string, 'spec'],
  payment_type: [string, 'spec'],
  status: [values('successful'), 'spec'],
});

export const shippingRate: RecordShape = record({
  checkout: [object({ subtotal_price: decimal, total_price: decimal, total_tax: decimal }), 'spec'],
  code: [string, 'spec'],
  delivery_range: [orNull(string), 'spec'],
  description: [orNull(string), 'spec'],
  handle: [string, 'spec'],
  name: [string, 'spec'],
  phone_required: [boolean, 'spec'],
  price: [decimal, 'spec'],
  tax_lines: [taxLines, 'spec'],
  title: [string, 'spec'],
});

export const retentionStrategy: RecordShape = record({
  id: [integer, 'facts'],
  cancellation_flow_type: [values('subscription', 'membership'), 'facts'],
  created_at: [datetime, 'facts'],
  discount_code: [orNull(string), 'facts'],
  incentive_type: [values('delay_subscription', 'discount', 'skip_charge', 'swap_product'), 'facts'],
  prevention_text: [orNull(string), 'facts'],
  reason: [string, 'facts'],
  updated_at: [datetime, 'facts'],
});
