/**
 * `GET /`: the store as the service's older documentation shows it (api-facts: "Live evidence,
 * wave 3"). Integrations call it as their connection test; fields and kinds in
 * src/resources/shapes/store.ts (`rootStore`). The emulator knows no postal address of a store:
 * its country is the first it ships to, its province null.
 */
import { countryName } from '../../domain/addresses/countries.js';
import type { Store } from '../../store/store.js';
import { storeDomain, storeEmail } from '../../store/store-facts.js';
import { timezoneName } from './store.serializers.js';

/** The name of the store's owner (its owner staff account), else the store's name. */
function ownerName(store: Store): string {
  for (const account of store.collections.accounts.values()) {
    if (account.is_owner) return `${account.first_name} ${account.last_name}`.trim();
  }
  return store.name;
}

/**
 * @example rootStore(store).store_url // 'https://store-7.example'
 */
export function rootStore(store: Store): Record<string, unknown> {
  const { settings } = store;
  const country = settings.shipping_countries[0];
  return {
    country: country === undefined ? null : countryName(country),
    currency: settings.currency,
    email: storeEmail(store),
    iana_timezone: settings.timezone,
    province: null,
    shop_owner: ownerName(store),
    store_id: store.id,
    store_name: store.name,
    store_timezone: timezoneName(settings.timezone, store.clock.date()),
    store_url: `https://${storeDomain(store)}`,
  };
}
