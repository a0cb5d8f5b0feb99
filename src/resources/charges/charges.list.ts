/** How charges are listed: every filter of both versions' charge lists (spec: Charges). */
import {
  dayFilter,
  enumFilter,
  idsFilter,
  indexedIntegerFilter,
  indexedStringFilter,
  timestampFilters,
} from '../../http/list/filters.js';
import type { FilterParser, ListSpec } from '../../http/list/list.js';
import type { IncludeSpec } from '../../http/list/include.js';
import type { Store } from '../../store/store.js';
import { customerSerializers } from '../customers/customers.serializers.js';
import { metafieldSerializer } from '../metafields/metafields.serializers.js';
import { serializePaymentMethod } from '../payment-methods/payment-methods.serializers.js';
import { CHARGE_STATUSES, type Charge } from '../../model/charge.js';
import { chargeSerializers } from './charges.serializers.js';

const charges = (store: Store) => store.collections.charges;

export const chargeIncludes: IncludeSpec<Charge> = {
  allowed: { '2021-01': ['metafields'], '2021-11': ['customer', 'metafields', 'payment_methods'] },
  resolve: (charge, name, { store, version }) => {
    if (name === 'metafields') {
      return store.collections.metafields
        .findBy('owner', `charge:${charge.id}`)
        .map((m) => metafieldSerializer(m, version));
    }
    if (name === 'customer') {
      const customer = store.collections.customers.get(charge.customer_id);
      return customer ? customerSerializers[version](customer, store) : null;
    }
    return store.collections.payment_methods
      .findBy('customer_id', charge.customer_id)
      .map((method) => serializePaymentMethod(method, version));
  },
};

/** `discount_code`: charges carrying the discount with that code. */
const byDiscountCode: FilterParser<Charge> = (raw) => {
  const code = raw.trim().toLowerCase();
  return { test: (charge) => charge.discount?.code.toLowerCase() === code };
};

const purchaseItem = indexedIntegerFilter(charges, 'purchase_item_id');
const scheduledOn = dayFilter<Charge>((c) => c.scheduled_at, 'eq');
const scheduledFrom = dayFilter<Charge>((c) => c.scheduled_at, 'min');
const scheduledUntil = dayFilter<Charge>((c) => c.scheduled_at, 'max');
const orderId = indexedStringFilter(charges, 'external_order_id');

export const chargeList: ListSpec<Charge> = {
  name: 'charges',
  collection: charges,
  filters: {
    ids: idsFilter(),
    address_id: indexedIntegerFilter(charges, 'address_id'),
    customer_id: indexedIntegerFilter(charges, 'customer_id'),
    discount_id: indexedIntegerFilter(charges, 'discount_id'),
    discount_code: byDiscountCode,
    status: enumFilter(CHARGE_STATUSES, (c) => c.status),
    purchase_item_id: purchaseItem,
    subscription_id: purchaseItem,
    external_order_id: orderId,
    platform_order_id: orderId,
    scheduled_at: scheduledOn,
    scheduled_at_min: scheduledFrom,
    scheduled_at_max: scheduledUntil,
    date: scheduledOn,
    date_min: scheduledFrom,
    date_max: scheduledUntil,
    ...timestampFilters<Charge>(),
  },
  sorts: {
    created_at: (c) => c.created_at,
    updated_at: (c) => c.updated_at,
    scheduled_at: (c) => c.scheduled_at,
    // 2021-01 calls the scheduled date charge_date.
    charge_date: (c) => c.scheduled_at,
  },
  defaultSort: 'id-asc',
  // Spec: /charges requests using updated_at_min or created_at_min return no Link header.
  noLinkWith: ['updated_at_min', 'created_at_min'],
  serialize: (charge, { store, version }) => chargeSerializers[version](charge, store),
  // The serializers read the charge, its customer, the products of its lines and the time zone.
  keepsTexts: true,
  includes: chargeIncludes,
};

export const CHARGE_COUNT_FILTERS = [
  'address_id',
  'customer_id',
  'date',
  'date_max',
  'date_min',
  'discount_id',
  'platform_order_id',
  'status',
  'subscription_id',
];
