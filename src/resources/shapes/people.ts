/**
 * Record tables of customers and what hangs off them: addresses, payment methods and sources,
 * metafields, the delivery schedule and credits.
 */
import {
  arrayOf,
  asKind,
  boolean,
  date,
  datetime,
  decimal,
  derive,
  integer,
  object,
  oneOf,
  orNull,
  record,
  string,
  values,
  type RecordShape,
} from './kinds.js';
import {
  address2021_11,
  addressLines,
  analyticsData,
  externalId,
  imageSizes,
  nameValues,
  shippingLineOverride,
} from './parts.js';

export const customer2021_11: RecordShape = record({
  id: [integer, 'facts'],
  analytics_data: [analyticsData, 'facts'],
  apply_credit_to_next_checkout_charge: [boolean, 'recorded'],
  apply_credit_to_next_recurring_charge: [boolean, 'facts'],
  created_at: [datetime, 'facts'],
  email: [string, 'facts'],
  external_customer_id: [externalId, 'facts'],
  first_charge_processed_at: [orNull(datetime), 'facts'],
  first_name: [string, 'facts'],
  has_payment_method_in_dunning: [boolean, 'facts'],
  has_valid_payment_method: [boolean, 'facts'],
  hash: [string, 'facts'],
  last_name: [string, 'facts'],
  phone: [orNull(string), 'facts'],
  subscriptions_active_count: [integer, 'facts'],
  subscriptions_total_count: [integer, 'facts'],
  tax_exempt: [boolean, 'facts'],
  updated_at: [datetime, 'facts'],
});

export const customer2021_01: RecordShape = record({
  id: [integer, 'spec'],
  accepts_marketing: [boolean, 'spec'],
  analytics_data: [analyticsData, 'spec'],
  billing_address1: [orNull(string), 'spec'],
  billing_address2: [orNull(string), 'spec'],
  billing_city: [orNull(string), 'spec'],
  billing_company: [orNull(string), 'spec'],
  billing_country: [orNull(string), 'spec'],
  billing_first_name: [orNull(string), 'spec'],
  billing_last_name: [orNull(string), 'spec'],
  // Recorded: the customer's phone when no billing phone was given.
  billing_phone: [orNull(string), 'spec'],
  billing_province: [orNull(string), 'spec'],
  billing_zip: [orNull(string), 'spec'],
  created_at: [datetime, 'spec'],
  email: [string, 'spec'],
  first_charge_processed_at: [orNull(datetime), 'spec'],
  first_name: [string, 'spec'],
  has_card_error_in_dunning: [boolean, 'spec'],
  has_valid_payment_method: [boolean, 'spec'],
  hash: [string, 'spec'],
  last_name: [string, 'spec'],
  number_active_subscriptions: [integer, 'spec'],
  number_subscriptions: [integer, 'spec'],
  phone: [orNull(string), 'spec'],
  platform_customer_id: [orNull(string), 'spec'],
  processor_type: [orNull(string), 'spec'],
  reason_payment_method_not_valid: [orNull(string), 'spec'],
  status: [values('ACTIVE', 'INACTIVE'), 'spec'],
  tax_exempt: [boolean, 'recorded'],
  updated_at: [datetime, 'spec'],
});

const discountSummary = object({ id: integer, code: string, value: decimal, value_type: string });

export const address2021_11Record: RecordShape = record({
  id: [integer, 'spec'],
  address1: [string, 'spec'],
  address2: [orNull(string), 'spec'],
  city: [string, 'spec'],
  company: [orNull(string), 'spec'],
  country_code: [string, 'spec'],
  created_at: [datetime, 'spec'],
  customer_id: [integer, 'spec'],
  discounts: [arrayOf(discountSummary), 'spec'],
  first_name: [string, 'spec'],
  last_name: [string, 'spec'],
  order_attributes: [nameValues, 'spec'],
  order_note: [orNull(string), 'spec'],
  payment_method_id: [orNull(integer), 'spec'],
  phone: [orNull(string), 'spec'],
  presentment_currency: [string, 'spec'],
  province: [orNull(string), 'spec'],
  shipping_lines_conserved: [arrayOf(shippingLineOverride), 'spec'],
  // Clients: [] when there is no override, never null.
  shipping_lines_override: [arrayOf(shippingLineOverride), 'clients'],
  updated_at: [datetime, 'spec'],
  zip: [orNull(string), 'spec'],
});

export const address2021_01Record: RecordShape = derive(address2021_11Record, {
  omit: ['discounts', 'order_attributes', 'order_note', 'payment_method_id', 'shipping_lines_conserved'],
  add: {
    cart_attributes: [nameValues, 'spec'],
    cart_note: [orNull(string), 'spec'],
    country: [string, 'spec'],
    discount_id: [orNull(integer), 'spec'],
    note_attributes: [nameValues, 'spec'],
    original_shipping_lines: [arrayOf(shippingLineOverride), 'spec'],
    presentment_currency: [orNull(string), 'spec'],
  },
});

