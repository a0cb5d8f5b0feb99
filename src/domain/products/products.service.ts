/**
 * Business rules of the catalog's products: external ids unique in the store, bundle variants
 * drawing from existing collections, plans and memberships removed with their product. Also the
 * lookups the subscription and charge engine uses to default from the catalog.
 */
import { runCommand } from '../command.js';
import { fail, type FieldMessages } from '../failures.js';
import { recordEvent } from '../events/event-log.js';
import type { Store } from '../../store/store.js';
import { removeProductFromCollections } from '../collections/collections.service.js';
import { removePlansOf } from '../plans/plans.service.js';
import { changedFields } from '../changed-fields.js';
import type { ServiceContext } from '../service-context.js';
import { DEFAULT_VARIANT_TITLE, type Product, type ProductVariant } from '../../model/product.js';

export type VariantFields = Omit<ProductVariant, 'id'>;

export type ProductFields = Omit<Product, 'id' | 'created_at' | 'updated_at' | 'variants'> & {
  readonly variants: readonly VariantFields[];
};

/** A change to a product: only the fields it names; `variants` replaces the whole list. */
export type ProductPatch = Partial<ProductFields>;

/** What a create needs at least. */
export type ProductCreate = ProductPatch & Pick<ProductFields, 'external_product_id' | 'title'>;

/**
 * The product with this external id, or undefined.
 *
 * @example findProductByExternalId(store, '7001')?.title
 */
export function findProductByExternalId(store: Store, externalProductId: string): Product | undefined {
  return store.collections.products.findOne('external_product_id', externalProductId);
}

/**
 * A variant's title as purchase items carry it: null when it has none of its own (api-facts:
 * recorded charges show no "Default Title").
 *
 * @example ownVariantTitle({ title: 'Default Title' }); // null
 */
export function ownVariantTitle(variant: Pick<ProductVariant, 'title'>): string | null {
  return variant.title === DEFAULT_VARIANT_TITLE ? null : variant.title;
}

/**
 * The variant with this external id and its product, or undefined. External variant ids are
 * unique in a store, so the variant alone names its product.
 *
 * @example
 * const found = findVariant(store, '7001-1');
 * const price = found?.variant.prices.unit_price; // '19.99'
 */
export function findVariant(
  store: Store,
  externalVariantId: string,
): { product: Product; variant: ProductVariant } | undefined {
  const product = store.collections.products.findOne('external_variant_id', externalVariantId);
  const variant = product?.variants.find((v) => v.external_variant_id === externalVariantId);
  return product && variant ? { product, variant } : undefined;
}

/**
 * The title of a platform product the store knows only by id (a 2021-01 product created without
 * a title takes the platform product's: api-facts, "Live evidence, wave 3"). The emulator has no
 * platform catalog: the title the store's subscriptions or one-time items of that product carry,
 * else empty.
 *
 * @example platformProductTitle(store, '7001') // 'House Coffee' when a subscription of 7001 says so
 */
export function platformProductTitle(store: Store, externalProductId: string): string {
  for (const items of [store.collections.subscriptions, store.collections.onetimes]) {
    for (const item of items.values()) {
      if (item.external_product_id === externalProductId && item.product_title) return item.product_title;
    }
  }
  return '';
}

/** The product with this external id (2021-11 paths), or 404. */
export function findProduct(store: Store, externalProductId: string): Product {
  const product = findProductByExternalId(store, externalProductId);
  if (!product) throw fail.notFound();
  return product;
}

/** The product with this integer id (2021-01 paths), or 404. */
export function findProductById(store: Store, id: number): Product {
  const product = store.collections.products.get(id);
  if (!product) throw fail.notFound();
  return product;
}

/** `"Blue Shirt!"` → `"blue-shirt"`: the handle a product gets when none is given. */
export function handleOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'product';
}

