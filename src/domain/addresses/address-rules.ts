/**
 * The spec's address validation: the store must ship to the country, some countries need a
 * province, zips follow the country's rule (US and UK patterns), and US addresses go through the
 * emulator's stand-in for the external address-validation service (state and zip must agree).
 */
import { type FieldMessages } from '../failures.js';
import { REQUIRED_FIELD } from '../messages.js';
import type { Store } from '../../store/store.js';
import { COUNTRIES } from './countries.js';
import { findUsState, zipMatchesState } from './us-states.js';

export interface PlaceFields {
  readonly country_code: string;
  readonly province: string | null;
  readonly zip: string | null;
}

/** Checks a complete address's place fields; `countryField` names the country in errors. */
export function placeErrors(
  store: Store,
  place: PlaceFields,
  countryField: 'country' | 'country_code',
): FieldMessages {
  const problems: FieldMessages = {};
  const country = COUNTRIES.get(place.country_code);
  if (!country || !store.settings.shipping_countries.includes(place.country_code)) {
    problems[countryField] = [`The store does not ship to ${place.country_code}.`];
    return problems;
  }
  const province = place.province?.trim() ?? '';
  const zip = place.zip?.trim() ?? '';
  if (country.provinceRequired && !province) problems.province = [REQUIRED_FIELD];
  if (country.zip !== 'none' && !zip) problems.zip = [REQUIRED_FIELD];
  else if (country.zip instanceof RegExp && !country.zip.test(zip)) {
    problems.zip = [`Not a valid zip code for ${country.code}.`];
  }
  if (country.code === 'US' && province) {
    const state = findUsState(province);
    if (!state) problems.province = [`Not a valid US state: ${province}.`];
    else if (!problems.zip && zip && !zipMatchesState(zip, state)) {
      problems.zip = [`Zip code ${zip} is not in ${state.name}.`];
    }
  }
  return problems;
}
