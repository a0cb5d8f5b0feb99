/** Request bodies of the customer endpoints, per version, parsed into the canonical fields. */
import * as z from 'zod';
import type { ApiVersion } from '../../model/versions.js';
import { onFirstUse } from '../../platform/first-use.js';
import { findCountry } from '../../domain/addresses/countries.js';
import { definedOnly, schemaParts } from '../schema-parts.js';
import type { CustomerPatch } from '../../domain/customers/customers.service.js';
import { PROCESSOR_TOKEN_FIELDS, type ProcessorTokens } from '../../domain/customers/processor-tokens.js';

/** The bodies of both versions as sent, before they become a CustomerChange. */
function bodies() {
  const { analyticsData, email, optionalText, text } = schemaParts();
  /**
   * A customer's billing country: a country the emulator knows becomes its code (answered by
   * name), any other text is kept as sent. Live evidence (api-facts, wave 3): the service does not
   * check a customer's billing country against a list (an erasure tool wrote "Masked" and the
   * update succeeded); an address's `country_code` is still checked.
   */
  const billingCountry = z.string().transform((value) => findCountry(value)?.code ?? value);
  const processorTokens = {
    stripe_customer_token: optionalText,
    braintree_customer_token: optionalText,
    paypal_customer_token: optionalText,
    authorizedotnet_customer_token: optionalText,
  };

  const billing2021_01 = {
    billing_address1: text,
    billing_address2: optionalText,
    billing_city: text,
    billing_company: optionalText,
    billing_country: billingCountry,
    billing_first_name: text,
    billing_last_name: text,
    billing_phone: optionalText,
    billing_province: z.string(),
    billing_zip: text,
  };

  const create2021_01 = z.object({
    email,
    first_name: text,
    last_name: text,
    ...billing2021_01,
    accepts_marketing: z.boolean().optional(),
    // api-facts (recorded real records): 2021-01 customers carry tax_exempt, so it is taken too.
    tax_exempt: z.boolean().optional(),
    phone: optionalText,
    processor_type: optionalText,
    platform_customer_id: optionalText,
    ...processorTokens,
  });

  const update2021_01 = z
    .object({
      email,
      first_name: text,
      last_name: text,
      ...billing2021_01,
      accepts_marketing: z.boolean(),
      tax_exempt: z.boolean(),
      phone: optionalText,
      platform_customer_id: optionalText,
      ...processorTokens,
    })
    .partial()
    .superRefine((body, ctx) => {
      // Spec: when changing billing_country for US, billing_zip is required.
      if (body.billing_country === 'US' && body.billing_zip === undefined) {
        ctx.addIssue({ code: 'custom', path: ['billing_zip'], message: 'Missing data for required field.' });
      }
    });

  const externalId = z.object({ ecommerce: z.string().nullable().optional() });

  const create2021_11 = z.object({
    email,
    first_name: text,
    last_name: text,
    phone: optionalText,
    external_customer_id: externalId.optional(),
    tax_exempt: z.boolean().optional(),
    apply_credit_to_next_recurring_charge: z.boolean().optional(),
    apply_credit_to_next_checkout_charge: z.boolean().optional(),
    analytics_data: analyticsData.optional(),
  });

  const update2021_11 = create2021_11.partial();

  return { create2021_01, update2021_01, create2021_11, update2021_11 };
}

type Bodies = ReturnType<typeof bodies>;
type Create2021_01 = z.output<Bodies['create2021_01']>;
type Update2021_01 = z.output<Bodies['update2021_01']>;
type Create2021_11 = z.output<Bodies['create2021_11']>;

function tokensOf(body: ProcessorTokens): ProcessorTokens {
  const tokens: ProcessorTokens = {};
  for (const field of Object.keys(PROCESSOR_TOKEN_FIELDS) as (keyof ProcessorTokens)[]) {
    if (body[field]) tokens[field] = body[field];
  }
  return tokens;
}

export interface CustomerChange {
  readonly fields: CustomerPatch;
  readonly tokens: ProcessorTokens;
}

function from2021_01(body: Partial<Create2021_01> | Update2021_01): CustomerChange {
  const billing = definedOnly({
    address1: body.billing_address1,
    address2: body.billing_address2,
    city: body.billing_city,
    company: body.billing_company,
    country_code: body.billing_country,
    first_name: body.billing_first_name,
    last_name: body.billing_last_name,
    phone: body.billing_phone,
    province: body.billing_province,
    zip: body.billing_zip,
  });
  const fields = definedOnly({
    email: body.email,
    first_name: body.first_name,
    last_name: body.last_name,
    phone: body.phone,
    accepts_marketing: body.accepts_marketing,
    tax_exempt: body.tax_exempt,
    external_customer_id: body.platform_customer_id,
    processor_type: 'processor_type' in body ? body.processor_type : undefined,
    billing: Object.keys(billing).length ? billing : undefined,
  });
  return { fields, tokens: tokensOf(body) };
}

function from2021_11(body: Partial<Create2021_11>): CustomerChange {
  const fields = definedOnly({
    email: body.email,
    first_name: body.first_name,
    last_name: body.last_name,
    phone: body.phone,
    external_customer_id: body.external_customer_id
      ? (body.external_customer_id.ecommerce ?? null)
      : undefined,
    tax_exempt: body.tax_exempt,
    apply_credit_to_next_recurring_charge: body.apply_credit_to_next_recurring_charge,
    apply_credit_to_next_checkout_charge: body.apply_credit_to_next_checkout_charge,
    analytics_data: body.analytics_data,
  });
  return { fields, tokens: {} };
}

export const customerSchemas = onFirstUse(
  (): Record<ApiVersion, { create: z.ZodType<CustomerChange>; update: z.ZodType<CustomerChange> }> => {
    const { create2021_01, update2021_01, create2021_11, update2021_11 } = bodies();
    return {
      '2021-01': {
        create: create2021_01.transform(from2021_01),
        update: update2021_01.transform(from2021_01),
      },
      '2021-11': {
        create: create2021_11.transform(from2021_11),
        update: update2021_11.transform(from2021_11),
      },
    };
  },
);
