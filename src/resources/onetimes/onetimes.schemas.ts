/** Request bodies of the one-time endpoints, per version. */
import * as z from 'zod';
import type { ApiVersion } from '../../model/versions.js';
import { onFirstUse } from '../../platform/first-use.js';
import { definedOnly, numeric, schemaParts } from '../schema-parts.js';
import type { OnetimeChange } from '../../domain/onetimes/onetimes.service.js';

/** The fields of both versions' bodies as sent, before they become a OnetimeChange. */
function bodies() {
  const { amount, calendarDay, itemIds2021_01, itemIds2021_11, nameValues, optionalText } = schemaParts();
  const common = {
    price: amount,
    product_title: z.string().min(1),
    variant_title: optionalText,
    sku: optionalText,
    sku_override: z.boolean(),
    quantity: numeric(z.number().int().min(1).max(100_000)),
    properties: nameValues,
    next_charge_scheduled_at: calendarDay,
  };

  const fields2021_11 = z.object({
    ...common,
    ...itemIds2021_11,
  });
  const fields2021_01 = z.object({
    ...common,
    ...itemIds2021_01,
  });
  return { fields2021_11, fields2021_01 };
}

type Fields2021_11 = z.output<ReturnType<typeof bodies>['fields2021_11']>;
type Fields2021_01 = z.output<ReturnType<typeof bodies>['fields2021_01']>;

function pick(body: Partial<Fields2021_01 & Fields2021_11>) {
  return {
    price: body.price,
    product_title: body.product_title,
    variant_title: body.variant_title,
    sku: body.sku,
    sku_override: body.sku_override,
    quantity: body.quantity,
    properties: body.properties,
    next_charge_scheduled_at: body.next_charge_scheduled_at,
  };
}

const from2021_11 = (body: Partial<Fields2021_11>): OnetimeChange =>
  definedOnly({
    ...pick(body),
    external_product_id: body.external_product_id?.ecommerce,
    external_variant_id: body.external_variant_id?.ecommerce,
  });

const from2021_01 = (body: Partial<Fields2021_01>): OnetimeChange =>
  definedOnly({
    ...pick(body),
    external_product_id: body.platform_product_id,
    external_variant_id: body.platform_variant_id,
  });

export interface OnetimeCreate {
  readonly address_id: number;
  readonly change: OnetimeChange;
}

/** The request bodies of the one-time endpoints, per version, built on first use (src/platform/first-use.ts). */
export const onetimeSchemas = onFirstUse(
  (): Record<ApiVersion, { create: z.ZodType<OnetimeCreate>; update: z.ZodType<OnetimeChange> }> => {
    const { calendarDay, externalIdObject, integerId, platformIdInput } = schemaParts();
    const { fields2021_11, fields2021_01 } = bodies();
    const addressId = { address_id: integerId };

    return {
      '2021-01': {
        create: fields2021_01
          .partial()
          .extend({
            ...addressId,
            platform_variant_id: platformIdInput,
            next_charge_scheduled_at: calendarDay,
          })
          .transform((body) => ({ address_id: body.address_id, change: from2021_01(body) })),
        update: fields2021_01.partial().transform(from2021_01),
      },
      '2021-11': {
        create: fields2021_11
          .partial()
          .extend({
            ...addressId,
            external_variant_id: externalIdObject,
            next_charge_scheduled_at: calendarDay,
          })
          .transform((body) => ({ address_id: body.address_id, change: from2021_11(body) })),
        update: fields2021_11.partial().transform(from2021_11),
      },
    };
  },
);
