/** The catalog lookups other services default from (titles, prices, bundles, plans). */
import { describe, expect, it } from 'vitest';
import { EMULATOR_ACTOR } from '../../model/actor.js';
import { StoreRegistry } from '../../store/registry.js';
import {
  addProductsToCollection,
  collectionIdsOfProduct,
  createCollection,
} from '../../domain/collections/collections.service.js';
import { createPlan, getPlan, plansOfProduct } from '../../domain/plans/plans.service.js';
import { productImageSizes } from './products.serializers.js';
import { platformIdOutput } from '../serialize.js';
import {
  createProduct,
  findProductByExternalId,
  findVariant,
} from '../../domain/products/products.service.js';

function context() {
  const registry = new StoreRegistry({ seed: 1, jobKinds: new Map(), onChange: () => undefined });
  return { store: registry.create().store, actor: EMULATOR_ACTOR };
}

const variant = (externalId: string, unitPrice: string) => ({
  external_variant_id: externalId,
  title: externalId,
  sku: `SKU-${externalId}`,
  prices: { unit_price: unitPrice, compare_at_price: null },
  requires_shipping: true,
  taxable: false,
  grams: 200,
  option_values: [],
  bundle: null,
});

describe('catalog lookups', () => {
  it('finds products and variants by external id', () => {
    const ctx = context();
    const product = createProduct(ctx, {
      external_product_id: '7001',
      title: 'Blend',
      variants: [variant('7001-a', '10.00'), variant('7001-b', '12.00')],
    });
    expect(findProductByExternalId(ctx.store, '7001')).toBe(product);
    expect(findProductByExternalId(ctx.store, '7002')).toBeUndefined();
    const found = findVariant(ctx.store, '7001-b');
    expect(found?.product.id).toBe(product.id);
    expect(found?.variant).toMatchObject({
      sku: 'SKU-7001-b',
      grams: 200,
      taxable: false,
      id: expect.any(Number),
    });
    expect(found?.variant.prices.unit_price).toBe('12.00');
    expect(findVariant(ctx.store, 'missing')).toBeUndefined();
  });

  it('lists the collections of a product and the plans in display order', () => {
    const ctx = context();
    createProduct(ctx, { external_product_id: 'p', title: 'P' });
    const first = createCollection(ctx, {
      title: 'A',
      description: null,
      type: 'manual',
      sort_order: 'id-desc',
    });
    const second = createCollection(ctx, {
      title: 'B',
      description: null,
      type: 'manual',
      sort_order: 'id-desc',
    });
    addProductsToCollection(ctx, second.id, ['p']);
    addProductsToCollection(ctx, first.id, ['p']);
    expect(collectionIdsOfProduct(ctx.store, 'p')).toEqual([first.id, second.id]);
    expect(collectionIdsOfProduct(ctx.store, 'q')).toEqual([]);

    const late = createPlan(ctx, { external_product_id: 'p', type: 'onetime', title: 'Once', sort_order: 2 });
    const early = createPlan(ctx, {
      external_product_id: 'p',
      type: 'subscription',
      title: 'Monthly',
      sort_order: 1,
      subscription_preferences: {
        charge_interval_frequency: 1,
        order_interval_frequency: 1,
        interval_unit: 'month',
      },
    });
    expect(plansOfProduct(ctx.store, 'p').map((plan) => plan.id)).toEqual([early.id, late.id]);
    expect(getPlan(ctx.store, early.id)?.subscription_preferences?.order_day_of_month).toBeNull();
    expect(getPlan(ctx.store, 1)).toBeUndefined();
  });

  it('names image sizes and 2021-01 platform ids as the real service does', () => {
    const ctx = context();
    const product = createProduct(ctx, {
      external_product_id: 'p',
      title: 'P',
      images: [{ src: 'https://cdn.example/files/bag', alt: null, sort_order: 1 }],
    });
    expect(productImageSizes(product)).toEqual({
      large: 'https://cdn.example/files/bag_large',
      medium: 'https://cdn.example/files/bag_medium',
      original: 'https://cdn.example/files/bag',
      small: 'https://cdn.example/files/bag_small',
    });
    expect(platformIdOutput('4354268856408')).toBe(4354268856408);
    expect(platformIdOutput('sku-1')).toBe('sku-1');
    expect(platformIdOutput('99999999999999999999')).toBe('99999999999999999999');
  });
});
