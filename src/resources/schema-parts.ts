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
