/**
 * The deprecated 2021-01 processor token fields of a customer: each one sent creates a payment
 * method with its processor (spec: Customer, deprecated fields).
 */
export const PROCESSOR_TOKEN_FIELDS = {
  stripe_customer_token: 'stripe',
  braintree_customer_token: 'braintree',
  paypal_customer_token: 'braintree',
  authorizedotnet_customer_token: 'authorize',
} as const;

/** The processor tokens a request sent, by field. */
export type ProcessorTokens = Partial<Record<keyof typeof PROCESSOR_TOKEN_FIELDS, string | null>>;
