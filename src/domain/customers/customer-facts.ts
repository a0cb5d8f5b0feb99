/**
 * What the customer record shows but does not store: subscription counts, status and dunning are
 * derived from the records they describe, so they can never drift from them.
 */
import { inDunning } from '../charges/dunning.js';
import { customerStanding, isActiveCustomer } from './customer-status.js';
import type { Store } from '../../store/store.js';

export interface CustomerFacts {
  readonly activeSubscriptions: number;
  /** The customer's status (spec: Customer status; `isActiveCustomer`). */
  readonly active: boolean;
  readonly totalSubscriptions: number;
  /** A charge of the customer is failing and being retried. */
  readonly inDunning: boolean;
}

export function customerFacts(store: Store, customerId: number): CustomerFacts {
  let dunning = false;
  for (const id of store.collections.charges.idsBy('customer_id', customerId)) {
    const charge = store.collections.charges.get(id);
    if (charge && inDunning(charge)) dunning = true;
  }
  const standing = customerStanding(store, customerId);
  return {
    activeSubscriptions: standing.active,
    active: isActiveCustomer(standing),
    totalSubscriptions: standing.total,
    inDunning: dunning,
  };
}