export const paymentMethod: RecordShape = record({
  id: [integer, 'facts'],
  // Clients: the billing address names its country beside the code.
  billing_address: [
    orNull(object({ ...addressLines, country_code: orNull(string), country: [orNull(string), 'clients'] })),
    'facts',
  ],
  created_at: [datetime, 'facts'],
  customer_id: [integer, 'facts'],
  default: [boolean, 'facts'],
  include: [oneOf(object({}), object({ addresses: arrayOf(asKind(address2021_11Record)) })), 'clients'],
  // The card of the payment token (docs/real-service-clients.md); null without a card (PayPal, SEPA debit).
  payment_details: [
    object({
      brand: [orNull(string), 'clients'],
      exp_month: [orNull(integer), 'clients'],
      exp_year: [orNull(integer), 'clients'],
      last4: [orNull(string), 'clients'],
    }),
    'facts',
  ],
  payment_type: [values('CREDIT_CARD', 'DEBIT', 'PAYPAL', 'APPLE_PAY', 'GOOGLE_PAY', 'SEPA_DEBIT'), 'facts'],
  processor_customer_token: [orNull(string), 'facts'],
  processor_name: [string, 'facts'],
  processor_payment_method_token: [orNull(string), 'facts'],
  status: [values('unvalidated', 'valid', 'invalid', 'empty'), 'facts'],
  status_reason: [orNull(string), 'facts'],
  updated_at: [datetime, 'facts'],
});

export const paymentSource2021_01: RecordShape = record({
  billing_address: [orNull(object({ id: integer, ...addressLines, country: orNull(string) })), 'spec'],
  cardholder_name: [orNull(string), 'spec'],
  card_brand: [orNull(string), 'spec'],
  card_exp_month: [orNull(integer), 'spec'],
  card_exp_year: [orNull(integer), 'spec'],
  card_last4: [orNull(string), 'spec'],
  customer_id: [integer, 'spec'],
  has_card_error_in_dunning: [boolean, 'spec'],
  payment_token: [orNull(string), 'spec'],
  payment_type: [values('credit', 'debit', 'paypal', 'apple_pay', 'google_pay', 'sepa_debit'), 'spec'],
  processor_name: [string, 'spec'],
  status: [values('active', 'failed'), 'spec'],
  status_reason: [orNull(string), 'spec'],
});

/** One shape in both versions; timestamps follow the version. */
export const metafield: RecordShape = record({
  id: [integer, 'spec'],
  created_at: [datetime, 'spec'],
  description: [orNull(string), 'spec'],
  key: [string, 'spec'],
  namespace: [string, 'spec'],
  // The spec's field docs and the recorded answers: a string, whatever kind the request sent.
  owner_id: [string, 'recorded'],
  owner_resource: [values('address', 'store', 'customer', 'subscription', 'order', 'charge'), 'spec'],
  updated_at: [datetime, 'spec'],
  value: [string, 'spec'],
  value_type: [values('string', 'json_string', 'integer'), 'spec'],
});

const deliveryLine = object({
  purchase_item_id: integer,
  purchase_item_type: values('subscription', 'onetime'),
  subscription_id: orNull(integer),
  external_product_id: object({ ecommerce: string }),
  external_variant_id: object({ ecommerce: string }),
  images: imageSizes,
  // Kept for clients of the emulator's earlier shape (docs/api-behaviour.md).
  is_prepaid: [boolean, 'emulator'],
  is_skippable: boolean,
  is_skipped: boolean,
  original_price: decimal,
  plan_type: values('subscription', 'prepaid', 'onetime'),
  product_title: [string, 'rechargesharp'],
  properties: nameValues,
  quantity: integer,
  subtotal_price: decimal,
  title: string,
  unit_price: decimal,
  variant_title: orNull(string),
});

/** `GET /customers/{id}/delivery_schedule` (2021-11): the whole answer. */
export const deliverySchedule: RecordShape = record({
  customer: [object({ id: integer, email: string, first_name: string, last_name: string }), 'clients'],
  deliveries: [
    arrayOf(
      object({
        date,
        orders: arrayOf(
          object({
            id: orNull(integer),
            address_id: integer,
            charge_id: orNull(integer),
            line_items: arrayOf(deliveryLine),
            order_subtotal: [decimal, 'recorded'],
            payment_method: [orNull(asKind(paymentMethod)), 'clients'],
            shipping_address: orNull(address2021_11),
          }),
        ),
      }),
    ),
    'facts',
  ],
});

export const creditAccount: RecordShape = record({
  id: [integer, 'facts'],
  available_balance: [decimal, 'facts'],
  created_at: [datetime, 'facts'],
  currency_code: [string, 'facts'],
  customer_id: [integer, 'facts'],
  expires_at: [orNull(datetime), 'facts'],
  initial_balance: [decimal, 'facts'],
  name: [orNull(string), 'facts'],
  redemption_code: [orNull(string), 'facts'],
  type: [values('reward', 'manual', 'gift'), 'facts'],
  updated_at: [datetime, 'facts'],
});

export const creditAdjustment: RecordShape = record({
  id: [integer, 'facts'],
  amount: [decimal, 'facts'],
  created_at: [datetime, 'facts'],
  credit_account_id: [integer, 'facts'],
  currency_code: [string, 'facts'],
  ending_balance: [decimal, 'facts'],
  note: [orNull(string), 'facts'],
  type: [values('credit', 'debit'), 'facts'],
});

/** `GET /customers/{id}/credit_summary`. */
export const creditSummary: RecordShape = record({
  customer_id: [integer, 'emulator'],
  currency_code: [string, 'emulator'],
  total_available_balance: [decimal, 'emulator'],
});
