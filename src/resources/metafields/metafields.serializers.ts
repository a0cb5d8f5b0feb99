import type { ApiVersion } from '../../model/versions.js';
import { timestamp } from '../serialize.js';
import type { Metafield } from '../../model/metafield.js';

/** The metafield record (spec: Metafield); one shape, timestamps per version. */
export function metafieldSerializer(metafield: Metafield, version: ApiVersion): Record<string, unknown> {
  return {
    id: metafield.id,
    created_at: timestamp(version, metafield.created_at),
    description: metafield.description,
    key: metafield.key,
    namespace: metafield.namespace,
    // api-facts (recorded real records): a string in both versions, whatever kind the request sent.
    owner_id: String(metafield.owner_id),
    owner_resource: metafield.owner_resource,
    updated_at: timestamp(version, metafield.updated_at),
    value: metafield.value,
    value_type: metafield.value_type,
  };
}
