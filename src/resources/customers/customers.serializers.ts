/** The customer record in each version's shape (spec: Customer 2021-01; api-facts: 2021-11). */
import type { Store } from '../../store/store.js';
import type { ApiVersion } from '../../model/versions.js';
import { countryName } from '../../domain/addresses/countries.js';
import { hasValidPaymentMethod } from '../../domain/payment-methods/payment-methods.service.js';
import { timestamp } from '../serialize.js';
import type { Customer } from '../../model/customer.js';
import { customerFacts } from '../../domain/customers/customer-facts.js';

function serialize2021_01(customer: Customer, store: Store): Record<string, unknown> {
  const facts = customerFacts(store, customer.id);
  const validMethod = hasValidPaymentMethod(store, customer.id);
  const b = customer.billing;
  return {
    id: customer.id,
    accepts_marketing: customer.accepts_marketing,
    analytics_data: customer.analytics_data,
    billing_address1: b.address1,
    billing_address2: b.address2,
    billing_city: b.city,
    billing_company: b.company,
    billing_country: b.country_code ? countryName(b.country_code) : null,
    billing_first_name: b.first_name,
    billing_last_name: b.last_name,
    // api-facts (recorded real records): the customer's phone when no billing phone was given.
    billing_phone: b.phone ?? customer.phone,
    billing_province: b.province,
    billing_zip: b.zip,
    created_at: timestamp('2021-01', customer.created_at),
    email: customer.email,
    first_charge_processed_at: timestamp('2021-01', customer.first_charge_processed_at),
    first_name: customer.first_name,
    has_card_error_in_dunning: facts.inDunning,
    has_valid_payment_method: validMethod,
    hash: customer.hash,
    last_name: customer.last_name,
    number_active_subscriptions: facts.activeSubscriptions,
    number_subscriptions: facts.totalSubscriptions,
    phone: customer.phone,
    platform_customer_id: customer.external_customer_id,
    processor_type: customer.processor_type,
    reason_payment_method_not_valid: validMethod ? null : 'no valid payment method',
    status: facts.active ? 'ACTIVE' : 'INACTIVE',
    tax_exempt: customer.tax_exempt,
    updated_at: timestamp('2021-01', customer.updated_at),
  };
}

function serialize2021_11(customer: Customer, store: Store): Record<string, unknown> {
  const facts = customerFacts(store, customer.id);
  return {
    id: customer.id,
    analytics_data: customer.analytics_data,
    apply_credit_to_next_checkout_charge: customer.apply_credit_to_next_checkout_charge ?? false,
    apply_credit_to_next_recurring_charge: customer.apply_credit_to_next_recurring_charge,
    created_at: timestamp('2021-11', customer.created_at),
    email: customer.email,
    external_customer_id: { ecommerce: customer.external_customer_id },
    first_charge_processed_at: timestamp('2021-11', customer.first_charge_processed_at),
    first_name: customer.first_name,
    has_payment_method_in_dunning: facts.inDunning,
    has_valid_payment_method: hasValidPaymentMethod(store, customer.id),
    hash: customer.hash,
    last_name: customer.last_name,
    phone: customer.phone,
    subscriptions_active_count: facts.activeSubscriptions,
    subscriptions_total_count: facts.totalSubscriptions,
    tax_exempt: customer.tax_exempt,
    updated_at: timestamp('2021-11', customer.updated_at),
  };
}

export const customerSerializers: Record<
  ApiVersion,
  (customer: Customer, store: Store) => Record<string, unknown>
> = {
  '2021-01': serialize2021_01,
  '2021-11': serialize2021_11,
};
