/** Request bodies of the 2021-11 payment method endpoints. */
import * as z from 'zod';
import { onFirstUse } from '../../platform/first-use.js';
import { numeric, postalAddress, schemaParts } from '../schema-parts.js';
import { PAYMENT_TYPES, PROCESSORS, type PaymentDetails } from '../../model/payment-method.js';

/** The parts of the bodies the mapping below reads. */
function bodyParts() {
  const { countryField, optionalText, postalTextFields } = schemaParts();
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
  return { billingAddress, paymentDetails, billingAddressUpdate };
}

type BodyParts = ReturnType<typeof bodyParts>;

function completeBilling(value: z.output<BodyParts['billingAddress']> | null | undefined) {
  return value ? postalAddress(value, value.country_code) : null;
}

/** The card details the client sent; the service fills the others from the payment token's card. */
function sentDetails(
  value: z.output<BodyParts['paymentDetails']> | undefined,
): Partial<PaymentDetails> | undefined {
  if (!value) return undefined;
  const sent: { -readonly [K in keyof PaymentDetails]?: PaymentDetails[K] } = {};
  if (value.brand !== undefined) sent.brand = value.brand;
  if (value.exp_month !== undefined) sent.exp_month = value.exp_month;
  if (value.exp_year !== undefined) sent.exp_year = value.exp_year;
  if (value.last4 !== undefined) sent.last4 = value.last4;
  return sent;
}

/** The request bodies of the payment method endpoints, built on first use (src/platform/first-use.ts). */
export const paymentMethodSchemas = onFirstUse(() => {
  const { integerId } = schemaParts();
  const { billingAddress, paymentDetails, billingAddressUpdate } = bodyParts();
  const create = z
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
      payment_details: sentDetails(body.payment_details),
    }));

  const update = z
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
      ...(payment_details !== undefined ? { payment_details: sentDetails(payment_details) } : {}),
    }));
  return { create, update };
});
