/** The address record in each version's shape (spec: Address 2021-01 and 2021-11). */
import type { Store } from '../../store/store.js';
import type { ApiVersion } from '../../model/versions.js';
import { timestamp } from '../serialize.js';
import type { Address } from '../../model/address.js';
import { countryName } from '../../domain/addresses/countries.js';

function serialize2021_01(address: Address, store: Store): Record<string, unknown> {
  const currency = address.presentment_currency;
  return {
    id: address.id,
    address1: address.address1,
    address2: address.address2,
    // Deprecated field kept in this version (spec, Versioning 6): mirrors note_attributes.
    cart_attributes: address.attributes,
    cart_note: address.note,
    city: address.city,
    company: address.company,
    country: countryName(address.country_code),
    country_code: address.country_code,
    created_at: timestamp('2021-01', address.created_at),
    customer_id: address.customer_id,
    discount_id: address.discount_id,
    first_name: address.first_name,
    last_name: address.last_name,
    note_attributes: address.attributes,
    // Deprecated field kept in this version: mirrors shipping_lines_override.
    original_shipping_lines: address.shipping_lines_override ?? [],
    phone: address.phone,
    // Spec: set only when different from the store currency.
    presentment_currency: currency && currency !== store.settings.currency ? currency : null,
    province: address.province,
    // api-facts (recorded responses): [] when there is no override, never null (the spec's table
    // says "array or null"; the real records win). Stored null still means "fetch rates".
    shipping_lines_override: address.shipping_lines_override ?? [],
    updated_at: timestamp('2021-01', address.updated_at),
    zip: address.zip,
  };
}

function serialize2021_11(address: Address, store: Store): Record<string, unknown> {
  return {
    id: address.id,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    company: address.company,
    country_code: address.country_code,
    created_at: timestamp('2021-11', address.created_at),
    customer_id: address.customer_id,
    discounts: addressDiscounts(address, store),
    first_name: address.first_name,
    last_name: address.last_name,
    order_attributes: address.attributes,
    order_note: address.note,
    payment_method_id: address.payment_method_id,
    phone: address.phone,
    presentment_currency: address.presentment_currency ?? store.settings.currency,
    province: address.province,
    shipping_lines_conserved: address.shipping_lines_conserved,
    // api-facts (recorded responses): [] when there is no override, never null (the spec's table
    // says "array or null"; the real records win). Stored null still means "fetch rates".
    shipping_lines_override: address.shipping_lines_override ?? [],
    updated_at: timestamp('2021-11', address.updated_at),
    zip: address.zip,
  };
}

/** `discounts` of a 2021-11 address: the applied discount, if any. */
function addressDiscounts(address: Address, store: Store): Record<string, unknown>[] {
  const discount =
    address.discount_id === null ? undefined : store.collections.discounts.get(address.discount_id);
  return discount
    ? [{ id: discount.id, code: discount.code, value: discount.value, value_type: discount.discount_type }]
    : [];
}

export const addressSerializers: Record<
  ApiVersion,
  (address: Address, store: Store) => Record<string, unknown>
> = {
  '2021-01': serialize2021_01,
  '2021-11': serialize2021_11,
};
