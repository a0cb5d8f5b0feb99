/** The billing engine with a catalog: defaults from products and plans, bundle selections. */
import { describe, expect, it } from 'vitest';
import type { Json } from '../helpers/api.js';
import { bundleShop, createCollection, createPlan, createProduct, subscribe } from '../helpers/catalog.js';
import { useEmulator } from '../helpers/emulator.js';
import { createCustomerWithAddress, queuedCharges } from '../helpers/factories.js';

const { store } = useEmulator();

describe('subscriptions from the catalog', () => {
  it('takes title, variant, sku and price from the catalog, and a plan discount off the price', async () => {
    const { api } = await store();
    const { addressId } = await createCustomerWithAddress(api);
    const product = await createProduct(api, {
      images: [{ src: 'https://cdn.example/coffee.png' }],
      variants: [
        {
          external_variant_id: 'cv-1',
          title: '1 kg',
          sku: 'COF-1KG',
          prices: { unit_price: '30.00' },
          grams: 1000,
        },
      ],
    });
    const plain = await subscribe(api, addressId, 'cv-1');
    expect(plain).toMatchObject({
      product_title: product.title,
      variant_title: '1 kg',
      sku: 'COF-1KG',
      price: '30.00',
      external_product_id: { ecommerce: product.external_product_id },
    });
    const plan = await createPlan(api, product.external_product_id);
    const withPlan = await subscribe(api, addressId, 'cv-1', { plan_id: plan.id });
    expect(withPlan).toMatchObject({ price: '27.00' });
    // The plan is an input, never part of the record (api-facts: no recorded subscription has plan_id).
    expect(withPlan).not.toHaveProperty('plan_id');
    const [charge] = await queuedCharges(api, addressId);
    expect(charge.total_weight_grams).toBe(2000);
    expect(charge.line_items[0].images.original).toBe('https://cdn.example/coffee.png');
    const otherProduct = await createProduct(api);
    expect(
      (
        await api.post('/subscriptions', {
          address_id: addressId,
          next_charge_scheduled_at: '2025-02-01',
          charge_interval_frequency: 1,
          order_interval_frequency: 1,
          order_interval_unit: 'month',
          quantity: 1,
          external_variant_id: { ecommerce: otherProduct.variants[0].external_variant_id },
          plan_id: plan.id,
        })
      ).body.errors.plan_id,
    ).toBeDefined();
  });

  it('gives a discount on a collection only to the products in it', async () => {
    const { api } = await store();
    const { addressId } = await createCustomerWithAddress(api);
    const inside = await createProduct(api, {
      variants: [{ external_variant_id: 'in-1', prices: { unit_price: '10.00' } }],
    });
    await createProduct(api, {
      variants: [{ external_variant_id: 'out-1', prices: { unit_price: '10.00' } }],
    });
    const collection = await createCollection(api);
    await api.post(`/collections/${collection.id}/collection_products-bulk`, {
      collection_products: [{ external_product_id: inside.external_product_id }],
    });
    await subscribe(api, addressId, 'in-1');
    await subscribe(api, addressId, 'out-1');
    const discount = (
      await api.post('/discounts', {
        code: 'HALFCOLL',
        discount_type: 'percentage',
        duration: 'forever',
        value: '50',
        applies_to_id: collection.id,
        applies_to_resource: 'platform_collection_id',
      })
    ).body.discount;
    await api.post(`/addresses/${addressId}/apply_discount`, { discount_id: discount.id });
    const [charge] = await queuedCharges(api, addressId);
    expect(charge).toMatchObject({
      total_line_items_price: '20.00',
      total_discounts: '5.00',
      total_price: '15.00',
    });
  });
});

