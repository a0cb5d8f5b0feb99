/** How payment methods (2021-11) and payment sources (2021-01) are listed. */
import { idsFilter, indexedIntegerFilter, timestampFilters } from '../../http/list/filters.js';
import type { IncludeSpec } from '../../http/list/include.js';
import type { ListSpec } from '../../http/list/list.js';
import type { ApiRequest } from '../../http/types.js';
import { errors, FIELD } from '../../errors/messages.js';
import { addressSerializers } from '../addresses/addresses.serializers.js';
import type { PaymentMethod } from '../../model/payment-method.js';
import { serializePaymentMethod, serializePaymentSource } from './payment-methods.serializers.js';

export const paymentMethodIncludes: IncludeSpec<PaymentMethod> = {
  allowed: { '2021-01': [], '2021-11': ['addresses'] },
  resolve: (method, _name, { store, version }) =>
    store.collections.addresses
      .findBy('customer_id', method.customer_id)
      .filter((address) => address.payment_method_id === method.id)
      .map((address) => addressSerializers[version](address, store)),
};

export const paymentMethodList: ListSpec<PaymentMethod> = {
  name: 'payment_methods',
  collection: (store) => store.collections.payment_methods,
  filters: {
    ids: idsFilter(),
    customer_id: indexedIntegerFilter((store) => store.collections.payment_methods, 'customer_id'),
    ...timestampFilters<PaymentMethod>(),
  },
  sorts: { created_at: (m) => m.created_at, updated_at: (m) => m.updated_at },
  defaultSort: 'id-desc',
  serialize: (method, { version }) => serializePaymentMethod(method, version),
  includes: paymentMethodIncludes,
};

/** Query parameters of GET /customers/{id}/payment_sources: each compares a field of the source. */
const SOURCE_FILTERS = [
  'cardholder_name',
  'card_brand',
  'card_exp_month',
  'card_exp_year',
  'card_last4',
  'customer_id',
  'has_card_error_in_dunning',
  'payment_type',
  'processor_name',
  'status',
  'status_reason',
];

/** A customer's payment methods whose payment-source form matches the query. */
export function paymentSourceList(request: ApiRequest, customerId: number): PaymentMethod[] {
  const wanted = Object.entries(request.query).filter(([name]) => SOURCE_FILTERS.includes(name));
  if (
    request.query.has_card_error_in_dunning &&
    !/^(true|false)$/.test(request.query.has_card_error_in_dunning)
  ) {
    throw errors.field('has_card_error_in_dunning', FIELD.notBoolean);
  }
  return request.store.collections.payment_methods.findBy('customer_id', customerId).filter((method) => {
    const source = serializePaymentSource(method, request.store);
    return wanted.every(([name, value]) => String(source[name]) === value);
  });
}
