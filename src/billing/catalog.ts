/** Catalog lookups the billing engine needs (defaults for items, bundle contents). */
import type { Store } from '../store/store.js';
import type { Product, ProductVariant } from '../resources/products/product.model.js';

export function variantOf(
  store: Store,
  externalVariantId: string,
): { product: Product; variant: ProductVariant } | undefined {
  const product = store.collections.products.findOne('external_variant_id', externalVariantId);
  const variant = product?.variants.find((v) => v.external_variant_id === externalVariantId);
  return product && variant ? { product, variant } : undefined;
}

/** Ids of the collections a product belongs to. */
export function collectionsOf(store: Store, externalProductId: string): number[] {
  return store.collections.collection_products
    .findBy('external_product_id', externalProductId)
    .map((membership) => membership.collection_id);
}
