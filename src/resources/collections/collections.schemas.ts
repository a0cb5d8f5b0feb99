/** Request bodies of the 2021-11 collection endpoints. */
import * as z from 'zod';
import { optionalText, text } from '../schema-parts.js';
import { COLLECTION_SORT_ORDERS, COLLECTION_TYPES } from '../../model/collection.js';
import { externalIdField } from '../products/catalog.schema-parts.js';

/** Spec, Limits: like list pages, a bulk request carries at most 250 items. */
export const MAX_BULK_ITEMS = 250;

const fields = {
  title: text.max(255),
  description: optionalText,
  type: z.enum(COLLECTION_TYPES),
  sort_order: z.enum(COLLECTION_SORT_ORDERS),
};

export const collectionCreate = z
  .object({
    title: fields.title,
    description: fields.description,
    type: fields.type.default('manual'),
    sort_order: fields.sort_order.default('id-desc'),
  })
  .transform((body) => ({ ...body, description: body.description ?? null }));

export const collectionUpdate = z.object(fields).partial();

/** `{collection_products: [{external_product_id}]}` of the bulk add and remove endpoints. */
export const collectionProductsBulk = z.object({
  collection_products: z
    .array(z.object({ external_product_id: externalIdField }))
    .min(1)
    .max(MAX_BULK_ITEMS),
});