function variantProblems(store: Store, variants: readonly VariantFields[], self?: number): FieldMessages {
  const problems: FieldMessages = {};
  const seen = new Set<string>();
  variants.forEach((variant, index) => {
    const own: FieldMessages = {};
    const externalId = variant.external_variant_id;
    const holders = [...store.collections.products.idsBy('external_variant_id', externalId)];
    if (seen.has(externalId)) own.external_variant_id = ['The same external_variant_id is given twice.'];
    else if (holders.some((holder) => holder !== self)) {
      own.external_variant_id = [`A variant with external_variant_id ${externalId} already exists.`];
    }
    seen.add(externalId);
    const missing = (variant.bundle?.collection_ids ?? []).filter(
      (id) => !store.collections.product_collections.has(id),
    );
    if (missing.length) own.bundle = { collection_ids: [`No collection with id ${missing.join(', ')}.`] };
    if (Object.keys(own).length) problems[String(index)] = own;
  });
  return problems;
}

function checkProduct(store: Store, fields: ProductPatch, self?: Product): void {
  const problems: FieldMessages = {};
  const externalId = fields.external_product_id;
  if (externalId !== undefined && externalId !== self?.external_product_id) {
    if (self) problems.external_product_id = ['The external_product_id of a product cannot be changed.'];
    else if (findProductByExternalId(store, externalId)) {
      problems.external_product_id = [`A product with external_product_id ${externalId} already exists.`];
    }
  }
  if (fields.variants) {
    const variants = variantProblems(store, fields.variants, self?.id);
    if (Object.keys(variants).length) problems.variants = variants;
  }
  if (Object.keys(problems).length) throw fail.fields(problems);
}

/** Gives new variants an id; a variant whose external id the product already had keeps its id. */
function withIds(store: Store, variants: readonly VariantFields[], before?: Product): ProductVariant[] {
  return variants.map((variant) => {
    const previous = before?.variants.find((v) => v.external_variant_id === variant.external_variant_id);
    return { ...variant, id: previous?.id ?? store.nextId('variants') };
  });
}

function productEvent(
  ctx: ServiceContext,
  product: Product,
  verb: string,
  changed?: Record<string, unknown> | null,
) {
  recordEvent(ctx.store, ctx.actor, {
    object_type: 'product',
    verb,
    object_id: product.id,
    updated_attributes: changed ?? null,
    custom_attributes: { external_product_id: product.external_product_id },
  });
}

/** Checks a create without writing anything (2021-01 creates also check purchase settings first). */
export function checkNewProduct(store: Store, fields: ProductCreate): void {
  checkProduct(store, fields);
}

export function createProduct(ctx: ServiceContext, fields: ProductCreate): Product {
  return runCommand(ctx, () => {
    const { store } = ctx;
    checkProduct(store, fields);
    const now = store.now();
    const product = store.collections.products.insert({
      id: store.nextId('products'),
      external_product_id: fields.external_product_id,
      title: fields.title,
      brand: fields.brand ?? null,
      vendor: fields.vendor ?? null,
      handle: fields.handle ?? handleOf(fields.title),
      description: fields.description ?? null,
      images: fields.images ?? [],
      options: fields.options ?? [],
      variants: withIds(store, fields.variants ?? []),
      // A product created through the API is published at once unless told otherwise.
      published_at: fields.published_at !== undefined ? fields.published_at : now,
      created_at: now,
      updated_at: now,
    });
    productEvent(ctx, product, 'created');
    return product;
  });
}

export function updateProduct(ctx: ServiceContext, id: number, fields: ProductPatch): Product {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const before = findProductById(store, id);
    checkProduct(store, fields, before);
    const { variants, ...rest } = fields;
    const after = store.collections.products.update(id, {
      ...rest,
      ...(variants ? { variants: withIds(store, variants, before) } : {}),
      updated_at: store.now(),
    });
    productEvent(ctx, after, 'updated', changedFields(before, after));
    return after;
  });
}

/**
 * Deletes a product with its plans (each fires plan/deleted) and collection memberships.
 * Subscriptions and one-times keep their own copy of title, price and sku and are left alone.
 */
export function deleteProduct(ctx: ServiceContext, id: number): void {
  return runCommand(ctx, () => {
    const product = findProductById(ctx.store, id);
    removePlansOf(ctx, product.external_product_id);
    removeProductFromCollections(ctx, product.external_product_id);
    ctx.store.collections.products.delete(id);
    productEvent(ctx, product, 'deleted');
  });
}
