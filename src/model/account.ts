import type { Timestamp } from './shared.js';

/** A staff account of the store. */
export interface Account {
  readonly id: number;
  /** The staff user behind the account (api-facts: accounts carry `user_id`); absent in old data: `id`. */
  readonly user_id?: number;
  readonly email: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly is_owner: boolean;
  readonly created_at: Timestamp;
  readonly invited_at: Timestamp | null;
}
