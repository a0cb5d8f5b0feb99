import { describe, expect, it } from 'vitest';
import { CHECKOUT_PAYMENT_TYPES, CHECKOUT_PROCESSORS, CHECKOUT_SOURCES } from '../model/checkout.js';
import { PAYMENT_TYPES, PROCESSORS } from '../model/payment-method.js';
import { RENAMEABLE_VALUES } from '../store/dialect-settings.js';
import { completeSettings, storeSettingsSchema } from '../store/settings.js';
import { dialectOf } from './dialect.js';

const settings = (input: Record<string, unknown>) => completeSettings(storeSettingsSchema.parse(input));

describe('dialectOf', () => {
  it('is the identity for the spec names: no copy of what it is given', () => {
    const dialect = dialectOf(settings({}));
    const body = { charges: [{ platform_order_id: 1 }] };
    expect(dialect.neutral).toBe(true);
    expect(dialect.write(body)).toBe(body);
    expect(dialect.readBody(body)).toBe(body);
  });

  it('is built once per settings object', () => {
    const shopify = settings({ platform_word: 'shopify' });
    expect(dialectOf(shopify)).toBe(dialectOf(shopify));
  });

  it('renames keys at any depth, values only under the fields that hold them', () => {
    const dialect = dialectOf(settings({ platform_word: 'shopify', value_names: { stripe: 'stripe_v2' } }));
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
    const dialect = dialectOf(settings({ platform_word: 'shopify' }));
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
