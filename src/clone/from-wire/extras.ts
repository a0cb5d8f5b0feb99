/**
 * The smaller records of the real API as store records: metafields, credit accounts and their
 * adjustments, retention strategies and bundle selections (the last three are 2021-11 only).
 */
import type { BundleSelection } from '../../model/bundle-selection.js';
import {
  ADJUSTMENT_TYPES,
  CREDIT_ACCOUNT_TYPES,
  type CreditAccount,
  type CreditAdjustment,
} from '../../model/credit.js';
import { METAFIELD_VALUE_TYPES, OWNER_RESOURCES, type Metafield } from '../../model/metafield.js';
import {
  CANCELLATION_FLOW_TYPES,
  INCENTIVE_TYPES,
  type RetentionStrategy,
} from '../../model/retention-strategy.js';
import type { Reader } from './reader.js';

/** A metafield; `owner_id` is a string on the wire (api-facts), a number in the store. */
export function metafieldFromWire(r: Reader): Metafield {
  return {
    id: r.id('id'),
    owner_resource: r.oneOf('owner_resource', OWNER_RESOURCES),
    owner_id: r.id('owner_id'),
    namespace: r.str('namespace', ''),
    key: r.str('key'),
    value: r.str('value', ''),
    value_type: r.oneOf('value_type', METAFIELD_VALUE_TYPES, 'string'),
    description: r.strOrNull('description'),
    ...r.times(),
  };
}

/** A credit account (store credit of a customer). */
export function creditAccountFromWire(r: Reader): CreditAccount {
  const currency = r.str('currency_code', 'USD');
  return {
    id: r.id('id'),
    customer_id: r.id('customer_id'),
    available_balance: r.money('available_balance', currency, '0.00'),
    initial_balance: r.money('initial_balance', currency, '0.00'),
    currency_code: currency,
    expires_at: r.timestampOrNull('expires_at'),
    name: r.strOrNull('name'),
    redemption_code: r.strOrNull('redemption_code'),
    type: r.oneOf('type', CREDIT_ACCOUNT_TYPES, 'manual', true),
    ...r.times(),
  };
}

/**
 * A credit adjustment. Its customer is not in the record: 0 until `rebuildDerived` takes it from
 * the adjustment's account.
 */
export function creditAdjustmentFromWire(r: Reader): CreditAdjustment {
  const currency = r.str('currency_code', 'USD');
  return {
    id: r.id('id'),
    credit_account_id: r.id('credit_account_id'),
    customer_id: r.idOrNull('customer_id') ?? 0,
    amount: r.money('amount', currency),
    currency_code: currency,
    ending_balance: r.money('ending_balance', currency, '0.00'),
    note: r.strOrNull('note'),
    type: r.oneOf('type', ADJUSTMENT_TYPES, undefined, true),
    created_at: r.timestamp('created_at'),
  };
}

/** A retention strategy of the cancellation flow. */
export function retentionStrategyFromWire(r: Reader): RetentionStrategy {
  return {
    id: r.id('id'),
    cancellation_flow_type: r.oneOf('cancellation_flow_type', CANCELLATION_FLOW_TYPES, 'subscription', true),
    incentive_type: r.oneOf('incentive_type', INCENTIVE_TYPES, undefined, true),
    discount_code: r.strOrNull('discount_code'),
    prevention_text: r.strOrNull('prevention_text'),
    reason: r.str('reason', ''),
    ...r.times(),
  };
}

/** A bundle selection and its items. `plan_id` is not on the wire (null). */
export function bundleSelectionFromWire(r: Reader): BundleSelection {
  const created = r.timestamp('created_at');
  return {
    id: r.id('id'),
    purchase_item_id: r.id('purchase_item_id'),
    bundle_variant_id: r.id('bundle_variant_id'),
    external_product_id: r.external('external_product_id') ?? r.str('external_product_id'),
    external_variant_id: r.external('external_variant_id') ?? r.str('external_variant_id'),
    plan_id: r.idOrNull('plan_id'),
    items: r.list('items').map((item) => {
      const itemCreated = item.timestamp('created_at', created);
      return {
        id: item.id('id'),
        collection_id: item.str('collection_id', ''),
        collection_source: item.str('collection_source', ''),
        external_product_id: item.external('external_product_id') ?? '',
        external_variant_id: item.external('external_variant_id') ?? '',
        quantity: item.int('quantity', 1),
        created_at: itemCreated,
        updated_at: item.timestamp('updated_at', itemCreated),
      };
    }),
    created_at: created,
    updated_at: r.timestamp('updated_at', created),
  };
}
