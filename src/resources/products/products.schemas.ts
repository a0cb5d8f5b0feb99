/**
 * Request bodies of the product endpoints. 2021-11 sends the catalog record itself; 2021-01 sends
 * the product's title and handle plus its purchase settings (`subscription_defaults`, discount),
 * which become plans (spec, Topics: plans change "via ... the 2021-01 products endpoint").
 */
import * as z from 'zod';
import { onFirstUse } from '../../platform/first-use.js';
import { numeric, schemaParts } from '../schema-parts.js';
import { catalogParts } from './catalog.schema-parts.js';
import type { PurchaseSettingsPatch } from '../../domain/products/purchase-settings.js';
import { STOREFRONT_PURCHASE_OPTIONS } from '../../domain/products/purchase-settings.js';
import type { ProductCreate, ProductFields, ProductPatch } from '../../domain/products/products.service.js';
import { DEFAULT_VARIANT_TITLE } from '../../model/product.js';

const MAX_ITEMS = 250;

/** The fields of both versions' bodies as sent, before they become canonical fields. */
function bodies() {
  const { integerId, optionalText, text } = schemaParts();
  const { amountField, countField, externalIdField, timestampField } = catalogParts();
  const handle = z
    .string()
    .trim()
    .min(1)
    .max(255)
    .regex(/^[a-z0-9][a-z0-9-]*$/, 'Only lowercase letters, digits and dashes.');

  const image = z.object({
    src: z.string().trim().min(1).max(2048),
    alt: optionalText,
    sort_order: numeric(z.number().int().min(0).max(MAX_ITEMS)).optional(),
  });

  const option = z.object({
    name: text.max(255),
    position: numeric(z.number().int().min(1).max(MAX_ITEMS)).optional(),
    values: z.array(z.string().max(255)).max(MAX_ITEMS),
  });

  const variant = z.object({
    external_variant_id: externalIdField,
    title: z.string().max(255).nullable().optional(),
    sku: z.string().max(255).nullable().optional(),
    prices: z.object({ unit_price: amountField, compare_at_price: amountField.nullable().optional() }),
    requires_shipping: z.boolean().optional(),
    taxable: z.boolean().optional(),
    grams: numeric(z.number().int().min(0).max(1_000_000_000)).optional(),
    option_values: z
      .array(z.object({ label: z.string().max(255), value: z.string().max(255) }))
      .max(MAX_ITEMS)
      .optional(),
    bundle: z
      .object({
        collection_ids: z.array(integerId).min(1).max(MAX_ITEMS),
        items_count: numeric(z.number().int().min(1).max(1000)),
      })
      .nullable()
      .optional(),
  });

  const fields2021_11 = {
    external_product_id: externalIdField,
    title: text.max(255),
    brand: optionalText,
    vendor: optionalText,
    handle,
    description: optionalText,
    images: z.array(image).max(MAX_ITEMS),
    options: z.array(option).max(MAX_ITEMS),
    variants: z.array(variant).max(MAX_ITEMS),
    published_at: timestampField.nullable(),
  };

  /** 2021-01 `images`: the sizes of one image; the original (or the largest given) is kept. */
  const legacyImages = z
    .object({
      original: z.string().trim().min(1).max(2048).nullable(),
      large: z.string().trim().min(1).max(2048).nullable(),
      medium: z.string().trim().min(1).max(2048).nullable(),
      small: z.string().trim().min(1).max(2048).nullable(),
    })
    .partial()
    .nullable();

  const subscriptionDefaults = z
    .object({
      charge_interval_frequency: countField,
      order_interval_frequency_options: z.array(countField).min(1).max(50),
      // Shorthand for a single option (some clients send it).
      order_interval_frequency: countField,
      order_interval_unit: z.enum(['day', 'week', 'month']),
      storefront_purchase_options: z.enum(STOREFRONT_PURCHASE_OPTIONS),
      order_day_of_month: numeric(z.number().int().min(1).max(31)).nullable(),
      order_day_of_week: numeric(z.number().int().min(0).max(6)).nullable(),
      expire_after_specific_number_of_charges: numeric(z.number().int().min(1).max(10_000)).nullable(),
      number_charges_until_expiration: numeric(z.number().int().min(1).max(10_000)).nullable(),
    })
    .partial();

  const fields2021_01 = {
    platform_product_id: externalIdField,
    title: text.max(255),
    handle,
    images: legacyImages,
    discount_amount: amountField.nullable(),
    discount_type: z.enum(['percentage', 'fixed_amount']).nullable(),
    subscription_defaults: subscriptionDefaults,
  };

  return { handle, image, option, variant, fields2021_11, legacyImages, subscriptionDefaults, fields2021_01 };
}

type Bodies = ReturnType<typeof bodies>;
type ImageInput = z.output<Bodies['image']>;
type OptionInput = z.output<Bodies['option']>;
type VariantInput = z.output<Bodies['variant']>;

const images = (list: readonly ImageInput[]): ProductFields['images'] =>
  list
    .map((item, index) => ({
      src: item.src,
      alt: item.alt ?? null,
      sort_order: item.sort_order ?? index + 1,
    }))
    .sort((a, b) => a.sort_order - b.sort_order);

const options = (list: readonly OptionInput[]): ProductFields['options'] =>
  list.map((item, index) => ({ name: item.name, position: item.position ?? index + 1, values: item.values }));

