import { describe, expect, it } from 'vitest';
import { CHECKOUT_PAYMENT_TYPES, CHECKOUT_PROCESSORS, CHECKOUT_SOURCES } from '../model/checkout.js';
import { PAYMENT_TYPES, PROCESSORS } from '../model/payment-method.js';
import { RENAMEABLE_VALUES } from '../store/dialect-settings.js';
import { completeSettings, storeSettingsSchema } from '../store/settings.js';
import { dialectOf } from './dialect.js';

const settings = (input: Record<string, unknown>) => completeSettings(storeSettingsSchema.parse(input));
/** A store's dialect source: its settings and the service's word (the header prefix's). */
const store = (input: Record<string, unknown>, brand = 'service') => ({ settings: settings(input), brand });

describe('dialectOf', () => {
  it('is the identity for the spec names: no copy of what it is given', () => {
    const dialect = dialectOf(store({}));
    const body = { charges: [{ platform_order_id: 1 }] };
    expect(dialect.neutral).toBe(true);
    expect(dialect.write(body)).toBe(body);
    expect(dialect.readBody(body)).toBe(body);
  });

  it('is built once per settings object', () => {
    const shopify = store({ platform_word: 'shopify' });
    expect(dialectOf(shopify)).toBe(dialectOf(shopify));
  });

  it('renames keys at any depth, values only under the fields that hold them', () => {
    const dialect = dialectOf(store({ platform_word: 'shopify', value_names: { stripe: 'stripe_v2' } }));
    expect(
      dialect.write({
        charge: {
          platform_order_id: 5,
          processor_name: 'stripe',
          first_name: 'stripe',
          line_items: [{ platform_variant_id: 8, title: 'platform_product' }],
          applies_to: 'platform_product:7',
        },
      }),
    ).toEqual({
      charge: {
        shopify_order_id: 5,
        processor_name: 'stripe_v2',
        first_name: 'stripe',
        line_items: [{ shopify_variant_id: 8, title: 'platform_product' }],
        applies_to: 'shopify_product:7',
      },
    });
    expect(
      dialect.readBody({ shopify_product_id: 1, platform_variant_id: 2, processor_name: 'stripe_v2' }),
    ).toEqual({ platform_product_id: 1, platform_variant_id: 2, processor_name: 'stripe' });
    expect(dialect.readQuery({ shopify_order_id: '9', processor_name: 'stripe_v2' })).toEqual({
      platform_order_id: '9',
      processor_name: 'stripe',
    });
  });

  it('renames whole names inside error messages and Link headers', () => {
    const dialect = dialectOf(store({ platform_word: 'shopify' }));
    expect(
      dialect.writeError({
        errors: { platform_variant_id: ['Must be one of: platform_product, my_platform_product.'] },
      }),
    ).toEqual({ errors: { shopify_variant_id: ['Must be one of: shopify_product, my_platform_product.'] } });
    const response = dialect.writeResponse({
      status: 200,
      body: {},
      headers: { Link: '<http://x/customers?platform_customer_id=1&page=2>; rel="next"' },
    });
    expect(response.headers?.Link).toBe('<http://x/customers?shopify_customer_id=1&page=2>; rel="next"');
  });

  it("names the service's own fields with its word, and the platform's fields of 2021-01 orders and shops", () => {
    const dialect = dialectOf(store({ platform_word: 'shopify' }, 'recharge'));
    const written = dialect.write({
      subscription: { service_product_id: 3, platform_product_id: 4 },
      order: { platform_id: '5', platform_cart_token: null, platform_order_number: 1001 },
      shop: { my_platform_domain: 'a.example', platform_domain: 'a.example' },
    });
    expect(written).toEqual({
      subscription: { recharge_product_id: 3, shopify_product_id: 4 },
      order: { shopify_id: '5', shopify_cart_token: null, shopify_order_number: 1001 },
      // `platform_domain` is the real field's own name, not the platform's word.
      shop: { my_shopify_domain: 'a.example', platform_domain: 'a.example' },
    });
    expect(dialectOf(store({}, 'recharge')).write({ service_product_id: 3 })).toEqual({
      recharge_product_id: 3,
    });
    // A brand that would spell a platform field keeps the neutral name.
    expect(dialectOf(store({}, 'platform')).neutral).toBe(true);
  });

  it('can rename every neutral value the models use', () => {
    for (const value of [
      ...PROCESSORS,
      ...PAYMENT_TYPES,
      ...CHECKOUT_SOURCES,
      ...CHECKOUT_PROCESSORS,
      ...CHECKOUT_PAYMENT_TYPES,
    ])
      expect(RENAMEABLE_VALUES.has(value), value).toBe(true);
  });
});
