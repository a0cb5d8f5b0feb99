/** Token scopes of the spec's Authentication table. */
export const SCOPES = [
  'read_accounts',
  'write_batches',
  'read_batches',
  'write_customers',
  'read_customers',
  'write_discounts',
  'read_discounts',
  'read_events',
  'write_notifications',
  'write_orders',
  'read_orders',
  'write_payment_methods',
  'read_payment_methods',
  'write_products',
  'read_products',
  'write_subscriptions',
  'read_subscriptions',
  'read_store',
  // api-facts (real tokens): the store information scope; grants read_store.
  'store_info',
  // api-facts (real tokens): needed to send payment-token data on customers.
  'write_payments',
  'read_credit_accounts',
  'read_credit_adjustments',
  // Spec, Topics: gift_purchase/* need the "gift purchase read scope".
  'read_gift_purchases',
] as const;

export type Scope = (typeof SCOPES)[number];
