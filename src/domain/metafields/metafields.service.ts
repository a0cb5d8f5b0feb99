/** Business rules of metafields: the owner must exist, 50 per owner, values match their type. */
import { runCommand } from '../command.js';
import { fail } from '../failures.js';
import { recordEvent } from '../events/event-log.js';
import type { Scope } from '../../store/scopes.js';
import type { Store } from '../../store/store.js';
import { changedFields } from '../changed-fields.js';
import type { ServiceContext } from '../service-context.js';
import type { Metafield, MetafieldValueType, OwnerResource } from '../../model/metafield.js';

/** Spec, Limits: metafields per owner. */
export const METAFIELDS_PER_OWNER = 50;

/** How to find an owner of each kind; kinds without an entry have no records yet. */
const OWNERS: Readonly<Partial<Record<OwnerResource, (store: Store, id: number) => boolean>>> = {
  store: (store, id) => store.id === id,
  customer: (store, id) => store.collections.customers.has(id),
  address: (store, id) => store.collections.addresses.has(id),
  subscription: (store, id) => store.collections.subscriptions.has(id),
  charge: (store, id) => store.collections.charges.has(id),
  order: (store, id) => store.collections.orders.has(id),
};

/** The scopes that guard metafields of an owner kind (decision: the owner's own scopes). */
export const METAFIELD_SCOPES: Readonly<Record<OwnerResource, { read: Scope; write: Scope }>> = {
  customer: { read: 'read_customers', write: 'write_customers' },
  address: { read: 'read_customers', write: 'write_customers' },
  subscription: { read: 'read_subscriptions', write: 'write_subscriptions' },
  order: { read: 'read_orders', write: 'write_orders' },
  charge: { read: 'read_orders', write: 'write_orders' },
  // No write_store scope exists: store metafields need read_store for both.
  store: { read: 'read_store', write: 'read_store' },
};

export function findMetafield(store: Store, id: number): Metafield {
  const metafield = store.collections.metafields.get(id);
  if (!metafield) throw fail.notFound();
  return metafield;
}

function checkValue(value: string, type: MetafieldValueType): void {
  if (type === 'integer' && !/^-?\d+$/.test(value)) throw fail.field('value', 'Not a valid integer.');
  if (type === 'json_string') {
    try {
      JSON.parse(value);
    } catch {
      throw fail.field('value', 'Not a valid JSON string.');
    }
  }
}

function checkOwner(store: Store, resource: OwnerResource, id: number, self?: number): void {
  const exists = OWNERS[resource];
  if (!exists || !exists(store, id)) throw fail.field('owner_id', `No ${resource} with id ${id}.`);
  const count = store.collections.metafields
    .findBy('owner', `${resource}:${id}`)
    .filter((m) => m.id !== self).length;
  if (count >= METAFIELDS_PER_OWNER) {
    throw fail.field('owner_id', `An owner can have at most ${METAFIELDS_PER_OWNER} metafields.`);
  }
}

export type MetafieldFields = Omit<Metafield, 'id' | 'created_at' | 'updated_at'>;

function customerOf(store: Store, metafield: Metafield): number | null {
  if (metafield.owner_resource === 'customer') return metafield.owner_id;
  const owner =
    metafield.owner_resource === 'address'
      ? store.collections.addresses.get(metafield.owner_id)
      : metafield.owner_resource === 'subscription'
        ? store.collections.subscriptions.get(metafield.owner_id)
        : metafield.owner_resource === 'charge'
          ? store.collections.charges.get(metafield.owner_id)
          : metafield.owner_resource === 'order'
            ? store.collections.orders.get(metafield.owner_id)
            : undefined;
  return owner?.customer_id ?? null;
}

export function createMetafield(ctx: ServiceContext, fields: MetafieldFields): Metafield {
  return runCommand(ctx, () => {
    const { store } = ctx;
    checkOwner(store, fields.owner_resource, fields.owner_id);
    checkValue(fields.value, fields.value_type);
    const now = store.now();
    const metafield = store.collections.metafields.insert({
      ...fields,
      id: store.nextId('metafields'),
      created_at: now,
      updated_at: now,
    });
    recordEvent(store, ctx.actor, {
      object_type: 'metafield',
      verb: 'created',
      object_id: metafield.id,
      customer_id: customerOf(store, metafield),
    });
    return metafield;
  });
}

export function updateMetafield(
  ctx: ServiceContext,
  id: number,
  fields: Partial<MetafieldFields>,
): Metafield {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const before = findMetafield(store, id);
    const merged = { ...before, ...fields };
    if (merged.owner_resource !== before.owner_resource || merged.owner_id !== before.owner_id) {
      checkOwner(store, merged.owner_resource, merged.owner_id, id);
    }
    checkValue(merged.value, merged.value_type);
    const after = store.collections.metafields.update(id, { ...fields, updated_at: store.now() });
    recordEvent(store, ctx.actor, {
      object_type: 'metafield',
      verb: 'updated',
      object_id: id,
      customer_id: customerOf(store, after),
      updated_attributes: changedFields(before, after),
    });
    return after;
  });
}

export function deleteMetafield(ctx: ServiceContext, id: number): void {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const metafield = findMetafield(store, id);
    store.collections.metafields.delete(id);
    recordEvent(store, ctx.actor, {
      object_type: 'metafield',
      verb: 'deleted',
      object_id: id,
      customer_id: customerOf(store, metafield),
    });
  });
}

/** Removes the metafields of an owner that is being deleted. */
export function removeMetafieldsOf(store: Store, resource: OwnerResource, id: number): void {
  for (const metafield of store.collections.metafields.findBy('owner', `${resource}:${id}`)) {
    store.collections.metafields.delete(metafield.id);
  }
}
