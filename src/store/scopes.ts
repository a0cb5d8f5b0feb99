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
  'read_credit_accounts',
  'read_credit_adjustments',
  // Spec, Topics: gift_purchase/* need the "gift purchase read scope".
  'read_gift_purchases',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && (SCOPES as readonly string[]).includes(value);
}

/** A write scope also grants the matching read scope, as in the merchant admin. */
export function grants(held: ReadonlySet<Scope>, needed: Scope): boolean {
  if (held.has(needed)) return true;
  return needed.startsWith('read_') && held.has(needed.replace('read_', 'write_') as Scope);
}
