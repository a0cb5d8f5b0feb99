import type { Timestamp } from './shared.js';

export const CREDIT_ACCOUNT_TYPES = ['reward', 'manual', 'gift'] as const;
export type CreditAccountType = (typeof CREDIT_ACCOUNT_TYPES)[number];
export const ADJUSTMENT_TYPES = ['credit', 'debit'] as const;
export type AdjustmentType = (typeof ADJUSTMENT_TYPES)[number];

/** Store credit a customer holds (api-facts: Credit account); amounts are decimal strings. */
export interface CreditAccount {
  readonly id: number;
  readonly customer_id: number;
  readonly available_balance: string;
  readonly initial_balance: string;
  readonly currency_code: string;
  readonly expires_at: Timestamp | null;
  readonly name: string | null;
  readonly redemption_code: string | null;
  readonly type: CreditAccountType;
  readonly created_at: Timestamp;
  readonly updated_at: Timestamp;
}

/** One movement of a credit account; never changed once made. */
export interface CreditAdjustment {
  readonly id: number;
  readonly credit_account_id: number;
  /** The account's customer, kept for the `customer_id` filter (not in the record). */
  readonly customer_id: number;
  readonly amount: string;
  readonly currency_code: string;
  readonly ending_balance: string;
  readonly note: string | null;
  readonly type: AdjustmentType;
  readonly created_at: Timestamp;
}
