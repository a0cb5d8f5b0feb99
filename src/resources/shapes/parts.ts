/** Kinds that several record tables share: addresses, images, name/value pairs, tax lines, external ids. */
import {
  arrayOf,
  boolean,
  decimal,
  integer,
  number,
  object,
  oneOf,
  orNull,
  string,
  type Kind,
} from './kinds.js';

/** `{ecommerce: "..."}` (2021-11 external ids); null inside when the platform gave none. */
export const externalId: Kind = object({ ecommerce: orNull(string) });

/** Spec, Conventions: `{name, value}`. */
export const nameValue: Kind = object({ name: string, value: string });
export const nameValues: Kind = arrayOf(nameValue);

/** `analytics_data` (spec: `utm_params` array). */
export const analyticsData: Kind = object({
  utm_params: arrayOf(
    object({
      utm_campaign: orNull(string),
      utm_content: orNull(string),
      utm_data_source: orNull(string),
      utm_medium: orNull(string),
      utm_source: orNull(string),
      utm_term: orNull(string),
      utm_time_stamp: orNull(string),
    }),
  ),
});

/** Spec, Conventions: tax line `{price, rate, title}`. */
export const taxLine: Kind = object({ price: decimal, rate: number, title: string });
export const taxLines: Kind = arrayOf(taxLine);

/** The lines of a postal address (both versions; the country field differs). */
export const addressLines = {
  address1: orNull(string),
  address2: orNull(string),
  city: orNull(string),
  company: orNull(string),
  first_name: orNull(string),
  last_name: orNull(string),
  phone: orNull(string),
  province: orNull(string),
  zip: orNull(string),
};

/** A postal address inside a 2021-11 record (`country_code`). */
export const address2021_11: Kind = object({ ...addressLines, country_code: orNull(string) });

/** A postal address inside a 2021-01 record (`country`, the name). */
export const address2021_01: Kind = object({ ...addressLines, country: orNull(string) });

/** The four sizes of a product's first image (nulls without one). */
export const imageSizes: Kind = object({
  large: orNull(string),
  medium: orNull(string),
  original: orNull(string),
  small: orNull(string),
});

/** `client_details` of charges and orders. */
export const clientDetails: Kind = object({ browser_ip: orNull(string), user_agent: orNull(string) });

/** A platform id in 2021-01 records: the number when it is one, else the string. */
export const platformId: Kind = oneOf(integer, string);

/** `{code, price, title}` (spec: shipping line, override form). */
export const shippingLineOverride: Kind = object({ code: string, price: decimal, title: string });

/** `channel_settings` entries: `{can_apply}` on discounts, `{display}` on plans. */
export function channelSettings(flag: 'can_apply' | 'display'): Kind {
  const entry = object({ [flag]: boolean });
  return object({ api: entry, checkout_page: entry, customer_portal: entry, merchant_portal: entry });
}
