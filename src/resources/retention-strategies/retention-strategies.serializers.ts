/** The retention strategy record (api-facts: Retention strategy); 2021-11 only. */
import type { ApiVersion } from '../../model/versions.js';
import { timestamp } from '../serialize.js';
import type { RetentionStrategy } from '../../model/retention-strategy.js';

export function serializeRetentionStrategy(
  strategy: RetentionStrategy,
  version: ApiVersion,
): Record<string, unknown> {
  return {
    id: strategy.id,
    cancellation_flow_type: strategy.cancellation_flow_type,
    created_at: timestamp(version, strategy.created_at),
    discount_code: strategy.discount_code,
    incentive_type: strategy.incentive_type,
    prevention_text: strategy.prevention_text,
    reason: strategy.reason,
    updated_at: timestamp(version, strategy.updated_at),
  };
}
