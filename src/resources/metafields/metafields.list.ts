/** How metafields are listed: `owner_resource` is required and decides the scope. */
import { errors, FIELD } from '../../errors/messages.js';
import { integerFilter, stringFilter, timestampFilters } from '../../http/list/filters.js';
import type { ListSpec } from '../../http/list/list.js';
import type { ApiRequest } from '../../http/types.js';
import { OWNER_RESOURCES, type Metafield, type OwnerResource } from '../../model/metafield.js';
import { metafieldSerializer } from './metafields.serializers.js';
import { METAFIELD_SCOPES } from '../../domain/metafields/metafields.service.js';

export const metafieldList: ListSpec<Metafield> = {
  name: 'metafields',
  collection: (store) => store.collections.metafields,
  filters: {
    namespace: stringFilter((m) => m.namespace),
    owner_id: integerFilter((m) => m.owner_id),
    owner_resource: stringFilter((m) => m.owner_resource),
    ...timestampFilters<Metafield>(),
  },
  sorts: { updated_at: (m) => m.updated_at },
  defaultSort: 'id-desc',
  serialize: (metafield, { version }) => metafieldSerializer(metafield, version),
};

/** Checks `owner_resource` (required) and the token's read scope for it. */
export function authorizeOwnerQuery(request: ApiRequest): void {
  const raw = request.query.owner_resource;
  if (!raw) throw errors.field('owner_resource', FIELD.required);
  if (!(OWNER_RESOURCES as readonly string[]).includes(raw)) {
    throw errors.field('owner_resource', FIELD.oneOf(OWNER_RESOURCES));
  }
  request.authorize(METAFIELD_SCOPES[raw as OwnerResource].read);
}
