/**
 * Retention strategies: a `discount` incentive needs the code of an existing discount, and only
 * that incentive takes one. Changing the incentive away from `discount` drops the code.
 */
import { runCommand } from '../command.js';
import { fail } from '../failures.js';
import { RULE } from '../messages.js';
import type { Store } from '../../store/store.js';
import type { ServiceContext } from '../service-context.js';
import type { IncentiveType, RetentionStrategy } from '../../model/retention-strategy.js';

/** A strategy's fields (the subscription flow when none is given). */
export interface RetentionStrategyUpdate {
  readonly cancellation_flow_type?: RetentionStrategy['cancellation_flow_type'];
  readonly incentive_type?: IncentiveType;
  readonly discount_code?: string | null;
  readonly prevention_text?: string | null;
  readonly reason?: string;
}

/** A new strategy: its flow, incentive and reason at least. */
export type RetentionStrategyCreate = RetentionStrategyUpdate & {
  readonly cancellation_flow_type: RetentionStrategy['cancellation_flow_type'];
  readonly incentive_type: IncentiveType;
  readonly reason: string;
};

export function findRetentionStrategy(store: Store, id: number): RetentionStrategy {
  const strategy = store.collections.retention_strategies.get(id);
  if (!strategy) throw fail.notFound();
  return strategy;
}

/** The discount code to keep (the discount's own spelling), or 422 on `discount_code`. */
function checkedCode(store: Store, incentive: IncentiveType, code: string | null): string | null {
  if (incentive !== 'discount') {
    if (code !== null) throw fail.field('discount_code', RULE.retention.discountOnlyWithDiscount);
    return null;
  }
  if (code === null) throw fail.field('discount_code', RULE.retention.discountRequired);
  const discount = store.collections.discounts.findOne('code', code.toLowerCase());
  if (!discount) throw fail.field('discount_code', RULE.retention.noDiscount(code));
  return discount.code;
}

export function createRetentionStrategy(
  ctx: ServiceContext,
  input: RetentionStrategyCreate,
): RetentionStrategy {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const now = store.now();
    return store.collections.retention_strategies.insert({
      id: store.nextId('retention_strategies'),
      cancellation_flow_type: input.cancellation_flow_type,
      incentive_type: input.incentive_type,
      discount_code: checkedCode(store, input.incentive_type, input.discount_code ?? null),
      prevention_text: input.prevention_text ?? null,
      reason: input.reason,
      created_at: now,
      updated_at: now,
    });
  });
}

export function updateRetentionStrategy(
  ctx: ServiceContext,
  id: number,
  change: RetentionStrategyUpdate,
): RetentionStrategy {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const before = findRetentionStrategy(store, id);
    const incentive = change.incentive_type ?? before.incentive_type;
    // A new incentive other than discount drops the old code unless the request names one.
    const code =
      change.discount_code !== undefined
        ? change.discount_code
        : incentive === 'discount'
          ? before.discount_code
          : null;
    return store.collections.retention_strategies.update(id, {
      ...(change.cancellation_flow_type ? { cancellation_flow_type: change.cancellation_flow_type } : {}),
      ...(change.prevention_text !== undefined ? { prevention_text: change.prevention_text } : {}),
      ...(change.reason ? { reason: change.reason } : {}),
      incentive_type: incentive,
      discount_code: checkedCode(store, incentive, code),
      updated_at: store.now(),
    });
  });
}

export function deleteRetentionStrategy(ctx: ServiceContext, id: number): void {
  return runCommand(ctx, () => {
    findRetentionStrategy(ctx.store, id);
    ctx.store.collections.retention_strategies.delete(id);
  });
}
