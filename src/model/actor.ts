import type { TokenRecord } from './token.js';

/** Who asks a service to act: an API token, the control API, or the scheduler driven by the clock. */
export type Actor =
  | { readonly origin: 'api'; readonly token: TokenRecord }
  | { readonly origin: 'emulator' }
  | { readonly origin: 'scheduler' }
  | { readonly origin: 'customer_portal' }
  | { readonly origin: 'platform_checkout' };

export const EMULATOR_ACTOR: Actor = { origin: 'emulator' };
export const SCHEDULER_ACTOR: Actor = { origin: 'scheduler' };
/** A customer acting in the customer portal (simulated through the control API). */
export const PORTAL_ACTOR: Actor = { origin: 'customer_portal' };
/** A buyer on platform B's checkout (simulated through the control API; spec rule 6). */
export const PLATFORM_CHECKOUT_ACTOR: Actor = { origin: 'platform_checkout' };
