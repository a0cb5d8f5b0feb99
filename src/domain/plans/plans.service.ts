/**
 * Business rules of plans: the product must exist, preferences fit the plan type, bulk requests
 * change everything or nothing. Also the plan lookups other services use.
 */
import { runCommand } from '../command.js';
import { fail, type FieldMessages } from '../failures.js';
import { recordEvent } from '../events/event-log.js';
import type { Store } from '../../store/store.js';
import { changedFields } from '../changed-fields.js';
import type { ServiceContext } from '../service-context.js';
import type { Plan, PlanChannels, PlanType, SubscriptionPreferences } from '../../model/plan.js';
import { completePreferences, planProblems, type PlanDraft } from './plans.rules.js';

/** What a plan's fields may be changed to (the channels one at a time, the preferences in part). */
export interface PlanPatch {
  readonly type?: PlanType;
  readonly title?: string;
  readonly external_product_id?: string;
  readonly discount_amount?: string | null;
  readonly discount_type?: Plan['discount_type'];
  readonly sort_order?: number;
  readonly subscription_preferences?: Partial<SubscriptionPreferences> | null;
  readonly channel_settings?: Partial<PlanChannels>;
}

/** A new plan: its type and title, the rest as a patch (bulk creates name the product per plan). */
export type PlanCreateInput = PlanPatch & { readonly type: PlanType; readonly title: string };

/** A plan to create: the create body with its product named. */
export type PlanInput = PlanCreateInput & { readonly external_product_id: string };

const ALL_CHANNELS: PlanChannels = {
  api: { display: true },
  checkout_page: { display: true },
  customer_portal: { display: true },
  merchant_portal: { display: true },
};

/** The plan `id`, or 404. */
export function findPlan(store: Store, id: number): Plan {
  const plan = store.collections.plans.get(id);
  if (!plan) throw fail.notFound();
  return plan;
}

/**
 * The plan `id`, or undefined (for services that default from the catalog).
 *
 * @example getPlan(store, subscription.plan_id ?? 0)?.subscription_preferences
 */
export function getPlan(store: Store, id: number): Plan | undefined {
  return store.collections.plans.get(id);
}

/**
 * A product's plans in display order (`sort_order`, then id).
 *
 * @example plansOfProduct(store, '7001').find((plan) => plan.type === 'subscription')
 */
export function plansOfProduct(store: Store, externalProductId: string): Plan[] {
  return store.collections.plans
    .findBy('external_product_id', externalProductId)
    .sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
}

function draftOf(input: PlanInput): PlanDraft {
  return {
    type: input.type,
    title: input.title,
    external_product_id: input.external_product_id,
    discount_amount: input.discount_amount ?? null,
    // An amount without a type is a percentage, the service's default discount type.
    discount_type: input.discount_type ?? (input.discount_amount ? 'percentage' : null),
    sort_order: input.sort_order ?? 0,
    subscription_preferences: input.subscription_preferences ?? null,
    channel_settings: { ...ALL_CHANNELS, ...input.channel_settings },
  };
}

function mergedDraft(plan: Plan, patch: PlanPatch): PlanDraft {
  const type = patch.type ?? plan.type;
  let prefs: PlanDraft['subscription_preferences'];
  if (patch.subscription_preferences === null) prefs = null;
  else if (patch.subscription_preferences) {
    prefs = { ...plan.subscription_preferences, ...patch.subscription_preferences };
  } else prefs = type === 'onetime' ? null : plan.subscription_preferences;
  const amount = patch.discount_amount !== undefined ? patch.discount_amount : plan.discount_amount;
  const discountType =
    patch.discount_type !== undefined
      ? patch.discount_type
      : amount === null
        ? null
        : (plan.discount_type ?? 'percentage');
  return {
    type,
    title: patch.title ?? plan.title,
    external_product_id: plan.external_product_id,
    discount_amount: amount,
    discount_type: discountType,
    sort_order: patch.sort_order ?? plan.sort_order,
    subscription_preferences: prefs,
    channel_settings: { ...plan.channel_settings, ...patch.channel_settings },
  };
}

/** Problems of a patch against `plan`; the product of a plan cannot change. */
function patchProblems(store: Store, plan: Plan, patch: PlanPatch): FieldMessages {
  const problems = planProblems(store, mergedDraft(plan, patch));
  if (patch.external_product_id !== undefined && patch.external_product_id !== plan.external_product_id) {
    problems.external_product_id = ['The product of a plan cannot be changed.'];
  }
  return problems;
}

function insertPlan(ctx: ServiceContext, draft: PlanDraft): Plan {
  const { store } = ctx;
  const now = store.now();
  const plan = store.collections.plans.insert({
    ...draft,
    subscription_preferences: completePreferences(draft.subscription_preferences),
    id: store.nextId('plans'),
    created_at: now,
    updated_at: now,
  });
  recordEvent(store, ctx.actor, {
    object_type: 'plan',
    verb: 'created',
    object_id: plan.id,
    custom_attributes: { external_product_id: plan.external_product_id },
  });
  return plan;
}

