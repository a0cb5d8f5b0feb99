/** zod building blocks shared by the request schemas of several resources. */
import * as z from 'zod';
import { findCountry } from './addresses/countries.js';

/** A string that may be absent or null. */
export const optionalText = z.string().nullable().optional();
/** A required string of at least one character. */
export const text = z.string().min(1);
export const email = z.email();
export const nameValue = z.object({ name: z.string(), value: z.string() });
export const nameValues = z.array(nameValue);
export const shippingLine = z.object({ code: z.string(), price: z.string(), title: z.string() });
export const integerId = z.number().int().positive();
export const currencyCode = z.string().regex(/^[A-Z]{3}$/, 'Not a valid currency code.');
export const analyticsData = z.object({
  utm_params: z.array(z.record(z.string(), z.string().nullable())).default([]),
});
/** A country given as a code or (2021-01) a name, normalized to its 2-letter code. */
export const countryField = z.string().transform((value, ctx) => {
  const country = findCountry(value);
  if (!country) {
    ctx.addIssue({ code: 'custom', message: `Unknown country: ${value}.` });
    return z.NEVER;
  }
  return country.code;
});

type Defined<T> = { [K in keyof T]?: Exclude<T[K], undefined> };

/** Drops the keys whose value is `undefined`: a partial update carries only what it changes. */
export function definedOnly<T extends object>(value: T): Defined<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Defined<T>;
}

/** A price: 2021-01 sends numbers, 2021-11 decimal strings; both become a decimal string. */
export const amount = z
  .union([z.number().nonnegative(), z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, 'Not a valid decimal amount.')])
  .transform((value) => (typeof value === 'number' ? value.toFixed(2) : value));

/** A date, or a datetime whose date part counts (2021-01 sends `2025-01-15T00:00:00`). */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}([T ].*)?$/, 'Not a valid date.')
  .transform((value) => value.slice(0, 10));

/** A 2021-11 external id object: `{"ecommerce": "123"}` (a number is taken as its digits). */
export const externalIdObject = z.object({
  ecommerce: z.union([z.string().min(1), z.number().int().transform(String)]),
});

/** A 2021-01 platform id: an integer or a string, kept as a string. */
export const platformIdInput = z.union([z.number().int().positive().transform(String), z.string().min(1)]);
