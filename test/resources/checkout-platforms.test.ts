/**
 * Where checkouts exist (spec rule 6): platform A and custom stores serve the endpoints, platform B
 * stores answer 406 and check out on platform B (the control API's platform checkout), where the
 * platform-B-hosted checkout does not apply the discount's checkout-page channel setting.
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '../helpers/api.js';
import { ADA, charge, open, PAY, shop as shopOf } from '../helpers/checkouts.js';
import { ControlError } from '../../src/index.js';
import { useEmulator } from '../helpers/emulator.js';
import { topicsOf } from '../helpers/factories.js';

const { store } = useEmulator();
const shop = (settings: Record<string, unknown> = {}, version?: '2021-01') =>
  shopOf(store, settings, version);

describe('checkouts exist on platform A and custom stores only (spec rule 6)', () => {
  it('answers 406 on both platform-B setups, and serves custom stores', async () => {
    for (const platform of ['platform_b_hosted', 'platform_b_native']) {
      const s = await store({ settings: { platform } });
      for (const [method, path] of [
        ['POST', '/checkouts'],
        ['GET', '/checkouts/abc'],
        ['PUT', '/checkouts/abc'],
        ['GET', '/checkouts/abc/shipping_rates'],
        ['POST', '/checkouts/abc/charge'],
      ] as const) {
        const reply = await s.api.call(method, path, method === 'GET' ? undefined : {});
        expect(reply.status, `${platform} ${method} ${path}`).toBe(406);
        expect(reply.body).toEqual({
          error: `This resource is not available on the store's platform (${platform}); it exists on platform_a and custom stores only.`,
        });
      }
    }
    const custom = await shop({ platform: 'custom' });
    const checkout = await open(custom);
    expect((await charge(custom.api, checkout.token)).status).toBe(200);
  });

  it('needs read_orders to read and write_orders to write', async () => {
    const s = await shop();
    const checkout = await open(s);
    const reader = await s.control.createToken({ name: 'reader', scopes: ['read_orders'] });
    const asReader = s.api.with({ token: reader.token });
    expect((await asReader.get(`/checkouts/${checkout.token}`)).status).toBe(200);
    const refused = await asReader.post(`/checkouts/${checkout.token}/charge`, PAY);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain('write_orders');
    expect((await s.api.get('/checkouts/0000')).status).toBe(404);
  });
});

describe("platform B stores check out on platform B (control API's platform checkout)", () => {
  /** A platform-B shop with a code its checkout-page channel may not redeem. */
  async function platformShop(platform: 'platform_b_hosted' | 'platform_b_native') {
    const s = await shop({ platform });
    await s.api.post('/discounts', {
      code: 'NOPAGE',
      discount_type: 'percentage',
      duration: 'forever',
      value: '10',
      channel_settings: { checkout_page: { can_apply: false } },
    });
    const purchase = (payment: Record<string, unknown> = PAY) =>
      s.control
        .platformCheckout({
          checkout: {
            email: 'b@example.com',
            line_items: [s.coffeeLine(), s.mugLine],
            shipping_address: ADA,
            discount_code: 'NOPAGE',
          },
          payment: payment as typeof PAY,
        })
        .catch((error: unknown) => error as ControlError);
    return { ...s, purchase };
  }

  it('makes the purchase without checkout events; the platform-B-hosted checkout ignores the checkout-page channel', async () => {
    const s = await platformShop('platform_b_native');
    const result = await s.purchase();
    if (result instanceof ControlError) throw result;
    expect(result.checkout).toMatchObject({
      external_checkout_source: 'platform_b',
      applied_discount: { applicable: true, amount: '4.50' },
      completed_at: '2025-01-15T12:00:00+00:00',
    });
    const paid = (await s.api.get(`/charges/${result.checkout_charge.charge_id}`)).body.charge;
    expect(paid).toMatchObject({ type: 'checkout', status: 'success', total_discounts: '4.50' });
    const topics = await topicsOf(s.api);
    expect(topics).toEqual(
      expect.arrayContaining([
        'customer/created',
        'address/created',
        'subscription/created',
        'charge/created',
        'order/created',
      ]),
    );
    expect(topics.filter((topic) => topic.startsWith('checkout/'))).toEqual([]);
    const [event] = (await s.api.get('/events', { query: { object_type: 'customer' } })).body.events;
    expect(event.source).toMatchObject({ origin: 'platform_checkout', user_type: 'customer' });
  });

  it('redeems through the checkout page on the service-hosted checkout of platform_b_hosted', async () => {
    const s = await platformShop('platform_b_hosted');
    const result = await s.purchase();
    if (result instanceof ControlError) throw result;
    expect(result.checkout.applied_discount).toMatchObject({ applicable: false, amount: '0.00' });
    expect((result.checkout.applied_discount as Json).non_applicable_reason).toContain('checkout_page');
  });

  it('refuses a declined token (422) and leaves nothing behind; platform A stores use POST /checkouts', async () => {
    const s = await platformShop('platform_b_native');
    const declined = await s.purchase({ ...PAY, payment_token: 'tok_declined' });
    expect(declined).toBeInstanceOf(ControlError);
    expect(declined).toMatchObject({ status: 422, body: { error_type: 'CARD_DECLINED' } });
    expect((await s.api.get('/customers')).body.customers).toEqual([]);
    expect(await topicsOf(s.api, ['customer', 'charge', 'order', 'checkout'])).toEqual([]);
    const a = await shop();
    const refused = await a.control
      .platformCheckout({ checkout: { line_items: [a.mugLine] }, payment: PAY })
      .catch((error: unknown) => error as ControlError);
    expect(refused).toMatchObject({
      status: 422,
      body: {
        errors: {
          platform: [
            'Only platform B stores check out on platform B; a platform_a store uses POST /checkouts.',
          ],
        },
      },
    });
  });
});