function applyPatch(ctx: ServiceContext, plan: Plan, patch: PlanPatch): Plan {
  const { store } = ctx;
  const draft = mergedDraft(plan, patch);
  const after = store.collections.plans.update(plan.id, {
    ...draft,
    subscription_preferences: completePreferences(draft.subscription_preferences),
    updated_at: store.now(),
  });
  recordEvent(store, ctx.actor, {
    object_type: 'plan',
    verb: 'updated',
    object_id: plan.id,
    updated_attributes: changedFields(plan, after),
    custom_attributes: { external_product_id: plan.external_product_id },
  });
  return after;
}

function removePlan(ctx: ServiceContext, plan: Plan): void {
  ctx.store.collections.plans.delete(plan.id);
  recordEvent(ctx.store, ctx.actor, {
    object_type: 'plan',
    verb: 'deleted',
    object_id: plan.id,
    custom_attributes: { external_product_id: plan.external_product_id },
  });
}

function throwIfAny(problems: FieldMessages): void {
  if (Object.keys(problems).length) throw fail.fields(problems);
}

export function createPlan(ctx: ServiceContext, input: PlanInput): Plan {
  return runCommand(ctx, () => {
    const draft = draftOf(input);
    throwIfAny(planProblems(ctx.store, draft));
    return insertPlan(ctx, draft);
  });
}

export function updatePlan(ctx: ServiceContext, id: number, patch: PlanPatch): Plan {
  return runCommand(ctx, () => {
    const plan = findPlan(ctx.store, id);
    throwIfAny(patchProblems(ctx.store, plan, patch));
    return applyPatch(ctx, plan, patch);
  });
}

export function deletePlan(ctx: ServiceContext, id: number): void {
  return runCommand(ctx, () => {
    removePlan(ctx, findPlan(ctx.store, id));
  });
}

/** Deletes every plan of a product that is being deleted (each fires plan/deleted). */
export function removePlansOf(ctx: ServiceContext, externalProductId: string): void {
  return runCommand(ctx, () => {
    for (const plan of plansOfProduct(ctx.store, externalProductId)) removePlan(ctx, plan);
  });
}

/** Throws `{"errors": {"plans": {"<index>": {...}}}}` when any item has problems. */
function throwIfAnyItem(problems: ReadonlyMap<number, FieldMessages>): void {
  if (!problems.size) return;
  const byIndex: FieldMessages = {};
  for (const [index, itemProblems] of problems) byIndex[String(index)] = itemProblems;
  throw fail.fields({ plans: byIndex });
}

/** The plans of `externalProductId` named by `ids`, or the problems of each item. */
function plansNamed(
  store: Store,
  externalProductId: string,
  ids: readonly number[],
): { plans: Plan[]; problems: Map<number, FieldMessages> } {
  const plans: Plan[] = [];
  const problems = new Map<number, FieldMessages>();
  const seen = new Set<number>();
  ids.forEach((id, index) => {
    const plan = store.collections.plans.get(id);
    if (!plan || plan.external_product_id !== externalProductId) {
      problems.set(index, { id: [`No plan with id ${id} on product ${externalProductId}.`] });
    } else if (seen.has(id)) {
      problems.set(index, { id: ['The same plan is named twice.'] });
    } else plans.push(plan);
    seen.add(id);
  });
  return { plans, problems };
}

/** Creates plans of one product, all or nothing (plans-bulk). */
export function createPlans(
  ctx: ServiceContext,
  externalProductId: string,
  inputs: readonly PlanCreateInput[],
): Plan[] {
  return runCommand(ctx, () => {
    const problems = new Map<number, FieldMessages>();
    const drafts = inputs.map((input, index) => {
      const draft = draftOf({ ...input, external_product_id: externalProductId });
      const itemProblems = planProblems(ctx.store, draft);
      if (input.external_product_id !== undefined && input.external_product_id !== externalProductId) {
        itemProblems.external_product_id = [`Must be the product of the path, ${externalProductId}.`];
      }
      if (Object.keys(itemProblems).length) problems.set(index, itemProblems);
      return draft;
    });
    throwIfAnyItem(problems);
    return drafts.map((draft) => insertPlan(ctx, draft));
  });
}

/** Updates plans of one product, all or nothing (plans-bulk). */
export function updatePlans(
  ctx: ServiceContext,
  externalProductId: string,
  patches: readonly (PlanPatch & { readonly id: number })[],
): Plan[] {
  return runCommand(ctx, () => {
    const { plans, problems } = plansNamed(
      ctx.store,
      externalProductId,
      patches.map((patch) => patch.id),
    );
    patches.forEach((patch, index) => {
      const plan = ctx.store.collections.plans.get(patch.id);
      if (problems.has(index) || !plan) return;
      const itemProblems = patchProblems(ctx.store, plan, patch);
      if (Object.keys(itemProblems).length) problems.set(index, itemProblems);
    });
    throwIfAnyItem(problems);
    return plans.map((plan, index) => applyPatch(ctx, plan, patches[index] ?? {}));
  });
}

/** Deletes plans of one product, all or nothing (plans-bulk). */
export function deletePlans(ctx: ServiceContext, externalProductId: string, ids: readonly number[]): void {
  return runCommand(ctx, () => {
    const { plans, problems } = plansNamed(ctx.store, externalProductId, ids);
    throwIfAnyItem(problems);
    for (const plan of plans) removePlan(ctx, plan);
  });
}
