/**
 * A product's purchase settings, the 2021-01 view of its plans: discount, frequencies and
 * whether it sells as subscription and/or one-time (`subscription_defaults`). They are derived
 * from the plans when read, and written by turning them into plans (spec, Topics: plan events
 * fire for changes "via ... the 2021-01 products endpoint"), so both versions see one catalog.
 */
import { runCommand } from '../command.js';
import type { IntervalUnit } from '../../model/shared.js';
import { fail, type FieldMessages } from '../failures.js';
import { REQUIRED_FIELD } from '../messages.js';
import type { Store } from '../../store/store.js';
import type { Plan, PlanType, SubscriptionPreferences } from '../../model/plan.js';
import { createPlan, deletePlan, plansOfProduct, updatePlan } from '../plans/plans.service.js';
import type { ServiceContext } from '../service-context.js';
import type { Product } from '../../model/product.js';
import {
  checkNewProduct,
  createProduct,
  findProductById,
  updateProduct,
  type ProductCreate,
  type ProductPatch,
} from './products.service.js';

export const STOREFRONT_PURCHASE_OPTIONS = [
  'subscription_only',
  'subscription_and_onetime',
  'inactive',
] as const;
export type StorefrontPurchaseOption = (typeof STOREFRONT_PURCHASE_OPTIONS)[number];

export interface PurchaseSettings {
  readonly storefront_purchase_options: StorefrontPurchaseOption;
  /** Subscribe-and-save discount of the recurring plans. */
  readonly discount_amount: string | null;
  readonly discount_type: 'percentage' | 'fixed_amount' | null;
  readonly charge_interval_frequency: number | null;
  readonly order_interval_frequencies: readonly number[];
  readonly order_interval_unit: IntervalUnit | null;
  readonly order_day_of_month: number | null;
  readonly order_day_of_week: number | null;
  readonly expire_after_specific_number_of_charges: number | null;
}

export type PurchaseSettingsPatch = Partial<PurchaseSettings>;

const NONE: PurchaseSettings = {
  storefront_purchase_options: 'inactive',
  discount_amount: null,
  discount_type: null,
  charge_interval_frequency: null,
  order_interval_frequencies: [],
  order_interval_unit: null,
  order_day_of_month: null,
  order_day_of_week: null,
  expire_after_specific_number_of_charges: null,
};

/**
 * The settings a product's plans amount to. The first recurring plan (by `sort_order`) gives the
 * scalars; the frequency options are those of the recurring plans in its unit.
 */
export function purchaseSettingsOf(store: Store, externalProductId: string): PurchaseSettings {
  const plans = plansOfProduct(store, externalProductId);
  const recurring = plans.filter(
    (plan): plan is Plan & { subscription_preferences: SubscriptionPreferences } =>
      plan.subscription_preferences !== null,
  );
  const first = recurring[0];
  if (!first) return NONE;
  const prefs = first.subscription_preferences;
  const frequencies = recurring
    .filter((plan) => plan.subscription_preferences.interval_unit === prefs.interval_unit)
    .map((plan) => plan.subscription_preferences.order_interval_frequency);
  return {
    storefront_purchase_options: plans.some((plan) => plan.type === 'onetime')
      ? 'subscription_and_onetime'
      : 'subscription_only',
    discount_amount: first.discount_amount,
    discount_type: first.discount_type,
    charge_interval_frequency: prefs.charge_interval_frequency,
    order_interval_frequencies: [...new Set(frequencies)],
    order_interval_unit: prefs.interval_unit,
    order_day_of_month: prefs.order_day_of_month,
    order_day_of_week: prefs.order_day_of_week,
    expire_after_specific_number_of_charges: prefs.expire_after_specific_number_of_charges,
  };
}

/** The charge frequency of the plan for one order frequency: prepaid when `charge` is a multiple. */
function chargeFor(charge: number, order: number): number {
  return charge > order && charge % order === 0 ? charge : order;
}

