/**
 * The rules a plan must satisfy as a whole (api-facts: Scheduling), checked on the merged record
 * so that a create, an update and each item of a bulk request are judged alike.
 */
import { type FieldMessages } from '../failures.js';
import { REQUIRED_FIELD } from '../messages.js';
import type { Store } from '../../store/store.js';
import type { PlanChannels, PlanType, SubscriptionPreferences } from '../../model/plan.js';

/** A plan before validation: its preferences may still miss fields. */
export interface PlanDraft {
  readonly type: PlanType;
  readonly title: string;
  readonly external_product_id: string;
  readonly discount_amount: string | null;
  readonly discount_type: 'percentage' | 'fixed_amount' | null;
  readonly sort_order: number;
  readonly subscription_preferences: Partial<SubscriptionPreferences> | null;
  readonly channel_settings: PlanChannels;
}

function add(errors: FieldMessages, field: string, message: string): void {
  const existing = errors[field];
  errors[field] = Array.isArray(existing) ? [...(existing as string[]), message] : [message];
}

function preferenceProblems(type: PlanType, prefs: Partial<SubscriptionPreferences>): FieldMessages {
  const problems: FieldMessages = {};
  const charge = prefs.charge_interval_frequency;
  const order = prefs.order_interval_frequency;
  const unit = prefs.interval_unit;
  if (charge === undefined) add(problems, 'charge_interval_frequency', REQUIRED_FIELD);
  if (order === undefined) add(problems, 'order_interval_frequency', REQUIRED_FIELD);
  if (unit === undefined) add(problems, 'interval_unit', REQUIRED_FIELD);
  if (charge !== undefined && order !== undefined) {
    // Pay-as-you-go charges for every order; prepaid charges once for several orders.
    if (type === 'subscription' && charge !== order) {
      add(
        problems,
        'charge_interval_frequency',
        'Must equal order_interval_frequency for a subscription plan (use a prepaid plan otherwise).',
      );
    }
    if (type === 'prepaid' && (charge <= order || charge % order !== 0)) {
      add(
        problems,
        'charge_interval_frequency',
        'Must be a multiple of order_interval_frequency greater than it for a prepaid plan.',
      );
    }
  }
  if (prefs.order_day_of_month != null && unit !== undefined && unit !== 'month') {
    add(problems, 'order_day_of_month', 'Only allowed with interval_unit month.');
  }
  if (prefs.order_day_of_week != null && unit !== undefined && unit !== 'week') {
    add(problems, 'order_day_of_week', 'Only allowed with interval_unit week.');
  }
  return problems;
}

/** Everything wrong with a plan, as a 422 `errors` object (empty when it is valid). */
export function planProblems(store: Store, draft: PlanDraft): FieldMessages {
  const problems: FieldMessages = {};
  if (!store.collections.products.findOne('external_product_id', draft.external_product_id)) {
    add(problems, 'external_product_id', `No product with external_product_id ${draft.external_product_id}.`);
  }
  if (draft.discount_type !== null && draft.discount_amount === null) {
    add(problems, 'discount_amount', REQUIRED_FIELD);
  }
  if (draft.discount_type === 'percentage' && Number(draft.discount_amount) > 100) {
    add(problems, 'discount_amount', 'Must be less than or equal to 100 for a percentage discount.');
  }
  const prefs = draft.subscription_preferences;
  if (draft.type === 'onetime') {
    if (prefs !== null) add(problems, 'subscription_preferences', 'Must be null for a onetime plan.');
  } else if (prefs === null) {
    add(problems, 'subscription_preferences', REQUIRED_FIELD);
  } else {
    const nested = preferenceProblems(draft.type, prefs);
    if (Object.keys(nested).length) problems.subscription_preferences = nested;
  }
  return problems;
}

/** The stored preferences of a valid draft (optional fields default to null). */
export function completePreferences(
  prefs: Partial<SubscriptionPreferences> | null,
): SubscriptionPreferences | null {
  if (prefs === null) return null;
  const { charge_interval_frequency, order_interval_frequency, interval_unit } = prefs;
  if (charge_interval_frequency === undefined || order_interval_frequency === undefined || !interval_unit) {
    return null;
  }
  return {
    charge_interval_frequency,
    order_interval_frequency,
    interval_unit,
    order_day_of_month: prefs.order_day_of_month ?? null,
    order_day_of_week: prefs.order_day_of_week ?? null,
    expire_after_specific_number_of_charges: prefs.expire_after_specific_number_of_charges ?? null,
  };
}
