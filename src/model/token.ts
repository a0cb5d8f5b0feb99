import type { Scope } from './scopes.js';
import type { Timestamp } from './shared.js';

/** An API token of a store. `token` is the secret sent in the access-token header. */
export interface TokenRecord {
  readonly id: number;
  readonly token: string;
  readonly name: string;
  readonly scopes: readonly Scope[];
  readonly contact_email: string | null;
  readonly created_at: Timestamp;
}
