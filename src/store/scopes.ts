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

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && (SCOPES as readonly string[]).includes(value);
}

/**
 * Scopes that also grant another: real tokens name the store scope `store_info`; tokens issued with
 * the emulator's earlier `write_payment_methods` keep sending payment tokens on customers.
 */
const ALSO_GRANTED_BY: Partial<Record<Scope, readonly Scope[]>> = {
  read_store: ['store_info'],
  write_payments: ['write_payment_methods'],
};

/**
 * Whether scopes `held` allow `needed`: a write scope also grants the matching read scope, as in
 * the merchant admin, and ALSO_GRANTED_BY adds the real tokens' names.
 *
 * @example
 * grants(new Set(['store_info']), 'read_store'); // true
 */
export function grants(held: ReadonlySet<Scope>, needed: Scope): boolean {
  if (held.has(needed)) return true;
  if (ALSO_GRANTED_BY[needed]?.some((scope) => held.has(scope))) return true;
  return needed.startsWith('read_') && held.has(needed.replace('read_', 'write_') as Scope);
}
