/** The plan record (api-facts: Plan). Plans are 2021-11 records; timestamps follow the version. */
import type { ApiVersion } from '../../model/versions.js';
import { timestamp } from '../serialize.js';
import type { Plan } from '../../model/plan.js';

export function serializePlan(plan: Plan, version: ApiVersion): Record<string, unknown> {
  const prefs = plan.subscription_preferences;
  return {
    id: plan.id,
    channel_settings: plan.channel_settings,
    created_at: timestamp(version, plan.created_at),
    discount_amount: plan.discount_amount,
    discount_type: plan.discount_type,
    // api-facts (real clients): {ecommerce} in 2021-11, as on subscriptions (plans are 2021-11 only).
    external_product_id: { ecommerce: plan.external_product_id },
    sort_order: plan.sort_order,
    subscription_preferences: prefs && {
      charge_interval_frequency: prefs.charge_interval_frequency,
      expire_after_specific_number_of_charges: prefs.expire_after_specific_number_of_charges,
      interval_unit: prefs.interval_unit,
      order_day_of_month: prefs.order_day_of_month,
      order_day_of_week: prefs.order_day_of_week,
      order_interval_frequency: prefs.order_interval_frequency,
    },
    title: plan.title,
    type: plan.type,
    updated_at: timestamp(version, plan.updated_at),
  };
}
