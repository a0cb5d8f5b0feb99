/** How plans are listed (spec, Sorting: Plan id-desc; id and updated_at). */
import { enumFilter, idsFilter, indexedStringFilter, timestampFilters } from '../../http/list/filters.js';
import type { ListSpec } from '../../http/list/list.js';
import type { Store } from '../../store/store.js';
import { PLAN_TYPES, type Plan } from '../../model/plan.js';
import { serializePlan } from './plans.serializers.js';

const plans = (store: Store) => store.collections.plans;

export const planList: ListSpec<Plan> = {
  name: 'plans',
  collection: plans,
  filters: {
    ids: idsFilter(),
    external_product_id: indexedStringFilter(plans, 'external_product_id'),
    type: enumFilter(PLAN_TYPES, (plan) => plan.type),
    ...timestampFilters<Plan>(),
  },
  sorts: { updated_at: (plan) => plan.updated_at },
  defaultSort: 'id-desc',
  serialize: (plan, { version }) => serializePlan(plan, version),
};
