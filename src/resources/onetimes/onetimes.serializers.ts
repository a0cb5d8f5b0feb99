/** The one-time record in each version's shape (api-facts: Onetime). */
import type { ApiVersion } from '../../model/versions.js';
import { platformIdOutput, timestamp } from '../serialize.js';
import type { Onetime } from '../../model/onetime.js';

function serialize2021_11(onetime: Onetime): Record<string, unknown> {
  return {
    id: onetime.id,
    address_id: onetime.address_id,
    customer_id: onetime.customer_id,
    created_at: timestamp('2021-11', onetime.created_at),
    external_product_id: { ecommerce: onetime.external_product_id },
    external_variant_id: { ecommerce: onetime.external_variant_id },
    is_cancelled: onetime.is_cancelled,
    next_charge_scheduled_at: onetime.next_charge_scheduled_at,
    presentment_currency: onetime.presentment_currency,
    price: onetime.price,
    product_title: onetime.product_title,
    properties: onetime.properties,
    quantity: onetime.quantity,
    sku: onetime.sku,
    sku_override: onetime.sku_override,
    // Live evidence (api-facts, wave 3): the record says what it is, in answers and `onetime/*` payloads.
    type: 'onetime',
    updated_at: timestamp('2021-11', onetime.updated_at),
    variant_title: onetime.variant_title,
  };
}

function serialize2021_01(onetime: Onetime): Record<string, unknown> {
  return {
    id: onetime.id,
    address_id: onetime.address_id,
    customer_id: onetime.customer_id,
    created_at: timestamp('2021-01', onetime.created_at),
    next_charge_scheduled_at: `${onetime.next_charge_scheduled_at}T00:00:00`,
    platform_product_id: platformIdOutput(onetime.external_product_id),
    platform_variant_id: platformIdOutput(onetime.external_variant_id),
    presentment_currency: onetime.presentment_currency,
    price: Number(onetime.price),
    product_title: onetime.product_title,
    properties: onetime.properties,
    quantity: onetime.quantity,
    sku: onetime.sku,
    sku_override: onetime.sku_override,
    status: onetime.is_cancelled ? 'CANCELLED' : 'ONETIME',
    updated_at: timestamp('2021-01', onetime.updated_at),
    variant_title: onetime.variant_title,
  };
}

export const onetimeSerializers: Record<ApiVersion, (onetime: Onetime) => Record<string, unknown>> = {
  '2021-01': serialize2021_01,
  '2021-11': serialize2021_11,
};
