/**
 * Which store the dashboard shows, and the token it uses for it. A store the dashboard did not
 * create gets a token issued for it (`POST /_emulator/stores/{id}/tokens`, all scopes, named
 * "Dashboard"), kept for this tab so opening it again issues none.
 */
import { SCOPES } from '../store/scopes.js';
import { ApiFailure, control } from './api.js';

export interface StoreView {
  readonly id: number;
  readonly name: string;
  readonly settings: Record<string, unknown>;
  readonly clock: { readonly now: string; readonly mode: string };
  readonly installed: boolean;
  /** The emulator's default store (it cannot be deleted). */
  readonly default: boolean;
  readonly counts: {
    readonly customers: number;
    readonly active_subscriptions: number;
    readonly queued_charges: number;
    readonly failed_charges: number;
    readonly pending_deliveries: number;
  };
}

export interface Session {
  readonly store: StoreView;
  readonly token: string;
}

const TOKENS_KEY = 'billing-emulator.store-tokens';

function tokens(): Record<string, string> {
  try {
    return JSON.parse(sessionStorage.getItem(TOKENS_KEY) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

/** Remembers the token of a store (one the dashboard created, or issued itself). */
export function rememberToken(storeId: number, token: string): void {
  sessionStorage.setItem(TOKENS_KEY, JSON.stringify({ ...tokens(), [storeId]: token }));
}

/** Opens a store: its remembered token, or a new one issued for the dashboard. */
export async function openStore(store: StoreView): Promise<Session> {
  const known = tokens()[store.id];
  if (known) {
    try {
      await control('GET', '/clock', { token: known });
      return { store, token: known };
    } catch (error) {
      // An emulator restarted in memory no longer knows the token: issue another.
      if (!(error instanceof ApiFailure && error.status === 401)) throw error;
    }
  }
  const issued = await control<{ token: { token: string } }>('POST', `/stores/${store.id}/tokens`, {
    body: { name: 'Dashboard', scopes: SCOPES },
  });
  rememberToken(store.id, issued.token.token);
  return { store, token: issued.token.token };
}

/** Forgets a deleted store's token. */
export function forgetToken(storeId: number): void {
  const { [storeId]: _gone, ...rest } = tokens();
  sessionStorage.setItem(TOKENS_KEY, JSON.stringify(rest));
}
