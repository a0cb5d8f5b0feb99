/**
 * POST /addresses/validate (USA only): the emulator's stand-in for the external US
 * address-validation service. Problems come back in `errors` of a 200 (spec, Errors 7).
 */
import * as z from 'zod';
import { errors } from '../../errors/messages.js';
import type { FieldErrors } from '../../errors/api-error.js';
import type { Gate } from '../../http/types.js';
import { parseWith } from '../../errors/validation.js';
import { onFirstUse } from '../../platform/first-use.js';
import { findCountry } from '../../domain/addresses/countries.js';
import { findUsState, zipMatchesState } from '../../domain/addresses/us-states.js';

/** The request body, built on first use (src/platform/first-use.ts). */
const body = onFirstUse(() =>
  z.object({
    address1: z.string().nullable().optional(),
    city: z.string().nullable().optional(),
    state: z.string().nullable().optional(),
    zipcode: z.string().nullable().optional(),
    country: z.string().nullable().optional(),
    country_code: z.string().nullable().optional(),
  }),
);

const US_ZIP = /^\d{5}(?:-\d{4})?$/;

/** Spec rule 5's USA-only tag: the endpoint's gate states it, the handler enforces it. */
export const US_ONLY: Gate & { readonly countries: readonly string[] } = { countries: ['US'] };

export function validateUsAddress(input: unknown): Record<string, unknown> {
  const parsed = parseWith(body(), input);
  const country = parsed.country_code ?? parsed.country;
  // No country given: the address is taken as a US one.
  const code = country ? findCountry(country)?.code : 'US';
  if (!code || !US_ONLY.countries.includes(code)) {
    throw errors.field(
      parsed.country_code ? 'country_code' : 'country',
      'Address validation is only available for the United States.',
    );
  }
  const problems: FieldErrors = {};
  for (const field of ['address1', 'city', 'state', 'zipcode'] as const) {
    if (!parsed[field]?.trim()) problems[field] = ['Missing data for required field.'];
  }
  const state = parsed.state ? findUsState(parsed.state) : undefined;
  if (parsed.state?.trim() && !state) problems.state = [`Not a valid US state: ${parsed.state}.`];
  const zip = parsed.zipcode?.trim() ?? '';
  if (zip && !US_ZIP.test(zip)) problems.zipcode = ['Not a valid US zip code.'];
  else if (zip && state && !zipMatchesState(zip, state))
    problems.zipcode = [`Zip code ${zip} is not in ${state.name}.`];
  return {
    city: parsed.city?.trim() ?? null,
    errors: problems,
    state: state?.code ?? parsed.state ?? null,
    state_name: state?.name ?? null,
    zipcode: zip || null,
  };
}
