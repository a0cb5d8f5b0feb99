/**
 * A use case runs as a command: the records it writes say what else must follow (knock-on
 * effects), and one step at the end of the command applies them, in a fixed order, instead of each
 * service remembering to:
 * 1. the queued charges of every address whose makings changed are rebuilt (spec rules 1-2), or
 *    marked for a rebuild 5 s later when the change was not committed (`commit_update=false`);
 * 2. every customer whose status changed (an active subscription, or one ended with queued charges
 *    or orders left: `isActiveCustomer`) is activated or deactivated (spec: Customer status).
 * What changed is noted by write listeners (`followKnockOns`): a subscription or one-time item
 * written (its address, before and after; a subscription's customer), an address written, a
 * charge that starts or stops holding its items (skipped, paid, failed, unskipped), a charge or
 * order that becomes or stops being queued (its customer). A use case
 * that needs the effects before it goes on (to return the rebuilt charge, or to keep the events
 * in the order the real service sends them) applies them there with `settleKnockOns`.
 * Commands nest: the effects are applied when the outermost one ends.
 */
import type { Charge } from '../model/charge.js';
import type { Store, StoreObserver } from '../store/store.js';
import { deferSync, syncQueuedCharges } from './charges/queued-charges.js';
import { recordCustomerStatus, wasActiveBefore, type StandingWrite } from './customers/customer-status.js';
import type { ServiceContext } from './service-context.js';

/** What the command under way has touched, in the order it touched it. */
class KnockOns {
  /** Addresses whose queued charges must be rebuilt: `now`, or `deferred` (5 s later). */
  readonly addresses = new Map<number, 'now' | 'deferred'>();
  /** Customers whose status may change, with whether they were active before the command. */
  readonly customers = new Map<number, boolean>();
}

const open = new WeakMap<Store, { readonly ctx: ServiceContext; readonly knockOns: KnockOns }>();

/**
 * Runs `use` as a command of `ctx.store`, or as part of the command under way, and applies the
 * knock-on effects when the outermost command ends.
 *
 * @example
 * return runCommand(ctx, () => store.collections.subscriptions.update(id, { quantity: 2 }));
 */
export function runCommand<T>(ctx: ServiceContext, use: () => T): T {
  if (open.has(ctx.store)) return use();
  open.set(ctx.store, { ctx, knockOns: new KnockOns() });
  try {
    const result = use();
    settleKnockOns(ctx);
    return result;
  } finally {
    open.delete(ctx.store);
  }
}

/**
 * A use case: `(ctx, ...args) => result`, run as a command.
 *
 * @example
 * export const skipCharge = useCase((ctx: ServiceContext, id: number) => { ... });
 */
export function useCase<A extends unknown[], R>(
  use: (ctx: ServiceContext, ...args: A) => R,
): (ctx: ServiceContext, ...args: A) => R {
  return (ctx, ...args) => runCommand(ctx, () => use(ctx, ...args));
}

/** Applies the knock-on effects noted so far (step 1, then step 2), until none is left. */
export function settleKnockOns(ctx: ServiceContext): void {
  const command = open.get(ctx.store);
  if (!command) return;
  const { knockOns } = command;
  // The outermost command's actor records the effects' events (an API token, the scheduler...).
  const outer = command.ctx;
  while (knockOns.addresses.size > 0 || knockOns.customers.size > 0) {
    for (const [addressId, when] of knockOns.addresses) {
      knockOns.addresses.delete(addressId);
      if (when === 'now') syncQueuedCharges(outer, addressId);
      else deferSync(outer, addressId);
    }
    for (const [customerId, before] of knockOns.customers) {
      knockOns.customers.delete(customerId);
      recordCustomerStatus(outer, customerId, before);
    }
  }
}

/** Notes that the queued charges of `addressId` must be rebuilt when the command ends. */
export function touchAddress(ctx: ServiceContext, addressId: number): void {
  const knockOns = knockOnsOf(ctx.store);
  if (knockOns.addresses.get(addressId) !== 'deferred') knockOns.addresses.set(addressId, 'now');
}

/**
 * Spec: a change made with `commit_update=false` is regenerated about 5 seconds later: the queued
 * charges of `addressId` show `has_uncommitted_changes` until then (whatever else the command wrote).
 */
export function deferRebuild(ctx: ServiceContext, addressId: number): void {
  knockOnsOf(ctx.store).addresses.set(addressId, 'deferred');
}

function knockOnsOf(store: Store): KnockOns {
  const command = open.get(store);
  if (!command) throw new Error(`store ${store.id}: a write that has knock-on effects ran outside a command`);
  return command.knockOns;
}

/** Statuses in which a charge holds its items at its date, so they sit in no queued charge. */
const holds = (charge: Charge | undefined) => charge !== undefined && charge.status !== 'queued';

/**
 * Store observer: notes the knock-on effects of every write to the records charges are made of.
 * Writes undone by a failed command are not noted (the command is gone with them).
 */
export const followKnockOns: StoreObserver = (store) => {
  const { subscriptions, onetimes, addresses, charges, orders } = store.collections;
  const address = (id: number | undefined) => {
    if (id !== undefined) touchAddress({ store } as ServiceContext, id);
  };
  // The customer's status before the command: seen at its first write, less what that write did.
  const customer = (id: number | undefined, write: StandingWrite) => {
    if (id === undefined) return;
    const knockOns = knockOnsOf(store);
    if (!knockOns.customers.has(id)) knockOns.customers.set(id, wasActiveBefore(store, id, write));
  };
  const queued = (r: { status: string } | undefined) => r?.status === 'queued';
  subscriptions.onWrite((before, after, cause) => {
    if (cause === 'revert') return;
    address(before?.address_id);
    address(after?.address_id);
    customer(before?.customer_id, { kind: 'subscription', before, after });
    if (after?.customer_id !== before?.customer_id)
      customer(after?.customer_id, { kind: 'subscription', before, after });
  });
  onetimes.onWrite((before, after, cause) => {
    if (cause === 'revert') return;
    address(before?.address_id);
    address(after?.address_id);
  });
  addresses.onWrite((before, after, cause) => {
    if (cause !== 'revert') address((after ?? before)?.id);
  });
  charges.onWrite((before, after, cause) => {
    if (cause === 'revert') return;
    // A queued charge made, rebuilt or deleted is the rebuild's own work: it changes nothing held.
    if (holds(before) !== holds(after)) address((after ?? before)?.address_id);
    if (queued(before) !== queued(after))
      customer((after ?? before)?.customer_id, { kind: 'charge', before, after });
  });
  orders.onWrite((before, after, cause) => {
    if (cause === 'revert') return;
    if (queued(before) !== queued(after))
      customer((after ?? before)?.customer_id, { kind: 'order', before, after });
  });
};
