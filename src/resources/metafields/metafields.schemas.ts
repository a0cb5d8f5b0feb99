/**
 * Request bodies of the metafield endpoints: `{"metafield": {...}}` in both versions, or the
 * metafield's fields bare (api-facts: the real service accepts both).
 */
import * as z from 'zod';
import type { Body } from '../../http/types.js';
import { parseWith } from '../../errors/validation.js';
import { onFirstUse } from '../../platform/first-use.js';
import { numeric } from '../schema-parts.js';
import { METAFIELD_VALUE_TYPES, OWNER_RESOURCES } from '../../model/metafield.js';

/** The metafield's fields in a create and an update, built on first use (src/platform/first-use.ts). */
export const metafieldSchemas = onFirstUse(() => {
  // Spec: owner_id is an integer in requests; a numeric string is taken as well (numeric).
  const ownerId = numeric(z.number().int().positive());

  const fields = {
    key: z.string().min(1).max(255),
    namespace: z.string().min(1).max(255),
    owner_id: ownerId,
    owner_resource: z.enum(OWNER_RESOURCES),
    value: z.string(),
    value_type: z.enum(METAFIELD_VALUE_TYPES),
    description: z.string().nullable().optional(),
  };

  const create = z.object(fields).transform((m) => ({ ...m, description: m.description ?? null }));

  const update = z
    .object({
      description: fields.description,
      owner_id: ownerId,
      owner_resource: fields.owner_resource,
      value: fields.value,
      value_type: fields.value_type,
    })
    .partial();
  return { create, update };
});

const wrappers = new WeakMap<z.ZodType, z.ZodType>();

/**
 * `{metafield: schema}`, made once per schema: a zod object compiles its parser on first use, so a
 * new one per request cost about 50 µs (seeding 2,000 metafields spent 0.1 s compiling).
 */
function wrapperOf(schema: z.ZodType): z.ZodType {
  let wrapper = wrappers.get(schema);
  if (!wrapper) wrappers.set(schema, (wrapper = z.object({ metafield: schema })));
  return wrapper;
}

/**
 * The metafield of a body sent wrapped (`{"metafield": {...}}`; errors nest under `metafield`) or
 * bare (errors name the fields).
 *
 * @example parseMetafieldBody(metafieldSchemas().create, { key: 'k', ... }) // same as { metafield: { key: 'k', ... } }
 */
export function parseMetafieldBody<S extends z.ZodType>(schema: S, body: Body): z.output<S> {
  if ('metafield' in body) {
    // zod cannot name the output of an object around a generic schema; it is that schema's output.
    const wrapped = parseWith(wrapperOf(schema), body) as { metafield: z.output<S> };
    return wrapped.metafield;
  }
  return parseWith(schema, body);
}
