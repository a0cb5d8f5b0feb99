import type { Timestamp } from '../shared.model.js';

/** A staff account of the store. */
export interface Account {
  readonly id: number;
  readonly email: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly is_owner: boolean;
  readonly created_at: Timestamp;
  readonly invited_at: Timestamp | null;
}
