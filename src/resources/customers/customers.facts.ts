/**
 * What the customer record shows but does not store: subscription counts, status and dunning are
 * derived from the records they describe, so they can never drift from them.
 */
import type { Store } from '../../store/store.js';

export interface CustomerFacts {
  readonly activeSubscriptions: number;
  readonly totalSubscriptions: number;
  /** A charge of the customer is failing and being retried. */
  readonly inDunning: boolean;
}

// Subscriptions and charges join the store with the billing model; until then a customer has none.
export function customerFacts(_store: Store, _customerId: number): CustomerFacts {
  return { activeSubscriptions: 0, totalSubscriptions: 0, inDunning: false };
}
