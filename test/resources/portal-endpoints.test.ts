/**
 * Endpoints the service's own customer portal calls beyond the spec's list (api-facts: "Endpoints
 * the service's own demo portal calls"): GET /bundle_products, bundle selections for one queued
 * charge (`charge_id`, listed by `charge_ids` and `purchase_item_ids`), skip and unskip by
 * `purchase_item_ids`, and POST /notifications/customer; with the neutral words and the real ones.
 */
import { describe, expect, it } from 'vitest';
import type { EmulatorOptions } from '../../src/index.js';
import type { Json } from '../helpers/api.js';
import { bundleShop, createProduct } from '../helpers/catalog.js';
import { useEmulator } from '../helpers/emulator.js';
import { addCard, queuedCharges } from '../helpers/factories.js';

const DIALECTS: readonly { name: string; word: string; options: EmulatorOptions }[] = [
  { name: 'neutral names', word: 'PLATFORM', options: {} },
  {
    name: '--platform-word shopify --header-prefix Recharge',
    word: 'SHOPIFY',
    options: { platformWord: 'shopify', headerPrefix: 'Recharge' },
  },
];

describe.each(DIALECTS)('portal endpoints with $name', ({ word, options }) => {
  const { store } = useEmulator(options);

  it('GET /bundle_products: the bundle products as recorded, by external_product_id, in pages', async () => {
    const { api } = await store();
    const shop = await bundleShop(api);
    const second = await createProduct(api, {
      title: 'Big box',
      variants: [
        {
          external_variant_id: 'box-6',
          title: '6 bags',
          prices: { unit_price: '30.00' },
          bundle: { collection_ids: [shop.beans.id], items_count: 6 },
        },
      ],
    });
    const listed = await api.get('/bundle_products');
    expect(listed.status).toBe(200);
    expect(listed.body.bundle_products.map((p: Json) => p.external_product_id)).toEqual([
      second.external_product_id,
      shop.box.external_product_id,
    ]);
    const variantId: number = shop.box.variants[0].bundle.bundle_variant_id;
    expect(listed.body.bundle_products[1]).toStrictEqual({
      id: expect.any(Number),
      external_product_id: shop.box.external_product_id,
      title: 'Tasting box',
      is_customizable: true,
      price_rule: 'fixed',
      variants: [
        {
          id: variantId,
          title: '3 bags',
          external_variant_id: 'box-3',
          items_count: 3,
          option_sources: [{ option_source_id: String(shop.beans.id) }],
          ranges: [{ id: variantId, quantity_min: 3, quantity_max: 3 }],
        },
      ],
    });
    const one = await api.get('/bundle_products', {
      query: { external_product_id: shop.box.external_product_id },
    });
    expect(one.body.bundle_products).toEqual([listed.body.bundle_products[1]]);
    const first = await api.get('/bundle_products', { query: { limit: 1 } });
    expect(first.body.bundle_products).toHaveLength(1);
    const next = await api.get('/bundle_products', { query: { cursor: first.body.next_cursor } });
    expect(next.body.bundle_products).toEqual([listed.body.bundle_products[1]]);
    expect(next.body.next_cursor).toBeNull();

    const included = await api.get(`/subscriptions/${shop.subscription.id}`, {
      query: { include: 'bundle_product' },
    });
    expect(included.body.subscription.include.bundle_product).toEqual(listed.body.bundle_products[1]);
    expect((await api.get('/bundle_products', { version: '2021-01' })).status).toBe(501);
  });

  it('bundle selections for one queued charge: created with charge_id, listed by charge_ids, taken by its order', async () => {
    const { api } = await store();
    const shop = await bundleShop(api);
    const [charge] = await queuedCharges(api, shop.subscription.address_id);
    const items = (variant: string, product: Json, quantity: number) => [
      {
        collection_id: shop.beans.id,
        external_product_id: product.external_product_id,
        external_variant_id: variant,
        quantity,
      },
    ];
    const standing = await api.post('/bundle_selections', {
      purchase_item_id: shop.subscription.id,
      items: items('bean-a', shop.a, 3),
    });
    expect(standing.body.bundle_selection.charge_id).toBeNull();
    const forCharge = await api.post('/bundle_selections', {
      purchase_item_id: shop.subscription.id,
      charge_id: charge.id,
      items: items('bean-b', shop.b, 3),
    });
    expect(forCharge.status).toBe(200);
    expect(forCharge.body.bundle_selection.charge_id).toBe(charge.id);

    const byCharge = await api.get('/bundle_selections', { query: { charge_ids: String(charge.id) } });
    expect(byCharge.body.bundle_selections.map((s: Json) => s.id)).toEqual([
      forCharge.body.bundle_selection.id,
    ]);
    const byItem = await api.get('/bundle_selections', {
      query: { purchase_item_ids: String(shop.subscription.id) },
    });
    expect(byItem.body.bundle_selections.map((s: Json) => s.charge_id)).toEqual([charge.id, null]);
    expect((await api.get('/bundle_selections', { query: { charge_ids: 'x' } })).status).toBe(422);

    const refused = await api.post('/bundle_selections', {
      purchase_item_id: shop.subscription.id,
      charge_id: 999_999,
      items: items('bean-a', shop.a, 3),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.charge_id).toBeDefined();

    await addCard(api, shop.subscription.customer_id);
    await api.post(`/charges/${charge.id}/process`, {});
    const [order] = (await api.get('/orders', { query: { charge_id: charge.id } })).body.orders;
    expect(order.line_items[0].bundle_items.map((item: Json) => item.external_variant_id)).toEqual([
      'bean-b',
    ]);
    // A selection for a charge that is no longer queued is refused.
    const late = await api.put(`/bundle_selections/${standing.body.bundle_selection.id}`, {
      charge_id: charge.id,
    });
    expect(late.status).toBe(422);
  });

  it.each(['2021-11', '2021-01'] as const)('skip and unskip by item ids (%s)', async (version) => {
    const { api } = await store();
    const shop = await bundleShop(api);
    const [charge] = await queuedCharges(api, shop.subscription.address_id);
    const field = version === '2021-11' ? 'purchase_item_ids' : 'subscription_ids';
    for (const [action, status] of [
      ['skip', 'skipped'],
      ['unskip', 'queued'],
    ] as const) {
      const reply = await api.post(
        `/charges/${charge.id}/${action}`,
        { [field]: [shop.subscription.id] },
        { version },
      );
      expect(reply.status).toBe(200);
      expect(reply.body.charge.status.toLowerCase()).toBe(status);
    }
  });

  it(`POST /notifications/customer with ${word}_UPDATE_PAYMENT_INFO sends the update-payment email`, async () => {
    const s = await store();
    const shop = await bundleShop(s.api);
    const customerId: number = shop.subscription.customer_id;
    const card = await addCard(s.api, customerId, 'tok_declined');
    const sent = await s.api.post('/notifications/customer', {
      type: `${word}_UPDATE_PAYMENT_INFO`,
      template_vars: { customer_id: customerId, payment_method_id: card.id },
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({});
    const same = await s.api.post(`/customers/${customerId}/notifications`, {
      type: 'email',
      template_type: `${word.toLowerCase()}_update_payment_information`,
      template_vars: { payment_method_id: card.id },
    });
    expect(same.status).toBe(200);
    const [second, first] = await s.control.notifications();
    expect(first).toMatchObject({
      customer_id: customerId,
      type: 'email',
      template_type: 'platform_update_payment_information',
      template_vars: { address_id: null, charge_id: null, payment_method_id: card.id },
      subject: expect.stringContaining('Update your payment information'),
    });
    expect(first?.text).toContain('visa ending in 4242');
    expect(second).toMatchObject({ template_type: first?.template_type, text: first?.text });

    const wrongType = await s.api.post('/notifications/customer', {
      type: 'OTHER_UPDATE_PAYMENT_INFO',
      template_vars: { customer_id: customerId },
    });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.errors.type).toBeDefined();
    const nobody = await s.api.post('/notifications/customer', {
      type: `${word}_UPDATE_PAYMENT_INFO`,
      template_vars: { customer_id: 999_999 },
    });
    expect(nobody.status).toBe(422);
    expect(nobody.body.errors).toEqual({ template_vars: { customer_id: ['Customer not found.'] } });
    const neutral = await s.api.post('/notifications/customer', {
      type: 'PLATFORM_UPDATE_PAYMENT_INFO',
      template_vars: { customer_id: customerId },
    });
    expect(neutral.status).toBe(200);
    expect((await s.api.post('/notifications/customer', {}, { version: '2021-01' })).status).toBe(501);
  });
});
