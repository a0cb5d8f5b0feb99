/** Pieces every version's serializers share. */
import { countryName } from '../domain/addresses/countries.js';
import type { ApiVersion } from '../model/versions.js';
import type { PostalAddress, Timestamp } from '../model/shared.js';

/** 2021-01: `YYYY-MM-DDTHH:MM:SS` (no offset); 2021-11: `YYYY-MM-DDTHH:MM:SS+00:00`. */
export function timestamp(version: ApiVersion, value: Timestamp): string;
export function timestamp(version: ApiVersion, value: Timestamp | null): string | null;
export function timestamp(version: ApiVersion, value: Timestamp | null): string | null {
  if (value === null) return null;
  const base = value.slice(0, 19);
  return version === '2021-01' ? base : `${base}+00:00`;
}

/**
 * A postal address inside a 2021-01 record: the country's name (`country`) instead of its code.
 *
 * @example address2021_01({ ...address, country_code: 'US' }).country // 'United States'
 */
export function address2021_01(address: PostalAddress): Record<string, unknown> {
  const { country_code, ...rest } = address;
  return { ...rest, country: country_code ? countryName(country_code) : null };
}

/**
 * The 2021-01 form of a platform id: the number when the external id is a safe integer (platform
 * ids are integers there), the string otherwise.
 *
 * @example platformIdOutput('7001') // 7001
 */
export function platformIdOutput(externalId: string): number | string {
  const value = Number(externalId);
  return /^\d+$/.test(externalId) && Number.isSafeInteger(value) ? value : externalId;
}
