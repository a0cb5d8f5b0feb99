/**
 * Checkout line items resolved from the store's catalog: the variant gives title, sku, weight and
 * unit price; the product's plans say whether it sells as a subscription at that interval (and at
 * what discount) or one-time. A line the catalog does not sell is refused with 422, by index.
 */
import { planPrice } from '../products/catalog.js';
import { fromMinor, toMinor } from '../money.js';
import { fail, type FieldMessages } from '../failures.js';
import type { Store } from '../../store/store.js';
import type { Plan } from '../../model/plan.js';
import { plansOfProduct } from '../plans/plans.service.js';
import { findVariant, ownVariantTitle } from '../products/products.service.js';
import type { CheckoutLine, CheckoutSchedule } from '../../model/checkout.js';
import type { LineInput } from './checkout-inputs.js';

/** Thrown for one line: the message under the line's field. */
class LineProblem extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const every = (frequency: number, unit: string) => `every ${frequency} ${unit}${frequency === 1 ? '' : 's'}`;

function describePlan(plan: Plan): string {
  const prefs = plan.subscription_preferences;
  if (!prefs) return 'one-time';
  const { charge_interval_frequency: charge, order_interval_frequency: order, interval_unit: unit } = prefs;
  return charge === order ? every(order, unit) : `${every(order, unit)}, charged ${every(charge, unit)}`;
}

/** The schedule a subscription line asks for; null for a one-time line. */
function scheduleOf(line: LineInput): CheckoutSchedule | null {
  const charge = line.charge_interval_frequency ?? null;
  const order = line.order_interval_frequency ?? null;
  const unit = line.order_interval_unit ?? null;
  if (charge === null && order === null && unit === null) return null;
  if (unit === null) throw new LineProblem('order_interval_unit', 'Required with the interval frequencies.');
  const chargeFrequency = charge ?? order ?? 1;
  const orderFrequency = order ?? chargeFrequency;
  if (chargeFrequency % orderFrequency !== 0) {
    throw new LineProblem(
      'charge_interval_frequency',
      'Must equal order_interval_frequency (pay as you go) or be a multiple of it (prepaid).',
    );
  }
  if ((line.order_day_of_month ?? null) !== null && unit !== 'month')
    throw new LineProblem('order_day_of_month', 'Only allowed with order_interval_unit month.');
  if ((line.order_day_of_week ?? null) !== null && unit !== 'week')
    throw new LineProblem('order_day_of_week', 'Only allowed with order_interval_unit week.');
  return {
    charge_interval_frequency: chargeFrequency,
    order_interval_frequency: orderFrequency,
    order_interval_unit: unit,
    order_day_of_month: line.order_day_of_month ?? null,
    order_day_of_week: line.order_day_of_week ?? null,
    cutoff_day_of_month: line.cutoff_day_of_month ?? null,
    cutoff_day_of_week: line.cutoff_day_of_week ?? null,
    expire_after_specific_number_of_charges: line.expire_after_specific_number_of_charges ?? null,
  };
}

/** The plan that sells the product on `schedule` (null: one-time), or why none does. */
function planFor(plans: readonly Plan[], productId: string, schedule: CheckoutSchedule | null): Plan | null {
  const recurring = plans.filter((plan) => plan.subscription_preferences !== null);
  if (schedule === null) {
    const onetime = plans.find((plan) => plan.type === 'onetime');
    if (!onetime && recurring.length > 0)
      throw new LineProblem('variant_id', `Product ${productId} is sold as a subscription only.`);
    return onetime ?? null;
  }
  if (recurring.length === 0)
    throw new LineProblem('order_interval_unit', `Product ${productId} is not sold as a subscription.`);
  const match = recurring.find((plan) => {
    const prefs = plan.subscription_preferences;
    return (
      prefs?.interval_unit === schedule.order_interval_unit &&
      prefs.charge_interval_frequency === schedule.charge_interval_frequency &&
      prefs.order_interval_frequency === schedule.order_interval_frequency
    );
  });
  if (!match) {
    throw new LineProblem(
      'order_interval_frequency',
      `Product ${productId} is not sold on this schedule; its plans: ${recurring.map(describePlan).join('; ')}.`,
    );
  }
  return match;
}

