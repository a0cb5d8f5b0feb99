import { SCOPES, type Scope } from '../model/scopes.js';

export { SCOPES, type Scope };

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
