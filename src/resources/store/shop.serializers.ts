/**
 * The 2021-01 shop endpoints real clients call (api-facts: real clients and recorded responses):
 * `GET /shop` answers the store twice, under `shop` and `store`, in the recorded 2021-01 form
 * (timestamps as HTTP dates, the timezone as text; fields and kinds in
 * src/resources/shapes/store.ts); `GET /shop/shipping_countries` the countries the store ships to,
 * with the provinces the address validation knows (US states).
 */
import type { Store } from '../../store/store.js';
import { countryId, countryName } from '../../domain/addresses/countries.js';
import { usStates } from '../../domain/addresses/us-states.js';
import { CHECKOUT_PLATFORM, storeDomain, storeEmail } from '../../store/store-facts.js';
import { EXTERNAL_PLATFORM, currencySymbols, timezoneName } from './store.serializers.js';

/** The processor the emulator's test payment tokens stand for (README: test tokens). */
const PAYMENT_PROCESSOR = 'stripe';

/** What `shop` and `store` of `GET /shop` both carry. */
function shopCommon(store: Store): Record<string, unknown> {
  const { settings } = store;
  const domain = storeDomain(store);
  return {
    checkout_logo_url: null,
    // api-facts (recorded real records): HTTP dates in this answer ("Wed, 21 Apr 2021 11:44:38 GMT").
    created_at: new Date(store.created_at).toUTCString(),
    currency: settings.currency,
    customer_portal_domain: '',
    disabled_currencies_historical: [],
    domain,
    email: storeEmail(store),
    enabled_presentment_currencies: settings.enabled_presentment_currencies,
    enabled_presentment_currencies_symbols: currencySymbols(settings.enabled_presentment_currencies),
    external_platform: EXTERNAL_PLATFORM[settings.platform],
    iana_timezone: settings.timezone,
    id: store.id,
    // The dialect names it with the platform's word (`my_shopify_domain`).
    my_platform_domain: domain,
    name: store.name,
    payment_processor: PAYMENT_PROCESSOR,
    // The real field's own name, not the platform's word.
    platform_domain: domain,
    shop_email: storeEmail(store),
    shop_phone: settings.phone,
    test_mode: false,
    timezone: timezoneName(settings.timezone, store.clock.date()),
    updated_at: new Date(store.updated_at).toUTCString(),
  };
}

/**
 * `GET /shop` (2021-01): the same store under both keys.
 *
 * @example shopAnswer(store).shop.iana_timezone // 'America/New_York'
 */
export function shopAnswer(store: Store): { shop: Record<string, unknown>; store: Record<string, unknown> } {
  return {
    shop: { ...shopCommon(store), allow_customers_to_skip_delivery: 1, subscriptions_enabled: 1 },
    store: { ...shopCommon(store), checkout_platform: CHECKOUT_PLATFORM[store.settings.platform] },
  };
}

/** Provinces of a country, as far as the emulator knows them (the US only). */
function provincesOf(code: string): { code: string; name: string }[] {
  return code === 'US' ? usStates().map((state) => ({ code: state.code, name: state.name })) : [];
}

/**
 * The store's shipping countries (`shipping_countries` setting) in the 2021-01 shape.
 *
 * @example shippingCountries(store)[0] // { code: 'US', country_id: 61, name: 'United States', provinces: [...] }
 */
export function shippingCountries(store: Store): Record<string, unknown>[] {
  return store.settings.shipping_countries.map((code) => ({
    code,
    country_id: countryId(code),
    name: countryName(code),
    provinces: provincesOf(code),
  }));
}
