/** zod building blocks shared by the request schemas of several resources. */
import * as z from 'zod';
import { findCountry } from '../domain/addresses/countries.js';
import type { PostalAddress } from '../model/shared.js';
import { onFirstUse } from '../platform/first-use.js';

/** `"2"`, `" 2.5 "`, `"-1"` as numbers; anything else as it is, for the schema to accept or refuse. */
function numericString(value: unknown): unknown {
  return typeof value === 'string' && /^\s*-?\d{1,15}(\.\d+)?\s*$/.test(value) ? Number(value) : value;
}

/**
 * A number field of a request body: `schema` (a `z.number()` with its checks) also takes numeric
 * strings, as the real service does (api-facts: `"quantity": "2"` is accepted as 2). Every number
 * of a request schema goes through here (lint refuses a bare `z.number()` under src/resources); a
 * string that is no number is refused with the usual 422 ("Not a valid number.").
 *
 * @example
 * const quantity = numeric(z.number().int().min(1)); // 2 and "2" give 2; "two" is refused
 */
export function numeric<T extends z.ZodNumber>(schema: T) {
  return z.preprocess(numericString, schema);
}

/** The largest amount a price may be: what the 9 integer digits of a decimal string allow. */
export const MAX_AMOUNT = 999_999_999.99;

/**
 * The shared parts, built with the first schema that uses one (src/platform/first-use.ts). A
 * resource's builder takes the ones it needs at its top.
 *
 * @example
 * export const tagSchemas = onFirstUse(() => {
 *   const { text, integerId } = schemaParts();
 *   return { create: z.object({ name: text, customer_id: integerId }) };
 * });
 */
export const schemaParts = onFirstUse(() => {
  /** A string that may be absent or null. */
  const optionalText = z.string().nullable().optional();
  const nameValue = z.object({ name: z.string(), value: z.string() });
  /** A 2021-11 external id object: `{"ecommerce": "123"}` (a number is taken as its digits). */
  const externalIdObject = z.object({
    ecommerce: z.union([z.string().min(1), numeric(z.number().int()).transform(String)]),
  });
  /** A 2021-01 platform id: an integer or a string, kept as a string. */
  const platformIdInput = z.union([
    numeric(z.number().int().positive()).transform(String),
    z.string().min(1),
  ]);
  return {
    optionalText,
    /** A required string of at least one character. */
    text: z.string().min(1),
    email: z.email(),
    nameValue,
    nameValues: z.array(nameValue),
    shippingLine: z.object({ code: z.string(), price: z.string(), title: z.string() }),
    integerId: numeric(z.number().int().positive()),
    /** An interval's frequency: 2021-01 sends frequencies as strings ("1"); both versions accept either. */
    frequency: numeric(z.number().int().min(1).max(1000)),
    currencyCode: z.string().regex(/^[A-Z]{3}$/, 'Not a valid currency code.'),
    analyticsData: z.object({
      utm_params: z.array(z.record(z.string(), z.string().nullable())).default([]),
    }),
    /** The free-text lines of a postal address, each optional (billing, shipping, checkout). */
    postalTextFields: {
      first_name: optionalText,
      last_name: optionalText,
      company: optionalText,
      address1: optionalText,
      address2: optionalText,
      city: optionalText,
      province: optionalText,
      zip: optionalText,
      phone: optionalText,
    },
    /** A country given as a code or (2021-01) a name, normalized to its 2-letter code. */
    countryField: z.string().transform((value, ctx) => {
      const country = findCountry(value);
      if (!country) {
        ctx.addIssue({ code: 'custom', message: `Unknown country: ${value}.` });
        return z.NEVER;
      }
      return country.code;
    }),
    /**
     * A price: 2021-01 sends numbers, 2021-11 decimal strings; both become a decimal string. A
     * number is bounded like the string (1e308 would print as `1e+308`, not a decimal amount).
     */
    amount: z
      .union([
        z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'Not a valid decimal amount.'),
        numeric(z.number().nonnegative().max(MAX_AMOUNT)),
      ])
      .transform((value) => (typeof value === 'number' ? value.toFixed(2) : value)),
    /** A date, or a datetime whose date part counts (2021-01 sends `2025-01-15T00:00:00`). */
    calendarDay: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}([T ].*)?$/, 'Not a valid date.')
      .transform((value) => value.slice(0, 10)),
    externalIdObject,
    platformIdInput,
    /** The catalog ids of an item line (a subscription's, a one-time's) in 2021-11. */
    itemIds2021_11: { external_product_id: externalIdObject, external_variant_id: externalIdObject },
    /** The catalog ids of an item line in 2021-01. */
    itemIds2021_01: { platform_product_id: platformIdInput, platform_variant_id: platformIdInput },
  };
});

type PostalText = {
  readonly [K in keyof ReturnType<typeof schemaParts>['postalTextFields']]?: string | null;
};

/** A parsed address with every absent line as null, in the canonical shape. */
export function postalAddress(value: PostalText, countryCode: string | null | undefined): PostalAddress {
  return {
    first_name: value.first_name ?? null,
    last_name: value.last_name ?? null,
    company: value.company ?? null,
    address1: value.address1 ?? null,
    address2: value.address2 ?? null,
    city: value.city ?? null,
    province: value.province ?? null,
    zip: value.zip ?? null,
    country_code: countryCode ?? null,
    phone: value.phone ?? null,
  };
}

type Defined<T> = { [K in keyof T]?: Exclude<T[K], undefined> };

/** Drops the keys whose value is `undefined`: a partial update carries only what it changes. */
export function definedOnly<T extends object>(value: T): Defined<T> {
  // A loop, not fromEntries(entries().filter()): every parsed request body goes through here.
  const defined: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== undefined) defined[key] = item;
  }
  return defined as Defined<T>;
}