const variants = (list: readonly VariantInput[]): ProductFields['variants'] =>
  list.map((item) => ({
    external_variant_id: item.external_variant_id,
    // Shopify's and the service's name of a product's only variant.
    title: item.title ?? DEFAULT_VARIANT_TITLE,
    sku: item.sku ?? null,
    prices: { unit_price: item.prices.unit_price, compare_at_price: item.prices.compare_at_price ?? null },
    requires_shipping: item.requires_shipping ?? true,
    taxable: item.taxable ?? true,
    grams: item.grams ?? 0,
    option_values: item.option_values ?? [],
    bundle: item.bundle ?? null,
  }));

type Body2021_11 = Partial<z.output<z.ZodObject<Bodies['fields2021_11']>>>;

/** The canonical patch of a 2021-11 body (only the fields it names). */
function from2021_11(body: Body2021_11): ProductPatch {
  const patch: { -readonly [K in keyof ProductPatch]: ProductPatch[K] } = {};
  if (body.external_product_id !== undefined) patch.external_product_id = body.external_product_id;
  if (body.title !== undefined) patch.title = body.title;
  if (body.brand !== undefined) patch.brand = body.brand;
  if (body.vendor !== undefined) patch.vendor = body.vendor;
  if (body.handle !== undefined) patch.handle = body.handle;
  if (body.description !== undefined) patch.description = body.description;
  if (body.images !== undefined) patch.images = images(body.images);
  if (body.options !== undefined) patch.options = options(body.options);
  if (body.variants !== undefined) patch.variants = variants(body.variants);
  if (body.published_at !== undefined) patch.published_at = body.published_at;
  return patch;
}

type Body2021_01 = Partial<z.output<z.ZodObject<Bodies['fields2021_01']>>>;

/** A 2021-01 body: the product fields it names and the purchase settings it changes. */
export interface LegacyProductChange<F extends ProductPatch = ProductPatch> {
  readonly fields: F;
  readonly settings: PurchaseSettingsPatch | null;
}

function from2021_01(body: Body2021_01): LegacyProductChange {
  const fields: { -readonly [K in keyof ProductPatch]: ProductPatch[K] } = {};
  if (body.platform_product_id !== undefined) fields.external_product_id = body.platform_product_id;
  if (body.title !== undefined) fields.title = body.title;
  if (body.handle !== undefined) fields.handle = body.handle;
  if (body.images !== undefined) {
    const src = body.images?.original ?? body.images?.large ?? body.images?.medium ?? body.images?.small;
    fields.images = src ? [{ src, alt: null, sort_order: 1 }] : [];
  }
  const settings: { -readonly [K in keyof PurchaseSettingsPatch]: PurchaseSettingsPatch[K] } = {};
  if (body.discount_amount !== undefined) settings.discount_amount = body.discount_amount;
  if (body.discount_type !== undefined) settings.discount_type = body.discount_type;
  const defaults = body.subscription_defaults;
  if (defaults) {
    const frequencies =
      defaults.order_interval_frequency_options ??
      (defaults.order_interval_frequency !== undefined ? [defaults.order_interval_frequency] : undefined);
    if (frequencies) settings.order_interval_frequencies = [...new Set(frequencies)];
    if (defaults.charge_interval_frequency !== undefined) {
      settings.charge_interval_frequency = defaults.charge_interval_frequency;
    }
    if (defaults.order_interval_unit) settings.order_interval_unit = defaults.order_interval_unit;
    if (defaults.storefront_purchase_options) {
      settings.storefront_purchase_options = defaults.storefront_purchase_options;
    }
    if (defaults.order_day_of_month !== undefined) settings.order_day_of_month = defaults.order_day_of_month;
    if (defaults.order_day_of_week !== undefined) settings.order_day_of_week = defaults.order_day_of_week;
    const expire =
      defaults.expire_after_specific_number_of_charges !== undefined
        ? defaults.expire_after_specific_number_of_charges
        : defaults.number_charges_until_expiration;
    if (expire !== undefined) settings.expire_after_specific_number_of_charges = expire;
  }
  return { fields, settings: Object.keys(settings).length ? settings : null };
}

/** The request bodies of the product endpoints, per version, built on first use (src/platform/first-use.ts). */
export const productSchemas = onFirstUse(() => {
  const { handle, fields2021_11, legacyImages, subscriptionDefaults, fields2021_01 } = bodies();
  const create2021_11 = z.object({
    ...fields2021_11,
    handle: handle.optional(),
    images: fields2021_11.images.optional(),
    options: fields2021_11.options.optional(),
    variants: fields2021_11.variants.optional(),
    published_at: fields2021_11.published_at.optional(),
  });

  const update2021_11 = z.object(fields2021_11).partial();

  const create2021_01 = z.object({
    ...fields2021_01,
    // Live evidence (wave 3): a published client creates products without a title.
    title: fields2021_01.title.optional(),
    handle: handle.optional(),
    images: legacyImages.optional(),
    discount_amount: fields2021_01.discount_amount.optional(),
    discount_type: fields2021_01.discount_type.optional(),
    subscription_defaults: subscriptionDefaults.optional(),
  });

  const update2021_01 = z.object(fields2021_01).partial();

  return {
    create2021_11: create2021_11.transform((body): ProductCreate => ({
      ...from2021_11(body),
      external_product_id: body.external_product_id,
      title: body.title,
    })),
    update2021_11: update2021_11.transform(from2021_11),
    create2021_01: create2021_01.transform(
      (body): LegacyProductChange<Omit<ProductCreate, 'title'> & { readonly title?: string }> => {
        const change = from2021_01(body);
        return {
          ...change,
          fields: { ...change.fields, external_product_id: body.platform_product_id, title: body.title },
        };
      },
    ),
    update2021_01: update2021_01.transform(from2021_01),
  };
});
