/** Credit records (api-facts: Credit account, Credit adjustment); 2021-11 only. */
import type { ApiVersion } from '../../model/versions.js';
import { timestamp } from '../serialize.js';
import type { CreditAccount, CreditAdjustment } from '../../model/credit.js';

export function serializeCreditAccount(account: CreditAccount, version: ApiVersion): Record<string, unknown> {
  return {
    id: account.id,
    available_balance: account.available_balance,
    created_at: timestamp(version, account.created_at),
    currency_code: account.currency_code,
    customer_id: account.customer_id,
    expires_at: timestamp(version, account.expires_at),
    initial_balance: account.initial_balance,
    name: account.name,
    redemption_code: account.redemption_code,
    type: account.type,
    updated_at: timestamp(version, account.updated_at),
  };
}

export function serializeCreditAdjustment(
  adjustment: CreditAdjustment,
  version: ApiVersion,
): Record<string, unknown> {
  return {
    id: adjustment.id,
    amount: adjustment.amount,
    created_at: timestamp(version, adjustment.created_at),
    credit_account_id: adjustment.credit_account_id,
    currency_code: adjustment.currency_code,
    ending_balance: adjustment.ending_balance,
    note: adjustment.note,
    type: adjustment.type,
  };
}
