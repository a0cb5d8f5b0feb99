/** Request bodies of the address endpoints, per version, parsed into canonical fields. */
import * as z from 'zod';
import { errors } from '../../errors/messages.js';
import type { ApiVersion } from '../../model/versions.js';
import { onFirstUse } from '../../platform/first-use.js';
import { definedOnly, schemaParts } from '../schema-parts.js';
import type { AddressFields } from '../../domain/addresses/addresses.service.js';

/** The fields of both versions' bodies as sent, before they become AddressFields. */
function bodies() {
  const { countryField, currencyCode, integerId, nameValues, optionalText, shippingLine, text } =
    schemaParts();
  const place = {
    address1: text,
    address2: optionalText,
    city: text,
    company: optionalText,
    first_name: text,
    last_name: text,
    // Spec: phone is required but may be empty.
    phone: z.string().nullable(),
    // Province and zip are required keys; whether they may be empty depends on the country.
    province: z.string().nullable(),
    zip: z.string().nullable(),
    presentment_currency: currencyCode.nullable().optional(),
    shipping_lines_override: z.array(shippingLine).nullable().optional(),
  };

  const fields2021_01 = z.object({
    ...place,
    country: countryField.optional(),
    country_code: countryField.optional(),
    cart_note: optionalText,
    note_attributes: nameValues.nullable().optional(),
  });

  const fields2021_11 = z.object({
    ...place,
    country_code: countryField,
    order_note: optionalText,
    order_attributes: nameValues.nullable().optional(),
    payment_method_id: integerId.nullable().optional(),
  });

  return { fields2021_01, fields2021_11 };
}

type Parsed2021_01 = Partial<z.output<ReturnType<typeof bodies>['fields2021_01']>>;
type Parsed2021_11 = Partial<z.output<ReturnType<typeof bodies>['fields2021_11']>>;

function common(body: Parsed2021_01 | Parsed2021_11) {
  return {
    address1: body.address1,
    address2: body.address2,
    city: body.city,
    company: body.company,
    first_name: body.first_name,
    last_name: body.last_name,
    phone: body.phone,
    province: body.province,
    zip: body.zip,
    presentment_currency: body.presentment_currency,
    shipping_lines_override: body.shipping_lines_override,
  };
}

function from2021_01(body: Parsed2021_01): Partial<AddressFields> {
  return definedOnly({
    ...common(body),
    country_code: body.country ?? body.country_code,
    note: body.cart_note,
    attributes: body.note_attributes === undefined ? undefined : (body.note_attributes ?? []),
  });
}

function from2021_11(body: Parsed2021_11): Partial<AddressFields> {
  return definedOnly({
    ...common(body),
    country_code: body.country_code,
    note: body.order_note,
    attributes: body.order_attributes === undefined ? undefined : (body.order_attributes ?? []),
    payment_method_id: body.payment_method_id,
  });
}

/** Fills what a create may leave out. */
export function completeAddress(fields: Partial<AddressFields>): AddressFields {
  return {
    first_name: fields.first_name ?? '',
    last_name: fields.last_name ?? '',
    company: fields.company ?? null,
    address1: fields.address1 ?? '',
    address2: fields.address2 ?? null,
    city: fields.city ?? '',
    province: fields.province ?? null,
    zip: fields.zip ?? null,
    country_code: fields.country_code ?? '',
    phone: fields.phone ?? null,
    note: fields.note ?? null,
    attributes: fields.attributes ?? [],
    presentment_currency: fields.presentment_currency ?? null,
    shipping_lines_override: fields.shipping_lines_override ?? null,
    payment_method_id: fields.payment_method_id ?? null,
  };
}

/** Required keys of a 2021-11 address create; missing ones are named in one `_schema` message. */
const REQUIRED_2021_11 = [
  'address1',
  'city',
  'country_code',
  'customer_id',
  'first_name',
  'last_name',
  'phone',
  'province',
  'zip',
];

/** 2021-11 create: a missing required field is a whole-request problem (api-facts, 422 `_schema`). */
export function checkRequired2021_11(body: Readonly<Record<string, unknown>>): void {
  const missing = REQUIRED_2021_11.filter((key) => body[key] === undefined);
  if (missing.length === 1) throw errors.schema(`${missing[0]} is a required field.`);
  if (missing.length > 1) throw errors.schema(`${missing.join(', ')} are required fields.`);
}

/** The request bodies of the address endpoints, built on first use (src/platform/first-use.ts). */
export const addressSchemas = onFirstUse(() => {
  const { integerId } = schemaParts();
  const { fields2021_01, fields2021_11 } = bodies();
  const create2021_01 = fields2021_01
    .superRefine((body, ctx) => {
      if (body.country === undefined && body.country_code === undefined) {
        ctx.addIssue({ code: 'custom', path: ['country'], message: 'Missing data for required field.' });
      }
    })
    .transform(from2021_01);

  // One object, `customer_id` first (where the intersection it replaces named it): an intersection
  // parsed the body twice and merged the two results, a fifth of an address create.
  const create2021_11 = z
    .object({ customer_id: integerId, ...fields2021_11.shape })
    .transform((body) => ({ customer_id: body.customer_id, fields: from2021_11(body) }));

  return {
    create2021_01,
    create2021_11,
    update: {
      '2021-01': fields2021_01.partial().transform(from2021_01),
      '2021-11': fields2021_11.partial().transform(from2021_11),
    } satisfies Record<ApiVersion, z.ZodType<Partial<AddressFields>>>,
  };
});
