/**
 * The product record per version: 2021-11 is the catalog record (api-facts: Product 2021-11);
 * 2021-01 is the service's older product settings record, keyed by integer id, with images in
 * sizes and `subscription_defaults` derived from the product's plans.
 */
import type { Store } from '../../store/store.js';
import type { ApiVersion } from '../../model/versions.js';
import { collectionIdsOfProduct } from '../../domain/collections/collections.service.js';
import { platformIdOutput, timestamp } from '../serialize.js';
import type { Product, ProductVariant } from '../../model/product.js';
import { purchaseSettingsOf } from '../../domain/products/purchase-settings.js';
import { findVariant } from '../../domain/products/products.service.js';

export interface ImageSizes {
  readonly large: string | null;
  readonly medium: string | null;
  readonly original: string | null;
  readonly small: string | null;
}

/** `https://cdn/x/shirt.png?v=1` in a size: `https://cdn/x/shirt_large.png?v=1`, as the platform's CDN names them. */
function sized(src: string, size: string): string {
  const cut = src.search(/[?#]/);
  const path = cut === -1 ? src : src.slice(0, cut);
  const rest = cut === -1 ? '' : src.slice(cut);
  const dot = path.lastIndexOf('.');
  const named =
    dot > path.lastIndexOf('/') ? `${path.slice(0, dot)}_${size}${path.slice(dot)}` : `${path}_${size}`;
  return named + rest;
}

/**
 * The product's first image in the four sizes of 2021-01 records and charge line items (all null
 * when it has none).
 *
 * @example productImageSizes(product).small // 'https://cdn.example/shirt_small.png'
 */
export function productImageSizes(product: Product): ImageSizes {
  const src = product.images[0]?.src;
  if (!src) return { large: null, medium: null, original: null, small: null };
  return {
    large: sized(src, 'large'),
    medium: sized(src, 'medium'),
    original: src,
    small: sized(src, 'small'),
  };
}

/**
 * The images of a purchase item's variant in the four sizes (all null outside the catalog or
 * without an image), as 2021-01 line items carry them.
 *
 * @example variantImages(store, '7001-1').original // 'https://cdn.example/shirt.png'
 */
export function variantImages(store: Store, externalVariantId: string): ImageSizes {
  const found = findVariant(store, externalVariantId);
  return found
    ? productImageSizes(found.product)
    : { large: null, medium: null, original: null, small: null };
}

/**
 * The same as 2021-11 line items carry them: `{}` when there is no image (api-facts: recorded real records).
 *
 * @example variantImages2021_11(store, 'no-image-1') // {}
 */
export function variantImages2021_11(
  store: Store,
  externalVariantId: string,
): ImageSizes | Record<string, never> {
  const sizes = variantImages(store, externalVariantId);
  return sizes.original === null ? {} : sizes;
}

function serializeVariant(variant: ProductVariant): Record<string, unknown> {
  return {
    // Emulator addition: the variant id that bundle selections name as bundle_variant_id.
    bundle: variant.bundle && {
      bundle_variant_id: variant.id,
      collection_ids: variant.bundle.collection_ids,
      items_count: variant.bundle.items_count,
    },
    external_variant_id: variant.external_variant_id,
    grams: variant.grams,
    option_values: variant.option_values,
    prices: { compare_at_price: variant.prices.compare_at_price, unit_price: variant.prices.unit_price },
    requires_shipping: variant.requires_shipping,
    sku: variant.sku,
    taxable: variant.taxable,
    title: variant.title,
  };
}

function serialize2021_11(product: Product): Record<string, unknown> {
  return {
    brand: product.brand,
    created_at: timestamp('2021-11', product.created_at),
    description: product.description,
    external_product_id: product.external_product_id,
    handle: product.handle,
    images: product.images.map((image) => ({ alt: image.alt, sort_order: image.sort_order, src: image.src })),
    options: product.options,
    published_at: timestamp('2021-11', product.published_at),
    title: product.title,
    updated_at: timestamp('2021-11', product.updated_at),
    variants: product.variants.map(serializeVariant),
    vendor: product.vendor,
  };
}

function serialize2021_01(product: Product, store: Store): Record<string, unknown> {
  const settings = purchaseSettingsOf(store, product.external_product_id);
  const expire = settings.expire_after_specific_number_of_charges;
  return {
    id: product.id,
    collection_id: collectionIdsOfProduct(store, product.external_product_id)[0] ?? null,
    created_at: timestamp('2021-01', product.created_at),
    // 2021-01 money in product settings is a number, as the real service sends it.
    discount_amount: settings.discount_amount === null ? null : Number(settings.discount_amount),
    discount_type: settings.discount_type,
    handle: product.handle,
    images: productImageSizes(product),
    // api-facts (recorded real records): the platform's product id, a number, beside <word>_product_id.
    product_id: platformIdOutput(product.external_product_id),
    platform_product_id: platformIdOutput(product.external_product_id),
    subscription_defaults: {
      apply_cutoff_date_to_checkout: false,
      charge_interval_frequency: settings.charge_interval_frequency,
      cutoff_day_of_month: null,
      cutoff_day_of_week: null,
      expire_after_specific_number_of_charges: expire,
      modifiable_properties: [],
      number_charges_until_expiration: expire,
      order_day_of_month: settings.order_day_of_month,
      order_day_of_week: settings.order_day_of_week,
      order_interval_frequency_options: settings.order_interval_frequencies.map(String),
      order_interval_unit: settings.order_interval_unit,
      storefront_purchase_options: settings.storefront_purchase_options,
    },
    title: product.title,
    updated_at: timestamp('2021-01', product.updated_at),
  };
}

export const productSerializers: Record<
  ApiVersion,
  (product: Product, store: Store) => Record<string, unknown>
> = {
  '2021-01': serialize2021_01,
  '2021-11': serialize2021_11,
};
