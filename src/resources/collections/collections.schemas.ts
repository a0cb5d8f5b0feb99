/** Request bodies of the 2021-11 collection endpoints. */
import * as z from 'zod';
import { onFirstUse } from '../../platform/first-use.js';
import { schemaParts } from '../schema-parts.js';
import { COLLECTION_SORT_ORDERS, COLLECTION_TYPES } from '../../model/collection.js';
import { catalogParts } from '../products/catalog.schema-parts.js';

/** Spec, Limits: like list pages, a bulk request carries at most 250 items. */
export const MAX_BULK_ITEMS = 250;

/** The request bodies of the collection endpoints, built on first use (src/platform/first-use.ts). */
export const collectionSchemas = onFirstUse(() => {
  const { optionalText, text } = schemaParts();
  const fields = {
    title: text.max(255),
    description: optionalText,
    type: z.enum(COLLECTION_TYPES),
    sort_order: z.enum(COLLECTION_SORT_ORDERS),
  };

  return {
    create: z
      .object({
        title: fields.title,
        description: fields.description,
        type: fields.type.default('manual'),
        sort_order: fields.sort_order.default('id-desc'),
      })
      .transform((body) => ({ ...body, description: body.description ?? null })),

    update: z.object(fields).partial(),

    /** `{collection_products: [{external_product_id}]}` of the bulk add and remove endpoints. */
    productsBulk: z.object({
      collection_products: z
        .array(z.object({ external_product_id: catalogParts().externalIdField }))
        .min(1)
        .max(MAX_BULK_ITEMS),
    }),
  };
});