/** What is wrong with settings, keyed like the 2021-01 body (`subscription_defaults.*`). */
function settingsProblems(settings: PurchaseSettings): FieldMessages {
  const problems: FieldMessages = {};
  const defaults: FieldMessages = {};
  if (settings.discount_type !== null && settings.discount_amount === null) {
    problems.discount_amount = [REQUIRED_FIELD];
  }
  if (settings.discount_type === 'percentage' && Number(settings.discount_amount) > 100) {
    problems.discount_amount = ['Must be less than or equal to 100 for a percentage discount.'];
  }
  if (settings.storefront_purchase_options !== 'inactive') {
    const charge = settings.charge_interval_frequency;
    const orders = settings.order_interval_frequencies;
    const unit = settings.order_interval_unit;
    if (charge === null) defaults.charge_interval_frequency = [REQUIRED_FIELD];
    if (!orders.length) defaults.order_interval_frequency_options = [REQUIRED_FIELD];
    if (unit === null) defaults.order_interval_unit = [REQUIRED_FIELD];
    if (charge !== null && orders.length && !orders.some((order) => chargeFor(charge, order) === charge)) {
      defaults.charge_interval_frequency = [
        'Must equal an order interval frequency (pay-as-you-go) or be a multiple of one (prepaid).',
      ];
    }
    if (settings.order_day_of_month !== null && unit !== null && unit !== 'month') {
      defaults.order_day_of_month = ['Only allowed with order_interval_unit month.'];
    }
    if (settings.order_day_of_week !== null && unit !== null && unit !== 'week') {
      defaults.order_day_of_week = ['Only allowed with order_interval_unit week.'];
    }
  }
  if (Object.keys(defaults).length) problems.subscription_defaults = defaults;
  return problems;
}

/** `current` with `patch` applied; 422 when the result is not a valid set of settings. */
export function mergeSettings(current: PurchaseSettings, patch: PurchaseSettingsPatch): PurchaseSettings {
  const merged = { ...current, ...patch };
  // Frequencies sent to a product not sold by subscription switch it on, with one-time purchase.
  const switchedOn =
    current.storefront_purchase_options === 'inactive' &&
    patch.storefront_purchase_options === undefined &&
    (patch.charge_interval_frequency !== undefined ||
      patch.order_interval_frequencies !== undefined ||
      patch.order_interval_unit !== undefined);
  const settings: PurchaseSettings = {
    ...merged,
    storefront_purchase_options: switchedOn ? 'subscription_and_onetime' : merged.storefront_purchase_options,
    // An amount without a type is a percentage, the service's default; no amount, no type.
    discount_type:
      merged.discount_amount === null
        ? (patch.discount_type ?? null)
        : (merged.discount_type ?? 'percentage'),
  };
  const problems = settingsProblems(settings);
  if (Object.keys(problems).length) throw fail.fields(problems);
  return settings;
}

interface PlanSpec {
  readonly key: string;
  readonly type: PlanType;
  readonly title: string;
  readonly sort_order: number;
  readonly discount_amount: string | null;
  readonly discount_type: 'percentage' | 'fixed_amount' | null;
  readonly subscription_preferences: SubscriptionPreferences | null;
}

function every(count: number, unit: IntervalUnit): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

function keyOf(type: PlanType, prefs: SubscriptionPreferences | null): string {
  return prefs ? `${type}:${prefs.interval_unit}:${prefs.order_interval_frequency}` : type;
}

