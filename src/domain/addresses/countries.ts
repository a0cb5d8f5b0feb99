/**
 * Countries the emulator knows: 2-letter code, the name 2021-01 uses in `country`, whether a
 * province is required, and how the zip is checked (spec: address create/update validation).
 */

export interface Country {
  readonly code: string;
  readonly name: string;
  readonly provinceRequired: boolean;
  /** `none`: the country has no postal codes; `required`: any non-empty zip; a RegExp: that pattern. */
  readonly zip: 'none' | 'required' | RegExp;
}

const US_ZIP = /^\d{5}(?:-\d{4})?$/;
const UK_POSTCODE =
  /^(?:GIR ?0AA|[A-PR-UWYZ](?:\d{1,2}|[A-HK-Y]\d(?:\d|[ABEHMNPRV-Y])?|\d[A-HJKPS-UW]) ?\d[ABD-HJLNP-UW-Z]{2})$/i;

// [code, name, provinceRequired, zip]
const TABLE: readonly (readonly [string, string, boolean, Country['zip']])[] = [
  ['AE', 'United Arab Emirates', true, 'none'],
  ['AR', 'Argentina', true, 'required'],
  ['AT', 'Austria', false, 'required'],
  ['AU', 'Australia', true, 'required'],
  ['BE', 'Belgium', false, 'required'],
  ['BR', 'Brazil', true, 'required'],
  ['BS', 'Bahamas', false, 'none'],
  ['CA', 'Canada', true, 'required'],
  ['CH', 'Switzerland', false, 'required'],
  ['CL', 'Chile', true, 'required'],
  ['CN', 'China', true, 'required'],
  ['CO', 'Colombia', true, 'required'],
  ['CZ', 'Czech Republic', false, 'required'],
  ['DE', 'Germany', false, 'required'],
  ['DK', 'Denmark', false, 'required'],
  ['EE', 'Estonia', false, 'required'],
  ['ES', 'Spain', true, 'required'],
  ['FI', 'Finland', false, 'required'],
  ['FJ', 'Fiji', false, 'none'],
  ['FR', 'France', false, 'required'],
  ['GB', 'United Kingdom', false, UK_POSTCODE],
  ['GH', 'Ghana', false, 'none'],
  ['GR', 'Greece', false, 'required'],
  ['HK', 'Hong Kong', true, 'none'],
  ['HU', 'Hungary', false, 'required'],
  ['ID', 'Indonesia', true, 'required'],
  ['IE', 'Ireland', true, 'required'],
  ['IL', 'Israel', false, 'required'],
  ['IN', 'India', true, 'required'],
  ['IS', 'Iceland', false, 'required'],
  ['IT', 'Italy', true, 'required'],
  ['JM', 'Jamaica', false, 'none'],
  ['JP', 'Japan', true, 'required'],
  ['KR', 'South Korea', true, 'required'],
  ['LT', 'Lithuania', false, 'required'],
  ['LU', 'Luxembourg', false, 'required'],
  ['LV', 'Latvia', false, 'required'],
  ['MO', 'Macao', false, 'none'],
  ['MX', 'Mexico', true, 'required'],
  ['MY', 'Malaysia', true, 'required'],
  ['NG', 'Nigeria', true, 'required'],
  ['NL', 'Netherlands', false, 'required'],
  ['NO', 'Norway', false, 'required'],
  ['NZ', 'New Zealand', false, 'required'],
  ['PA', 'Panama', true, 'none'],
  ['PE', 'Peru', true, 'required'],
  ['PH', 'Philippines', true, 'required'],
  ['PL', 'Poland', false, 'required'],
  ['PT', 'Portugal', false, 'required'],
  ['QA', 'Qatar', false, 'none'],
  ['RO', 'Romania', false, 'required'],
  ['SA', 'Saudi Arabia', false, 'required'],
  ['SE', 'Sweden', false, 'required'],
  ['SG', 'Singapore', false, 'required'],
  ['SI', 'Slovenia', false, 'required'],
  ['SK', 'Slovakia', false, 'required'],
  ['TH', 'Thailand', true, 'required'],
  ['TR', 'Turkey', false, 'required'],
  ['TW', 'Taiwan', false, 'required'],
  ['UG', 'Uganda', false, 'none'],
  ['US', 'United States', true, US_ZIP],
  ['UY', 'Uruguay', false, 'required'],
  ['VN', 'Vietnam', false, 'required'],
  ['ZA', 'South Africa', true, 'required'],
];

export const COUNTRIES: ReadonlyMap<string, Country> = new Map(
  TABLE.map(([code, name, provinceRequired, zip]) => [code, { code, name, provinceRequired, zip }]),
);

const BY_NAME = new Map([...COUNTRIES.values()].map((country) => [country.name.toLowerCase(), country]));
BY_NAME.set('united states of america', COUNTRIES.get('US') as Country);
BY_NAME.set('usa', COUNTRIES.get('US') as Country);
BY_NAME.set('great britain', COUNTRIES.get('GB') as Country);

/** Finds a country by 2-letter code or by name (2021-01 sends names), case-insensitively. */
export function findCountry(value: string): Country | undefined {
  const trimmed = value.trim();
  return COUNTRIES.get(trimmed.toUpperCase()) ?? BY_NAME.get(trimmed.toLowerCase());
}

/** The name 2021-01 shows in `country` fields. */
export function countryName(code: string): string {
  return COUNTRIES.get(code)?.name ?? code;
}

const COUNTRY_IDS = new Map(TABLE.map(([code], index) => [code, index + 1]));

/** A stable number for a country (its place in the table; `country_id` of 2021-01 shipping countries). */
export function countryId(code: string): number | null {
  return COUNTRY_IDS.get(code) ?? null;
}
