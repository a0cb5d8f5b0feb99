/** Request bodies of the 2021-11 payment method endpoints. */
import * as z from 'zod';
import {
  countryField,
  integerId,
  optionalText,
  postalAddress,
  postalTextFields,
  numeric,
} from '../schema-parts.js';
import { PAYMENT_TYPES, PROCESSORS } from '../../model/payment-method.js';

const billingAddress = z.object({
  ...postalTextFields,
  country_code: countryField.nullable().optional(),
});

const paymentDetails = z.object({
  brand: optionalText,
  exp_month: numeric(z.number().int().min(1).max(12)).nullable().optional(),
  exp_year: numeric(z.number().int().min(2000).max(2200)).nullable().optional(),
  last4: z
    .string()
    .regex(/^\d{4}$/, 'Must be 4 digits.')
    .nullable()
    .optional(),
});

/**
 * An update's billing address: a line sent as null is refused with nested errors, as the real
 * service does (api-facts: `{"errors": {"billing_address": {"address1": ["Field may not be null."]}}}`).
 */
const billingLine = z.string().optional();
const billingAddressUpdate = z.object({
  first_name: billingLine,
  last_name: billingLine,
  company: billingLine,
  address1: billingLine,
  address2: billingLine,
  city: billingLine,
  province: billingLine,
  zip: billingLine,
  phone: billingLine,
  country_code: countryField.optional(),
});

function completeBilling(value: z.output<typeof billingAddress> | null | undefined) {
  return value ? postalAddress(value, value.country_code) : null;
}

function completeDetails(value: z.output<typeof paymentDetails> | undefined) {
  return {
    brand: value?.brand ?? null,
    exp_month: value?.exp_month ?? null,
    exp_year: value?.exp_year ?? null,
    last4: value?.last4 ?? null,
  };
}

export const paymentMethodCreate = z
  .object({
    customer_id: integerId,
    default: z.boolean().default(false),
    payment_type: z.enum(PAYMENT_TYPES).default('CREDIT_CARD'),
    processor_name: z.enum(PROCESSORS),
    processor_customer_token: z.string().min(1),
    processor_payment_method_token: z.string().min(1),
    billing_address: billingAddress.nullable().optional(),
    payment_details: paymentDetails.optional(),
  })
  .transform((body) => ({
    ...body,
    billing_address: completeBilling(body.billing_address),
    payment_details: completeDetails(body.payment_details),
  }));

export const paymentMethodUpdate = z
  .object({
    default: z.boolean(),
    payment_type: z.enum(PAYMENT_TYPES),
    processor_name: z.enum(PROCESSORS),
    processor_customer_token: z.string().min(1),
    processor_payment_method_token: z.string().min(1),
    billing_address: billingAddressUpdate.nullable(),
    payment_details: paymentDetails,
  })
  .partial()
  .transform(({ billing_address, payment_details, ...rest }) => ({
    ...rest,
    ...(billing_address !== undefined ? { billing_address: completeBilling(billing_address) } : {}),
    ...(payment_details !== undefined ? { payment_details: completeDetails(payment_details) } : {}),
  }));
