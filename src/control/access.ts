/**
 * Who may call which control route: the one place that decides. Each control endpoint declares
 * its reach as data (`access`), and `authorize` weighs it against what the request carries.
 *
 * Without an admin token (one developer's emulator) every route is open, as it always was: a
 * route acts on the store of the token sent, or on the default store. With `--admin-token` (a
 * shared instance, many CI jobs) a store's token drives its own store and nothing else; routes
 * that reach across stores need the admin token (docs/decisions/0040-guard.md).
 */
import { timingSafeEqual } from 'node:crypto';
import { errors } from '../errors/messages.js';
import type { Store } from '../store/store.js';
import { CONTROL_PREFIX } from './control.types.js';

/**
 * - `public`: no credentials, ever (health, the OpenAPI document, the dashboard's files, a
 *   delivery to the webhook inbox).
 * - `store`: acts on the calling store only; its own token is enough.
 * - `inbox`: a webhook inbox; a store's token reaches the inboxes its own webhooks point at.
 * - `admin`: reaches across stores (lists, creates, deletes stores, issues tokens, reads every
 *   inbox); needs the admin token when the emulator has one.
 */
export const CONTROL_ACCESS = ['public', 'store', 'inbox', 'admin'] as const;
export type ControlAccess = (typeof CONTROL_ACCESS)[number];

/** What a control request carries, read by the router. */
export interface Caller {
  /** The emulator has an admin token (a shared instance). */
  readonly adminTokenSet: boolean;
  /** `Authorization: Bearer <admin token>` sent (`valid`), another Authorization (`invalid`), or none. */
  readonly admin: 'none' | 'valid' | 'invalid';
  /** The store of the access token sent; undefined when none was sent. */
  readonly store: Store | undefined;
  /** The store a route acts on when the request names none. */
  readonly defaultStore: Store;
}

/**
 * Whether `Authorization` carries `expected` as a bearer token (compared in constant time).
 *
 * @example
 * bearerMatches('Bearer let-me-in', 'let-me-in'); // true
 */
export function bearerMatches(authorization: string, expected: string): boolean {
  const match = /^Bearer (.+)$/.exec(authorization);
  const given = Buffer.from(match?.[1] ?? '');
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** Whether one of `store`'s webhooks delivers to the inbox `name` of this emulator. */
function pointsAtInbox(store: Store, name: string | undefined): boolean {
  if (name === undefined) return false;
  const path = `${CONTROL_PREFIX}/inbox/${name}`;
  for (const webhook of store.collections.webhooks.values()) {
    try {
      if (new URL(webhook.address).pathname === path) return true;
    } catch {
      // an address that is no URL points nowhere
    }
  }
  return false;
}

/**
 * The store a control request acts on, or the refusal: 401 without credentials a shared instance
 * needs, 403 when the store's token does not reach that far.
 *
 * @example
 * authorize('store', caller, {}, 'X-Service-Access-Token'); // the caller's store, or the default store
 * authorize('admin', { ...caller, admin: 'none' }, {}, 'X-Service-Access-Token'); // 403 when shared
 */
export function authorize(
  access: ControlAccess,
  caller: Caller,
  params: Readonly<Record<string, string>>,
  tokenHeader: string,
): Store {
  const store = caller.store ?? caller.defaultStore;
  if (access === 'public' || !caller.adminTokenSet || caller.admin === 'valid') return store;
  if (caller.admin === 'invalid' || caller.store === undefined)
    throw errors.unauthorized(`Authorization (Bearer admin token) or ${tokenHeader}`);
  if (access === 'store') return caller.store;
  if (access === 'inbox' && pointsAtInbox(caller.store, params.name)) return caller.store;
  throw errors.forbidden(
    access === 'inbox'
      ? `No webhook of this store points at this inbox: a store's token reaches only the inboxes its webhooks deliver to; others need the admin token (Authorization: Bearer <admin token>).`
      : `This route reaches across stores: it needs the admin token (Authorization: Bearer <admin token>); a store's token drives only its own store.`,
  );
}

/** Whether the caller may reach across stores: one developer's emulator, or the admin token sent. */
export function reachesAcrossStores(caller: Caller): boolean {
  return !caller.adminTokenSet || caller.admin === 'valid';
}

/**
 * Store settings that reach beyond the store, which a store's own token may not turn on when the
 * emulator is shared: a webhook to a cloud metadata address reads the host's credentials, not the
 * store's (decision 0042).
 */
const ADMIN_ONLY_SETTINGS: readonly (readonly [group: string, name: string])[] = [
  ['webhooks', 'allow_metadata_addresses'],
];

/**
 * Refuses (403) a settings change that turns on an admin-only setting, unless the caller reaches
 * across stores.
 *
 * @example
 * refuseAdminOnlySettings({ webhooks: { allow_metadata_addresses: true } }, false); // throws 403
 */
export function refuseAdminOnlySettings(patch: unknown, acrossStores: boolean): void {
  if (acrossStores || typeof patch !== 'object' || patch === null) return;
  for (const [group, name] of ADMIN_ONLY_SETTINGS) {
    const section: unknown = (patch as Record<string, unknown>)[group];
    if (
      typeof section === 'object' &&
      section !== null &&
      (section as Record<string, unknown>)[name] === true
    )
      throw errors.forbidden(
        `The setting ${group}.${name} reaches beyond this store: on a shared emulator it needs the admin token (Authorization: Bearer <admin token>).`,
      );
  }
}
