/**
 * Business rules of collections and their memberships: products must exist, adding a member twice
 * or removing a non-member is a no-op, a collection used by a bundle variant cannot be deleted.
 */
import { runCommand } from '../command.js';
import { fail, type FieldMessages } from '../failures.js';
import { recordEvent } from '../events/event-log.js';
import type { Store } from '../../store/store.js';
import { changedFields } from '../changed-fields.js';
import type { ServiceContext } from '../service-context.js';
import type { CollectionProduct, ProductCollection } from '../../model/collection.js';

export type CollectionFields = Pick<ProductCollection, 'title' | 'description' | 'type' | 'sort_order'>;

/** The collection `id`, or 404. */
export function findCollection(store: Store, id: number): ProductCollection {
  const collection = store.collections.product_collections.get(id);
  if (!collection) throw fail.notFound();
  return collection;
}

/**
 * Ids of the collections a product belongs to, ascending.
 *
 * @example collectionIdsOfProduct(store, '7001') // [10000001, 10000004]
 */
export function collectionIdsOfProduct(store: Store, externalProductId: string): number[] {
  return store.collections.collection_products
    .findBy('external_product_id', externalProductId)
    .map((membership) => membership.collection_id)
    .sort((a, b) => a - b);
}

/** The membership of a product in a collection, if any. */
export function findMembership(
  store: Store,
  collectionId: number,
  externalProductId: string,
): CollectionProduct | undefined {
  return store.collections.collection_products
    .findBy('external_product_id', externalProductId)
    .find((membership) => membership.collection_id === collectionId);
}

export function createCollection(ctx: ServiceContext, fields: CollectionFields): ProductCollection {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const now = store.now();
    const collection = store.collections.product_collections.insert({
      ...fields,
      id: store.nextId('collections'),
      created_at: now,
      updated_at: now,
    });
    recordEvent(store, ctx.actor, { object_type: 'collection', verb: 'created', object_id: collection.id });
    return collection;
  });
}

export function updateCollection(
  ctx: ServiceContext,
  id: number,
  fields: Partial<CollectionFields>,
): ProductCollection {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const before = findCollection(store, id);
    const after = store.collections.product_collections.update(id, { ...fields, updated_at: store.now() });
    recordEvent(store, ctx.actor, {
      object_type: 'collection',
      verb: 'updated',
      object_id: id,
      updated_attributes: changedFields(before, after),
    });
    return after;
  });
}

/** External ids of the products with a bundle variant drawing from the collection. */
function bundlesUsing(store: Store, collectionId: number): string[] {
  const users: string[] = [];
  for (const product of store.collections.products.values()) {
    if (product.variants.some((variant) => variant.bundle?.collection_ids.includes(collectionId))) {
      users.push(product.external_product_id);
    }
  }
  return users;
}

/**
 * Deletes a collection and its memberships. A collection that a bundle variant draws its items from
 * cannot be deleted (422): the bundle would accept items from nowhere.
 */
export function deleteCollection(ctx: ServiceContext, id: number): void {
  return runCommand(ctx, () => {
    const { store } = ctx;
    findCollection(store, id);
    const users = bundlesUsing(store, id);
    if (users.length) {
      throw fail.field('collection', `Collection is used by the bundle products ${users.join(', ')}.`);
    }
    for (const membership of store.collections.collection_products.findBy('collection_id', id)) {
      removeMembership(ctx, membership);
    }
    store.collections.product_collections.delete(id);
    recordEvent(store, ctx.actor, { object_type: 'collection', verb: 'deleted', object_id: id });
  });
}

function removeMembership(ctx: ServiceContext, membership: CollectionProduct): void {
  ctx.store.collections.collection_products.delete(membership.id);
  recordEvent(ctx.store, ctx.actor, {
    object_type: 'collection_product',
    verb: 'deleted',
    object_id: membership.id,
    custom_attributes: {
      collection_id: membership.collection_id,
      external_product_id: membership.external_product_id,
    },
  });
}

/**
 * Adds products to a collection, all or nothing: an unknown product fails the whole request with
 * 422 naming its index. A product already in the collection (or named twice) is kept as it is.
 * Returns the memberships of every product named, in request order.
 */
export function addProductsToCollection(
  ctx: ServiceContext,
  collectionId: number,
  externalProductIds: readonly string[],
): CollectionProduct[] {
  return runCommand(ctx, () => {
    const { store } = ctx;
    findCollection(store, collectionId);
    const problems: FieldMessages = {};
    externalProductIds.forEach((externalId, index) => {
      if (!store.collections.products.findOne('external_product_id', externalId)) {
        problems[String(index)] = {
          external_product_id: [`No product with external_product_id ${externalId}.`],
        };
      }
    });
    if (Object.keys(problems).length) throw fail.fields({ collection_products: problems });
    return externalProductIds.map((externalId) => {
      const existing = findMembership(store, collectionId, externalId);
      if (existing) return existing;
      const now = store.now();
      const membership = store.collections.collection_products.insert({
        id: store.nextId('collection_products'),
        collection_id: collectionId,
        external_product_id: externalId,
        created_at: now,
        updated_at: now,
      });
      recordEvent(store, ctx.actor, {
        object_type: 'collection_product',
        verb: 'created',
        object_id: membership.id,
        custom_attributes: { collection_id: collectionId, external_product_id: externalId },
      });
      return membership;
    });
  });
}

/** Removes products from a collection; a product that is not a member is skipped. */
export function removeProductsFromCollection(
  ctx: ServiceContext,
  collectionId: number,
  externalProductIds: readonly string[],
): void {
  return runCommand(ctx, () => {
    findCollection(ctx.store, collectionId);
    for (const externalId of new Set(externalProductIds)) {
      const membership = findMembership(ctx.store, collectionId, externalId);
      if (membership) removeMembership(ctx, membership);
    }
  });
}

/** Removes every membership of a product that is being deleted. */
export function removeProductFromCollections(ctx: ServiceContext, externalProductId: string): void {
  return runCommand(ctx, () => {
    for (const membership of ctx.store.collections.collection_products.findBy(
      'external_product_id',
      externalProductId,
    )) {
      removeMembership(ctx, membership);
    }
  });
}
