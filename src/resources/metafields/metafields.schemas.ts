/** Request bodies of the metafield endpoints: `{"metafield": {...}}` in both versions. */
import * as z from 'zod';
import { METAFIELD_VALUE_TYPES, OWNER_RESOURCES } from './metafield.model.js';

// Spec: owner_id is an integer in requests; a numeric string is taken as well.
const ownerId = z.union([z.number().int().positive(), z.string().regex(/^\d+$/).transform(Number)]);

const fields = {
  key: z.string().min(1).max(255),
  namespace: z.string().min(1).max(255),
  owner_id: ownerId,
  owner_resource: z.enum(OWNER_RESOURCES),
  value: z.string(),
  value_type: z.enum(METAFIELD_VALUE_TYPES),
  description: z.string().nullable().optional(),
};

export const metafieldCreate = z.object({
  metafield: z.object(fields).transform((m) => ({ ...m, description: m.description ?? null })),
});

export const metafieldUpdate = z.object({
  metafield: z
    .object({
      description: fields.description,
      owner_id: ownerId,
      owner_resource: fields.owner_resource,
      value: fields.value,
      value_type: fields.value_type,
    })
    .partial(),
});
