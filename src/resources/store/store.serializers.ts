/** GET /store: the store record (api-facts: Store) built from the emulated store's settings. */
import type { Store } from '../../store/store.js';
import type { ApiVersion } from '../../store/versions.js';
import { timestamp } from '../serialize.js';

const EXTERNAL_PLATFORM = {
  platform_a: 'platform_a',
  platform_b_hosted: 'platform_b',
  platform_b_native: 'platform_b',
  custom: 'custom',
} as const;

/** Which checkout serves the store (spec rule 5: the compatibility tags). */
export const CHECKOUT_PLATFORM = {
  platform_a: 'service_hosted',
  platform_b_hosted: 'service_hosted',
  platform_b_native: 'platform_b_hosted',
  custom: 'service_hosted',
} as const;

function timezoneName(iana: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: iana, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  const offset = part?.value === 'GMT' ? 'GMT+00:00' : (part?.value ?? 'GMT+00:00');
  return `(${offset}) ${iana}`;
}

/** The customer portal of a store (also linked from notification emails). */
export function customerPortalUrl(store: Store): string {
  return `https://store-${store.id}.example/portal`;
}

/**
 * The store's contact address: the `email` setting, else a default, so a store always has one
 * (api-facts: token information's `contact_email` is this string). Also the sender of notification emails.
 */
export function storeEmail(store: Store): string {
  return store.settings.email ?? `owner@store-${store.id}.example`;
}

export function serializeStore(store: Store, version: ApiVersion): Record<string, unknown> {
  const { settings } = store;
  const identifier = `store-${store.id}`;
  return {
    id: store.id,
    // api-facts (real clients and recorded responses): string or null; the emulator has no logo.
    checkout_logo_url: null,
    checkout_platform: CHECKOUT_PLATFORM[settings.platform],
    created_at: timestamp(version, store.created_at),
    currency: settings.currency,
    customer_portal_base_url: customerPortalUrl(store),
    default_api_version: settings.default_api_version,
    email: storeEmail(store),
    enabled_presentment_currencies: settings.enabled_presentment_currencies,
    external_platform: EXTERNAL_PLATFORM[settings.platform],
    identifier,
    merchant_portal_base_url: `https://${identifier}.example/admin`,
    name: store.name,
    phone: settings.phone,
    timezone: { iana_name: settings.timezone, name: timezoneName(settings.timezone, store.clock.date()) },
    updated_at: timestamp(version, store.updated_at),
    weight_unit: 'lb',
  };
}