describe('bundle selections (2021-11)', () => {
  it('creates, reads, lists, updates and deletes a selection checked against the bundle variant', async () => {
    const { api } = await store();
    const shop = await bundleShop(api);
    const item = (product: Json, variant: string, quantity: number) => ({
      collection_id: shop.beans.id,
      external_product_id: product.external_product_id,
      external_variant_id: variant,
      quantity,
    });
    const created = await api.post('/bundle_selections', {
      purchase_item_id: shop.subscription.id,
      items: [item(shop.a, 'bean-a', 2), item(shop.b, 'bean-b', 1)],
    });
    expect(created.status).toBe(200);
    const selection = created.body.bundle_selection;
    expect(selection).toEqual({
      id: expect.any(Number),
      bundle_variant_id: shop.box.variants[0].bundle.bundle_variant_id,
      charge_id: null,
      created_at: '2025-01-15T12:00:00+00:00',
      external_product_id: shop.box.external_product_id,
      external_variant_id: 'box-3',
      items: [
        expect.objectContaining({
          collection_id: String(shop.beans.id),
          external_variant_id: 'bean-a',
          quantity: 2,
        }),
        expect.objectContaining({
          collection_id: String(shop.beans.id),
          external_variant_id: 'bean-b',
          quantity: 1,
        }),
      ],
      purchase_item_id: shop.subscription.id,
      updated_at: '2025-01-15T12:00:00+00:00',
    });
    expect((await api.get(`/bundle_selections/${selection.id}`)).body.bundle_selection).toEqual(selection);
    const listed = await api.get('/bundle_selections', {
      query: { purchase_item_ids: String(shop.subscription.id) },
    });
    expect(listed.body.bundle_selections.map((s: Json) => s.id)).toEqual([selection.id]);
    expect((await api.get('/bundle_selections', { query: { item_external_variant_ids: 'x' } })).status).toBe(
      422,
    );
    const changed = await api.put(`/bundle_selections/${selection.id}`, {
      items: [item(shop.b, 'bean-b', 3)],
    });
    expect(changed.body.bundle_selection.items).toHaveLength(1);
    const included = await api.get(`/subscriptions/${shop.subscription.id}`, {
      query: { include: 'bundle_selections,bundle_product' },
    });
    expect(included.body.subscription.include.bundle_selections[0].id).toBe(selection.id);
    expect(included.body.subscription.include.bundle_product.external_product_id).toBe(
      shop.box.external_product_id,
    );
    // An order takes the selection's contents at the time it is made.
    const recipient = (await api.get(`/subscriptions/${shop.subscription.id}`)).body.subscription.customer_id;
    await api.post('/payment_methods', {
      customer_id: recipient,
      processor_name: 'stripe',
      processor_customer_token: 'c',
      processor_payment_method_token: 'tok_ok',
    });
    const charge = (await api.get('/charges', { query: { purchase_item_id: shop.subscription.id } })).body
      .charges[0];
    await api.post(`/charges/${charge.id}/process`, {});
    const [order] = (await api.get('/orders', { query: { charge_id: charge.id } })).body.orders;
    expect(order.line_items[0].bundle_items).toEqual([
      {
        collection_id: String(shop.beans.id),
        external_product_id: shop.b.external_product_id,
        external_variant_id: 'bean-b',
        quantity: 3,
      },
    ]);
    expect((await api.delete(`/bundle_selections/${selection.id}`)).status).toBe(204);
    expect((await api.get(`/bundle_selections/${selection.id}`)).status).toBe(404);
    const verbs = (await api.get('/events', { query: { object_type: 'bundle_selection' } })).body.events.map(
      (e: Json) => e.verb,
    );
    expect(verbs).toEqual(['deleted', 'updated', 'created']);
  });

  it('refuses wrong counts, collections outside the bundle, products outside the collection, non-bundles', async () => {
    const { api } = await store();
    const shop = await bundleShop(api);
    const attempt = (items: unknown[], purchaseItemId = shop.subscription.id) =>
      api.post('/bundle_selections', { purchase_item_id: purchaseItemId, items });
    const bean = {
      collection_id: shop.beans.id,
      external_product_id: shop.a.external_product_id,
      external_variant_id: 'bean-a',
    };
    expect((await attempt([{ ...bean, quantity: 2 }])).body.errors.items[0]).toContain('3 items');
    const other = await createCollection(api);
    expect(
      (await attempt([{ ...bean, collection_id: other.id, quantity: 3 }])).body.errors['items.0'],
    ).toBeDefined();
    const stray = {
      collection_id: shop.beans.id,
      external_product_id: shop.stray.external_product_id,
      external_variant_id: 'stray',
      quantity: 3,
    };
    expect((await attempt([stray])).body.errors['items.0'][0]).toContain('not in collection');
    const { addressId } = await createCustomerWithAddress(api);
    const plain = await subscribe(api, addressId, 'bean-a');
    expect((await attempt([{ ...bean, quantity: 3 }], plain.id)).body.errors.purchase_item_id[0]).toContain(
      'not a bundle',
    );
    expect((await api.get('/bundle_selections', { version: '2021-01' })).status).toBe(501);
  });
});