/** Fills what the line leaves to the plan (pinned days, expiry). */
function withPlanDefaults(schedule: CheckoutSchedule | null, plan: Plan | null): CheckoutSchedule | null {
  const prefs = plan?.subscription_preferences;
  if (!schedule || !prefs) return schedule;
  return {
    ...schedule,
    order_day_of_month: schedule.order_day_of_month ?? prefs.order_day_of_month,
    order_day_of_week: schedule.order_day_of_week ?? prefs.order_day_of_week,
    expire_after_specific_number_of_charges:
      schedule.expire_after_specific_number_of_charges ?? prefs.expire_after_specific_number_of_charges,
  };
}

/** Orders a line's charge pays for: charge interval / order interval for prepaid, else 1. */
export function ordersPerCharge(line: Pick<CheckoutLine, 'schedule'>): number {
  const schedule = line.schedule;
  return schedule ? schedule.charge_interval_frequency / schedule.order_interval_frequency : 1;
}

function resolveLine(store: Store, input: LineInput, currency: string): CheckoutLine {
  const found = findVariant(store, input.variant_id);
  if (!found)
    throw new LineProblem('variant_id', `Variant ${input.variant_id} is not in the store's catalog.`);
  const { product, variant } = found;
  if (input.product_id !== undefined && input.product_id !== product.external_product_id) {
    throw new LineProblem(
      'product_id',
      `Variant ${input.variant_id} belongs to product ${product.external_product_id}.`,
    );
  }
  const asked = scheduleOf(input);
  const plan = planFor(
    plansOfProduct(store, product.external_product_id),
    product.external_product_id,
    asked,
  );
  const schedule = withPlanDefaults(asked, plan);
  const price = planPrice(variant.prices.unit_price, plan ?? undefined);
  const orders = ordersPerCharge({ schedule });
  return {
    external_product_id: product.external_product_id,
    external_variant_id: variant.external_variant_id,
    quantity: input.quantity,
    title: product.title,
    variant_title: ownVariantTitle(variant),
    sku: variant.sku,
    handle: product.handle,
    vendor: product.vendor,
    image: product.images[0]?.src ?? null,
    grams: variant.grams,
    requires_shipping: input.requires_shipping ?? variant.requires_shipping,
    taxable: input.taxable ?? variant.taxable,
    properties: input.properties ?? [],
    plan_id: plan?.id ?? null,
    original_price: fromMinor(toMinor(variant.prices.unit_price, currency), currency),
    price: fromMinor(toMinor(price, currency), currency),
    schedule,
    line_price: fromMinor(toMinor(price, currency) * input.quantity * orders, currency),
  };
}

/**
 * The checkout lines for `inputs`, or a 422 naming each refused line by index:
 * `{"errors": {"line_items": {"0": {"variant_id": ["..."]}}}}`.
 */
export function resolveLines(store: Store, inputs: readonly LineInput[], currency: string): CheckoutLine[] {
  const problems: FieldMessages = {};
  const lines: CheckoutLine[] = [];
  inputs.forEach((input, index) => {
    try {
      lines.push(resolveLine(store, input, currency));
    } catch (error) {
      if (!(error instanceof LineProblem)) throw error;
      problems[String(index)] = { [error.field]: [error.message] };
    }
  });
  if (Object.keys(problems).length) throw fail.fields({ line_items: problems });
  return lines;
}

/** The input that resolves to `line` again (to re-price it, e.g. in another currency). */
export function inputOf(line: CheckoutLine): LineInput {
  const schedule = line.schedule;
  return {
    product_id: line.external_product_id,
    variant_id: line.external_variant_id,
    quantity: line.quantity,
    properties: [...line.properties],
    requires_shipping: line.requires_shipping,
    taxable: line.taxable,
    charge_interval_frequency: schedule?.charge_interval_frequency,
    order_interval_frequency: schedule?.order_interval_frequency,
    order_interval_unit: schedule?.order_interval_unit,
    order_day_of_month: schedule?.order_day_of_month,
    order_day_of_week: schedule?.order_day_of_week,
    cutoff_day_of_month: schedule?.cutoff_day_of_month,
    cutoff_day_of_week: schedule?.cutoff_day_of_week,
    expire_after_specific_number_of_charges: schedule?.expire_after_specific_number_of_charges,
  };
}
