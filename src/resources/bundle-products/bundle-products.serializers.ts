/**
 * The bundle product record (2021-11, `GET /bundle_products` and a subscription's
 * `include=bundle_product`): a catalog product with bundle variants, in the shape of a recorded live
 * answer of the real service (api-facts: "Recorded real records"). The emulator's bundles take a
 * fixed number of items from the collections they name, at the bundle variant's own price.
 */
import type { Product, ProductVariant } from '../../model/product.js';

/** The variants of `product` that are bundles. */
export function bundleVariants(product: Product): ProductVariant[] {
  return product.variants.filter((variant) => variant.bundle !== null);
}

/**
 * @example
 * serializeBundleProduct(product).variants[0].ranges; // [{ id: 7, quantity_min: 6, quantity_max: 6 }]
 */
export function serializeBundleProduct(product: Product): Record<string, unknown> {
  return {
    id: product.id,
    external_product_id: product.external_product_id,
    title: product.title,
    // A customer chooses the contents (bundle selections); the price is the bundle variant's.
    is_customizable: true,
    price_rule: 'fixed',
    variants: bundleVariants(product).map((variant) => {
      const itemsCount = variant.bundle?.items_count ?? 0;
      return {
        // The id a bundle selection names as bundle_variant_id.
        id: variant.id,
        title: variant.title,
        external_variant_id: variant.external_variant_id,
        // Published client (BundleVariant): the number of items the bundle takes.
        items_count: itemsCount,
        option_sources: (variant.bundle?.collection_ids ?? []).map((id) => ({
          option_source_id: String(id),
        })),
        // One range: the emulator's bundles take exactly items_count items.
        ranges: [{ id: variant.id, quantity_min: itemsCount, quantity_max: itemsCount }],
      };
    }),
  };
}
