/** Seeding of records a recording reads but never creates (placeholder until the converter lands). */
import type { IdMap } from './id-map.js';
import type { ReplayPlan } from './plan.js';
import type { ReplayTarget } from './target.js';

export async function seedReadRecords(
  _plan: ReplayPlan,
  _target: ReplayTarget,
  _ids: IdMap,
): Promise<Record<string, number>> {
  return {};
}
