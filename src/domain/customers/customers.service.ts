/** Business rules of customers: unique email per store, cascade on delete, events. */
import { runCommand } from '../command.js';
import { fail } from '../failures.js';
import { recordEvent } from '../events/event-log.js';
import type { Store } from '../../store/store.js';
import { removeAddress } from '../addresses/addresses.service.js';
import { removeMetafieldsOf } from '../metafields/metafields.service.js';
import { createPaymentMethod, removePaymentMethodsOf } from '../payment-methods/payment-methods.service.js';
import { changedFields } from '../changed-fields.js';
import type { ServiceContext } from '../service-context.js';
import type { PostalAddress } from '../../model/shared.js';
import type { Customer } from '../../model/customer.js';
import { PROCESSOR_TOKEN_FIELDS, type ProcessorTokens } from './processor-tokens.js';

export type CustomerFields = Omit<
  Customer,
  'id' | 'hash' | 'created_at' | 'updated_at' | 'first_charge_processed_at'
>;

/** A change to a customer: only the fields it names, the billing address partially. */
export type CustomerPatch = Partial<Omit<CustomerFields, 'billing'>> & {
  readonly billing?: Partial<PostalAddress>;
};

const EMPTY_BILLING: PostalAddress = {
  first_name: null,
  last_name: null,
  company: null,
  address1: null,
  address2: null,
  city: null,
  province: null,
  zip: null,
  country_code: null,
  phone: null,
};

export function findCustomer(store: Store, id: number): Customer {
  const customer = store.collections.customers.get(id);
  if (!customer) throw fail.notFound();
  return customer;
}

// Real-service wording: the value is a bare string, not a list (api-facts).
const emailTaken = () => fail.bare('email', 'email already exists on store');

function assertEmailFree(store: Store, email: string, self?: number): void {
  const holder = store.collections.customers.findOne('email', email.toLowerCase());
  if (holder && holder.id !== self) throw emailTaken();
}

function addTokenPaymentMethods(ctx: ServiceContext, customer: Customer, tokens: ProcessorTokens): void {
  for (const [field, token] of Object.entries(tokens)) {
    if (!token) continue;
    createPaymentMethod(ctx, {
      customer_id: customer.id,
      default: true,
      processor_name: PROCESSOR_TOKEN_FIELDS[field as keyof ProcessorTokens],
      processor_customer_token: token,
      processor_payment_method_token: token,
      payment_type: 'CREDIT_CARD',
      billing_address: customer.billing,
    });
  }
}

export function createCustomer(
  ctx: ServiceContext,
  fields: CustomerPatch & Pick<CustomerFields, 'email' | 'first_name' | 'last_name'>,
  tokens: ProcessorTokens = {},
): Customer {
  return runCommand(ctx, () => {
    const { store } = ctx;
    assertEmailFree(store, fields.email);
    const now = store.now();
    const customer = store.collections.customers.insert({
      id: store.nextId('customers'),
      email: fields.email,
      first_name: fields.first_name,
      last_name: fields.last_name,
      phone: fields.phone ?? null,
      accepts_marketing: fields.accepts_marketing ?? false,
      billing: { ...EMPTY_BILLING, ...fields.billing },
      external_customer_id: fields.external_customer_id ?? null,
      hash: store.random.hex(24),
      analytics_data: fields.analytics_data ?? { utm_params: [] },
      tax_exempt: fields.tax_exempt ?? false,
      apply_credit_to_next_recurring_charge: fields.apply_credit_to_next_recurring_charge ?? false,
      apply_credit_to_next_checkout_charge: fields.apply_credit_to_next_checkout_charge ?? false,
      processor_type: fields.processor_type ?? null,
      first_charge_processed_at: null,
      created_at: now,
      updated_at: now,
    });
    recordEvent(store, ctx.actor, {
      object_type: 'customer',
      verb: 'created',
      object_id: customer.id,
      customer_id: customer.id,
    });
    addTokenPaymentMethods(ctx, customer, tokens);
    return customer;
  });
}

export function updateCustomer(
  ctx: ServiceContext,
  id: number,
  fields: CustomerPatch,
  tokens: ProcessorTokens = {},
): Customer {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const before = findCustomer(store, id);
    if (fields.email !== undefined) assertEmailFree(store, fields.email, id);
    const after = store.collections.customers.update(id, {
      ...fields,
      billing: { ...before.billing, ...fields.billing },
      updated_at: store.now(),
    });
    recordEvent(store, ctx.actor, {
      object_type: 'customer',
      verb: 'updated',
      object_id: id,
      customer_id: id,
      updated_attributes: changedFields(before, after),
    });
    addTokenPaymentMethods(ctx, after, tokens);
    return after;
  });
}

/** Deletes a customer with its addresses (and what hangs off them), payment methods and metafields. */
export function deleteCustomer(ctx: ServiceContext, id: number): void {
  return runCommand(ctx, () => {
    const { store } = ctx;
    findCustomer(store, id);
    for (const address of store.collections.addresses.findBy('customer_id', id)) {
      removeAddress(ctx, address.id);
    }
    removePaymentMethodsOf(ctx, id);
    removeMetafieldsOf(store, 'customer', id);
    store.collections.customers.delete(id);
    recordEvent(store, ctx.actor, {
      object_type: 'customer',
      verb: 'deleted',
      object_id: id,
      customer_id: id,
    });
  });
}
