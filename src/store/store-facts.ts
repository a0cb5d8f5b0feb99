/**
 * Facts about a store that follow from its settings and id: which checkout serves it, its contact
 * address and its customer portal. The store record (GET /store), notifications and checkouts all
 * read them here.
 */
import type { Store } from './store.js';

/** Which checkout serves the store (spec rule 5: the compatibility tags). */
export const CHECKOUT_PLATFORM = {
  platform_a: 'service_hosted',
  platform_b_hosted: 'service_hosted',
  platform_b_native: 'platform_b_hosted',
  custom: 'service_hosted',
} as const;

/** The store's domain (its portal URLs live there). */
export function storeDomain(store: Store): string {
  return `store-${store.id}.example`;
}

/** The customer portal of a store (also linked from notification emails). */
export function customerPortalUrl(store: Store): string {
  return `https://${storeDomain(store)}/portal`;
}

/**
 * The store's contact address: the `email` setting, else a default, so a store always has one
 * (api-facts: token information's `contact_email` is this string). Also the sender of notification emails.
 */
export function storeEmail(store: Store): string {
  return store.settings.email ?? `owner@store-${store.id}.example`;
}
