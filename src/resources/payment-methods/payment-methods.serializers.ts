/** Payment methods (2021-11 shape) and the deprecated 2021-01 payment sources derived from them. */
import type { Store } from '../../store/store.js';
import type { ApiVersion } from '../../model/versions.js';
import { countryName } from '../../domain/addresses/countries.js';
import { customerFacts } from '../../domain/customers/customer-facts.js';
import { timestamp } from '../serialize.js';
import type { PaymentMethod, PaymentType } from '../../model/payment-method.js';

/** Payment methods have one shape; only timestamps follow the version (they are 2021-11 records). */
export function serializePaymentMethod(method: PaymentMethod, version: ApiVersion): Record<string, unknown> {
  return {
    id: method.id,
    // api-facts (recorded responses): the billing address names its country beside the code.
    billing_address: method.billing_address && {
      ...method.billing_address,
      country: method.billing_address.country_code ? countryName(method.billing_address.country_code) : null,
    },
    created_at: timestamp(version, method.created_at),
    customer_id: method.customer_id,
    default: method.default,
    // api-facts (real clients): the record always carries `include`, {} when nothing is included
    // (`?include=addresses` fills it).
    include: {},
    payment_details: method.payment_details,
    payment_type: method.payment_type,
    processor_customer_token: method.processor_customer_token,
    processor_name: method.processor_name,
    processor_payment_method_token: method.processor_payment_method_token,
    status: method.status,
    status_reason: method.status_reason,
    updated_at: timestamp(version, method.updated_at),
  };
}

const SOURCE_TYPES: Readonly<Record<PaymentType, string>> = {
  CREDIT_CARD: 'credit',
  DEBIT: 'debit',
  PAYPAL: 'paypal',
  APPLE_PAY: 'apple_pay',
  GOOGLE_PAY: 'google_pay',
  SEPA_DEBIT: 'sepa_debit',
};

/** The deprecated 2021-01 payment source (spec: Payment source) of a payment method. */
export function serializePaymentSource(method: PaymentMethod, store: Store): Record<string, unknown> {
  const billing = method.billing_address;
  const facts = customerFacts(store, method.customer_id);
  return {
    billing_address: billing && {
      id: method.id,
      address1: billing.address1,
      address2: billing.address2,
      city: billing.city,
      company: billing.company,
      country: billing.country_code ? countryName(billing.country_code) : null,
      first_name: billing.first_name,
      last_name: billing.last_name,
      phone: billing.phone,
      province: billing.province,
      zip: billing.zip,
    },
    cardholder_name: billing
      ? [billing.first_name, billing.last_name].filter(Boolean).join(' ') || null
      : null,
    card_brand: method.payment_details.brand,
    card_exp_month: method.payment_details.exp_month,
    card_exp_year: method.payment_details.exp_year,
    card_last4: method.payment_details.last4,
    customer_id: method.customer_id,
    has_card_error_in_dunning: facts.inDunning,
    payment_token: method.processor_payment_method_token,
    payment_type: SOURCE_TYPES[method.payment_type],
    processor_name: method.processor_name,
    status: method.status === 'valid' || method.status === 'unvalidated' ? 'active' : 'failed',
    status_reason: method.status_reason,
  };
}