/** The plans that settings describe: one per order frequency, then a one-time plan if sold so. */
function planSpecs(settings: PurchaseSettings): PlanSpec[] {
  const specs: PlanSpec[] = [];
  const { charge_interval_frequency: charge, order_interval_unit: unit } = settings;
  if (settings.storefront_purchase_options !== 'inactive' && charge !== null && unit !== null) {
    settings.order_interval_frequencies.forEach((order, index) => {
      const chargeEvery = chargeFor(charge, order);
      const type: PlanType = chargeEvery === order ? 'subscription' : 'prepaid';
      const prefs: SubscriptionPreferences = {
        charge_interval_frequency: chargeEvery,
        order_interval_frequency: order,
        interval_unit: unit,
        order_day_of_month: settings.order_day_of_month,
        order_day_of_week: settings.order_day_of_week,
        expire_after_specific_number_of_charges: settings.expire_after_specific_number_of_charges,
      };
      specs.push({
        key: keyOf(type, prefs),
        type,
        title:
          type === 'subscription'
            ? `Every ${every(order, unit)}`
            : `${every(chargeEvery, unit)} prepaid, delivered every ${every(order, unit)}`,
        sort_order: index,
        discount_amount: settings.discount_amount,
        discount_type: settings.discount_type,
        subscription_preferences: prefs,
      });
    });
  }
  if (settings.storefront_purchase_options === 'subscription_and_onetime') {
    specs.push({
      key: 'onetime',
      type: 'onetime',
      title: 'One-time purchase',
      sort_order: specs.length,
      discount_amount: null,
      discount_type: null,
      subscription_preferences: null,
    });
  }
  return specs;
}

const same = (plan: Plan, spec: PlanSpec) =>
  plan.sort_order === spec.sort_order &&
  plan.discount_amount === spec.discount_amount &&
  plan.discount_type === spec.discount_type &&
  JSON.stringify(plan.subscription_preferences) === JSON.stringify(spec.subscription_preferences);

/**
 * Makes a product's plans what `settings` describe: a plan of the same type and order frequency
 * is updated in place (plan/updated, only when it differs), missing ones are created and the rest
 * deleted. Validate with `mergeSettings` first: this writes.
 */
export function applyPurchaseSettings(
  ctx: ServiceContext,
  externalProductId: string,
  settings: PurchaseSettings,
): void {
  return runCommand(ctx, () => {
    const existing = new Map<string, Plan>();
    const leftover: Plan[] = [];
    for (const plan of plansOfProduct(ctx.store, externalProductId)) {
      const key = keyOf(plan.type, plan.subscription_preferences);
      if (existing.has(key)) leftover.push(plan);
      else existing.set(key, plan);
    }
    const specs = planSpecs(settings);
    const wanted = new Set(specs.map((spec) => spec.key));
    for (const [key, plan] of existing) if (!wanted.has(key)) leftover.push(plan);
    for (const plan of leftover) deletePlan(ctx, plan.id);
    for (const spec of specs) {
      const { key: _key, ...fields } = spec;
      const plan = existing.get(spec.key);
      if (!plan) createPlan(ctx, { ...fields, external_product_id: externalProductId });
      else if (!same(plan, spec)) {
        const { title: _title, ...patch } = fields;
        updatePlan(ctx, plan.id, patch);
      }
    }
  });
}

/** Creates a product and the plans its settings describe; nothing is written if either is invalid. */
export function createProductWithSettings(
  ctx: ServiceContext,
  fields: ProductCreate,
  patch: PurchaseSettingsPatch | null,
): Product {
  return runCommand(ctx, () => {
    checkNewProduct(ctx.store, fields);
    const settings = patch && mergeSettings(NONE, patch);
    const product = createProduct(ctx, fields);
    if (settings) applyPurchaseSettings(ctx, product.external_product_id, settings);
    return product;
  });
}

/** Updates a product and, when settings are given, its plans; nothing is written if either is invalid. */
export function updateProductWithSettings(
  ctx: ServiceContext,
  id: number,
  fields: ProductPatch,
  patch: PurchaseSettingsPatch | null,
): Product {
  return runCommand(ctx, () => {
    const current = findProductById(ctx.store, id);
    const settings =
      patch && mergeSettings(purchaseSettingsOf(ctx.store, current.external_product_id), patch);
    const product = updateProduct(ctx, id, fields);
    if (settings) applyPurchaseSettings(ctx, product.external_product_id, settings);
    return product;
  });
}
