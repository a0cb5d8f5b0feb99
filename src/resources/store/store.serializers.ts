/**
 * GET /store: the store record (api-facts: Store; fields and kinds in src/resources/shapes/store.ts)
 * built from the emulated store's settings.
 */
import type { Store } from '../../store/store.js';
import type { ApiVersion } from '../../model/versions.js';
import { timestamp } from '../serialize.js';
import { CHECKOUT_PLATFORM, customerPortalUrl, storeEmail } from '../../store/store-facts.js';

/** The store's platform as the store record names it. */
export const EXTERNAL_PLATFORM = {
  platform_a: 'platform_a',
  platform_b_hosted: 'platform_b',
  platform_b_native: 'platform_b',
  custom: 'custom',
} as const;

/** `(GMT+02:00) Europe/Zaporozhye`: a timezone as the service names it. */
export function timezoneName(iana: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: iana, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  const offset = part?.value === 'GMT' ? 'GMT+00:00' : (part?.value ?? 'GMT+00:00');
  return `(${offset}) ${iana}`;
}

/**
 * How the store writes each of its presentment currencies: the symbol (en-US forms), where it
 * stands, and what follows the amount.
 *
 * @example currencySymbols(['EUR']) // [{ currency: 'EUR', location: 'before', suffix: '', symbol: '€' }]
 */
export function currencySymbols(codes: readonly string[]): Record<string, string>[] {
  return codes.map((currency) => {
    const parts = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(1);
    const at = parts.findIndex((part) => part.type === 'currency');
    const number = parts.findIndex((part) => part.type === 'integer');
    return {
      currency,
      location: at < number ? 'before' : 'after',
      suffix: '',
      symbol: parts[at]?.value ?? currency,
    };
  });
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
    // Published clients' models of the store (recharge-api-node): currencies once enabled and dropped.
    disabled_currencies_historical: [],
    email: storeEmail(store),
    enabled_presentment_currencies: settings.enabled_presentment_currencies,
    enabled_presentment_currencies_symbols: currencySymbols(settings.enabled_presentment_currencies),
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
