/**
 * The 2021-01 shop endpoints real clients call (api-facts: real clients and recorded responses):
 * `GET /shop` is the store record in 2021-01 form, `GET /shop/shipping_countries` the countries the
 * store ships to, with the provinces the address validation knows (US states).
 */
import type { Store } from '../../store/store.js';
import { countryId, countryName } from '../../domain/addresses/countries.js';
import { usStates } from '../../domain/addresses/us-states.js';

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
