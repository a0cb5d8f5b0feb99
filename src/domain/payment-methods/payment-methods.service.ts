/** Business rules of payment methods: one default per customer, ownership, events. */
import { runCommand } from '../command.js';
import { fail } from '../failures.js';
import { cardUpdated } from '../charges/payments.js';
import { cardDetails } from '../charges/processor.js';
import { recordEvent } from '../events/event-log.js';
import type { Store } from '../../store/store.js';
import { changedFields } from '../changed-fields.js';
import type { ServiceContext } from '../service-context.js';
import type { PaymentDetails, PaymentMethod } from '../../model/payment-method.js';

/**
 * What a payment method is saved with. `payment_details` holds what the client sent: the fields it
 * leaves out describe the card of the payment token (`cardDetails`).
 */
export type PaymentMethodFields = Omit<
  PaymentMethod,
  'id' | 'created_at' | 'updated_at' | 'status' | 'status_reason' | 'payment_details'
> & { readonly payment_details?: Partial<PaymentDetails> };

/** The fields sent, over the card the token stands for (or over `base` when the card is the same). */
function detailsOf(
  store: Store,
  method: Pick<PaymentMethod, 'payment_type' | 'processor_payment_method_token'>,
  sent: Partial<PaymentDetails> | undefined,
  base?: PaymentDetails,
): PaymentDetails {
  const card = base ?? cardDetails(method.processor_payment_method_token, method.payment_type, store.now());
  return { ...card, ...sent };
}

export function findPaymentMethod(store: Store, id: number): PaymentMethod {
  const method = store.collections.payment_methods.get(id);
  if (!method) throw fail.notFound();
  return method;
}

/** Keeps exactly one default among a customer's payment methods. */
function clearOtherDefaults(store: Store, customerId: number, keep: number): void {
  for (const other of store.collections.payment_methods.findBy('customer_id', customerId)) {
    if (other.id !== keep && other.default) {
      store.collections.payment_methods.update(other.id, { default: false, updated_at: store.now() });
    }
  }
}

export function createPaymentMethod(ctx: ServiceContext, fields: PaymentMethodFields): PaymentMethod {
  return runCommand(ctx, () => {
    const { store } = ctx;
    if (!store.collections.customers.has(fields.customer_id)) {
      throw fail.field('customer_id', 'Customer not found.');
    }
    const isFirst = store.collections.payment_methods.countBy('customer_id', fields.customer_id) === 0;
    const now = store.now();
    const method = store.collections.payment_methods.insert({
      ...fields,
      payment_details: detailsOf(store, fields, fields.payment_details),
      id: store.nextId('payment_methods'),
      default: fields.default || isFirst,
      status: 'valid',
      status_reason: null,
      created_at: now,
      updated_at: now,
    });
    if (method.default) clearOtherDefaults(store, method.customer_id, method.id);
    recordEvent(store, ctx.actor, {
      object_type: 'payment_method',
      verb: 'created',
      object_id: method.id,
      customer_id: method.customer_id,
    });
    // A new default card during dunning retries the failing charges tomorrow (api-facts, Dunning).
    if (method.default) cardUpdated(ctx, method.customer_id);
    return method;
  });
}

export function updatePaymentMethod(
  ctx: ServiceContext,
  id: number,
  fields: Partial<Omit<PaymentMethodFields, 'customer_id'>>,
): PaymentMethod {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const before = findPaymentMethod(store, id);
    const { payment_details: sent, ...rest } = fields;
    const card = { ...before, ...rest };
    // A new token (or a payment type with or without a card) is another card: its details, under what was sent.
    const sameCard =
      card.processor_payment_method_token === before.processor_payment_method_token &&
      card.payment_type === before.payment_type;
    const after = store.collections.payment_methods.update(id, {
      ...rest,
      ...(sameCard && sent === undefined
        ? {}
        : { payment_details: detailsOf(store, card, sent, sameCard ? before.payment_details : undefined) }),
      updated_at: store.now(),
    });
    if (after.default) clearOtherDefaults(store, after.customer_id, id);
    recordEvent(store, ctx.actor, {
      object_type: 'payment_method',
      verb: 'updated',
      object_id: id,
      customer_id: after.customer_id,
      updated_attributes: changedFields(before, after),
    });
    const newCard =
      before.processor_payment_method_token !== after.processor_payment_method_token ||
      before.processor_customer_token !== after.processor_customer_token ||
      JSON.stringify(before.payment_details) !== JSON.stringify(after.payment_details);
    if (newCard && after.default) cardUpdated(ctx, after.customer_id);
    return after;
  });
}

/**
 * Deletes a payment method. `whenUsed: 'refuse'` (the API) refuses one that addresses use, as the
 * real service does (422); `'detach'` (deleting its customer) leaves those addresses without one.
 *
 * @example deletePaymentMethod(request, 7, 'refuse');
 */
export function deletePaymentMethod(ctx: ServiceContext, id: number, whenUsed: 'refuse' | 'detach'): void {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const method = findPaymentMethod(store, id);
    const used = store.collections.addresses
      .findBy('customer_id', method.customer_id)
      .some((address) => address.payment_method_id === id);
    if (used && whenUsed === 'refuse')
      throw fail.fields({ address: ['Can not delete payment method associated with addresses'] });
    for (const address of store.collections.addresses.findBy('customer_id', method.customer_id)) {
      if (address.payment_method_id === id) {
        store.collections.addresses.update(address.id, { payment_method_id: null, updated_at: store.now() });
      }
    }
    store.collections.payment_methods.delete(id);
    recordEvent(store, ctx.actor, {
      object_type: 'payment_method',
      verb: 'deleted',
      object_id: id,
      customer_id: method.customer_id,
    });
  });
}

export function removePaymentMethodsOf(ctx: ServiceContext, customerId: number): void {
  return runCommand(ctx, () => {
    for (const method of ctx.store.collections.payment_methods.findBy('customer_id', customerId)) {
      deletePaymentMethod(ctx, method.id, 'detach');
    }
  });
}

/** A customer's default payment method (the one charges use), else their newest. */
export function defaultPaymentMethod(store: Store, customerId: number): PaymentMethod | undefined {
  const methods = store.collections.payment_methods.findBy('customer_id', customerId);
  return methods.find((method) => method.default) ?? methods.at(-1);
}

export function hasValidPaymentMethod(store: Store, customerId: number): boolean {
  const methods = store.collections.payment_methods;
  for (const id of methods.idsBy('customer_id', customerId))
    if (methods.get(id)?.status === 'valid') return true;
  return false;
}
