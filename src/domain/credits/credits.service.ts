/**
 * Credit accounts and their adjustments. The API only reads them (spec: Credits); tests seed them
 * through the control API. Every balance change is an adjustment, the initial balance included, so
 * the adjustments of an account always add up to its available balance (decision 0012).
 */
import { fail } from '../failures.js';
import { fromMinor, toMinor } from '../money.js';
import { RULE } from '../messages.js';
import type { Store } from '../../store/store.js';
import { findCustomer } from '../customers/customers.service.js';
import type { AdjustmentType, CreditAccount, CreditAdjustment } from '../../model/credit.js';

/** A credit account seeded through the control API (the store's currency when none is given). */
export interface CreditAccountSeed {
  readonly customer_id: number;
  readonly initial_balance: string;
  readonly currency_code?: string;
  readonly name?: string | null;
  readonly type?: CreditAccount['type'];
  readonly expires_at?: string | null;
  readonly redemption_code?: string | null;
}

/** An adjustment of a credit account's balance. */
export interface CreditAdjustmentSeed {
  readonly amount: string;
  readonly type: AdjustmentType;
  readonly note?: string | null;
}

export function findCreditAccount(store: Store, id: number): CreditAccount {
  const account = store.collections.credit_accounts.get(id);
  if (!account) throw fail.notFound();
  return account;
}

export function findCreditAdjustment(store: Store, id: number): CreditAdjustment {
  const adjustment = store.collections.credit_adjustments.get(id);
  if (!adjustment) throw fail.notFound();
  return adjustment;
}

/** Whether the account can no longer be used: past its `expires_at`, by the store's clock. */
export function isExpired(store: Store, account: CreditAccount): boolean {
  return account.expires_at !== null && account.expires_at <= store.now();
}

function insertAdjustment(
  store: Store,
  account: CreditAccount,
  type: AdjustmentType,
  minor: number,
  note: string | null,
): { adjustment: CreditAdjustment; account: CreditAccount } {
  const currency = account.currency_code;
  const balance = toMinor(account.available_balance, currency);
  const ending = type === 'credit' ? balance + minor : balance - minor;
  const now = store.now();
  const adjustment = store.collections.credit_adjustments.insert({
    id: store.nextId('credit_adjustments'),
    credit_account_id: account.id,
    customer_id: account.customer_id,
    amount: fromMinor(minor, currency),
    currency_code: currency,
    ending_balance: fromMinor(ending, currency),
    note,
    type,
    created_at: now,
  });
  const updated = store.collections.credit_accounts.update(account.id, {
    available_balance: fromMinor(ending, currency),
    updated_at: now,
  });
  return { adjustment, account: updated };
}

/** Opens a credit account for a customer; a positive initial balance is its first adjustment. */
export function seedCreditAccount(store: Store, input: CreditAccountSeed): CreditAccount {
  const customer = store.collections.customers.get(input.customer_id);
  if (!customer) throw fail.field('customer_id', `No customer with id ${input.customer_id}.`);
  const code = input.redemption_code ?? null;
  if (code !== null && store.collections.credit_accounts.findOne('redemption_code', code.toLowerCase()))
    throw fail.field('redemption_code', RULE.credit.codeTaken);
  const currency = input.currency_code ?? store.settings.currency;
  const initial = toMinor(input.initial_balance, currency);
  const now = store.now();
  const account = store.collections.credit_accounts.insert({
    id: store.nextId('credit_accounts'),
    customer_id: customer.id,
    available_balance: fromMinor(0, currency),
    initial_balance: fromMinor(initial, currency),
    currency_code: currency,
    expires_at: input.expires_at ?? null,
    name: input.name ?? null,
    redemption_code: code,
    type: input.type ?? 'manual',
    created_at: now,
    updated_at: now,
  });
  if (initial === 0) return account;
  return insertAdjustment(store, account, 'credit', initial, 'Initial balance').account;
}

/** Credits or debits an account; a debit beyond the available balance is refused (422). */
export function seedCreditAdjustment(
  store: Store,
  accountId: number,
  input: CreditAdjustmentSeed,
): { adjustment: CreditAdjustment; account: CreditAccount } {
  const account = findCreditAccount(store, accountId);
  const currency = account.currency_code;
  const minor = toMinor(input.amount, currency);
  if (minor <= 0) throw fail.field('amount', RULE.credit.positive);
  if (input.type === 'debit' && minor > toMinor(account.available_balance, currency)) {
    throw fail.field('amount', RULE.credit.overdrawn(fromMinor(minor, currency), account.available_balance));
  }
  return insertAdjustment(store, account, input.type, minor, input.note ?? null);
}

export interface CreditSummary {
  readonly customer_id: number;
  readonly currency_code: string;
  readonly total_available_balance: string;
}

/**
 * What a customer can spend: the available balances of the accounts in the store's currency that
 * have not expired.
 */
export function creditSummary(store: Store, customerId: number): CreditSummary {
  const customer = findCustomer(store, customerId);
  const currency = store.settings.currency;
  let total = 0;
  for (const account of store.collections.credit_accounts.findBy('customer_id', customer.id)) {
    if (account.currency_code !== currency || isExpired(store, account)) continue;
    total += toMinor(account.available_balance, currency);
  }
  return {
    customer_id: customer.id,
    currency_code: currency,
    total_available_balance: fromMinor(total, currency),
  };
}
