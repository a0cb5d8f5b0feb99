/**
 * The 2021-11 discount create body real clients send (api-facts: real clients and recorded
 * responses), mapped onto the discount the spec's body makes; the spec's body keeps working.
 */
import { describe, expect, it } from 'vitest';
import { useEmulator } from '../helpers/emulator.js';
import {
  addCard,
  createCustomerWithAddress,
  createSubscription,
  queuedCharges,
} from '../helpers/factories.js';

const { store } = useEmulator();

const realBody = (overrides: Record<string, unknown> = {}) => ({
  code: 'WELCOME10',
  value: '10',
  value_type: 'percentage',
  applies_to: { purchase_item_type: 'SUBSCRIPTION', resource: 'platform_product', ids: ['prod-coffee'] },
  usage_limits: {
    first_time_customer_restriction: true,
    one_application_per_customer: true,
    max_subsequent_redemptions: 3,
  },
  channel_settings: {
    api: { can_apply: true },
    checkout_page: { can_apply: false },
    customer_portal: { can_apply: true },
    merchant_portal: { can_apply: true },
  },
  status: 'enabled',
  starts_at: '2025-01-01T00:00:00+00:00',
  ends_at: '2025-12-31T00:00:00+00:00',
  external_discount_id: { ecommerce: '998877' },
  ...overrides,
});

describe('discount create with the real 2021-11 body', () => {
  it('creates the discount and shows it in the real nested form (the flat fields in 2021-01)', async () => {
    const { api } = await store();
    const reply = await api.post('/discounts', realBody());
    expect(reply.status).toBe(201);
    expect(reply.body.discount).toMatchObject({
      code: 'WELCOME10',
      value: '10',
      value_type: 'percentage',
      discount_type: 'percentage',
      applies_to: { purchase_item_type: 'SUBSCRIPTION', resource: 'platform_product', ids: ['prod-coffee'] },
      usage_limits: {
        first_time_customer_restriction: true,
        one_application_per_customer: true,
        max_subsequent_redemptions: 3,
      },
      channel_settings: { checkout_page: { can_apply: false }, api: { can_apply: true } },
      status: 'enabled',
      starts_at: '2025-01-01T00:00:00+00:00',
      ends_at: '2025-12-31T00:00:00+00:00',
      external_discount_id: { ecommerce: '998877' },
    });
    const id = reply.body.discount.id;
    expect((await api.get(`/discounts/${id}`)).body.discount).toEqual(reply.body.discount);
    const legacy = (await api.get(`/discounts/${id}`, { version: '2021-01' })).body.discount;
    for (const flat of [
      'applies_to_id',
      'applies_to_resource',
      'duration',
      'once_per_customer',
      'times_used',
    ])
      expect(reply.body.discount).not.toHaveProperty(flat);
    expect(legacy).toMatchObject({
      discount_type: 'percentage',
      applies_to: 'platform_product:prod-coffee',
      applies_to_id: 'prod-coffee',
      applies_to_resource: 'platform_product',
      applies_to_product_type: 'SUBSCRIPTION',
      duration: 'usage_limit',
      duration_usage_limit: 3,
      once_per_customer: true,
    });
    expect(legacy.value_type).toBeUndefined();
    expect(legacy.usage_limits).toBeUndefined();
  });

  it('takes the minimal body and applies the discount to a charge', async () => {
    const { api } = await store();
    const created = await api.post('/discounts', { code: 'FIVE', value: 5, value_type: 'fixed_amount' });
    expect(created.status).toBe(201);
    expect(created.body.discount).toMatchObject({
      applies_to: { ids: [], resource: null, purchase_item_type: 'ALL' },
      usage_limits: {
        first_time_customer_restriction: false,
        one_application_per_customer: false,
        max_subsequent_redemptions: null,
      },
      external_discount_id: { ecommerce: null },
    });
    const legacy = await api.get(`/discounts/${created.body.discount.id}`, { version: '2021-01' });
    expect(legacy.body.discount.duration).toBe('forever');
    const { customerId, addressId } = await createCustomerWithAddress(api);
    await addCard(api, customerId);
    await createSubscription(api, addressId);
    const [charge] = await queuedCharges(api, addressId);
    const applied = await api.post(`/charges/${charge.id}/apply_discount`, { discount_code: 'FIVE' });
    expect(applied.status).toBe(200);
    expect((await queuedCharges(api, addressId))[0].total_discounts).toBe('5.00');
  });

  it('refuses bad real bodies with the usual 422', async () => {
    const { api } = await store();
    expect(
      (await api.post('/discounts', realBody({ value_type: 'bogus' }))).body.errors.value_type,
    ).toBeDefined();
    expect((await api.post('/discounts', realBody({ value: '150' }))).body.errors.value).toEqual([
      'A percentage must be between 0 and 100.',
    ]);
    const twoIds = await api.post(
      '/discounts',
      realBody({ applies_to: { resource: 'platform_product', ids: ['a', 'b'] } }),
    );
    expect(twoIds.status).toBe(422);
    expect(twoIds.body.errors.applies_to.ids).toBeDefined();
    const noResource = await api.post('/discounts', realBody({ applies_to: { ids: ['a'] } }));
    expect(noResource.body.errors).toEqual({
      applies_to: { resource: ['applies_to.ids and applies_to.resource go together.'] },
    });
  });

  it('keeps the spec body working in 2021-11 and the real fields out of 2021-01 creates', async () => {
    const { api } = await store();
    const spec = await api.post('/discounts', {
      code: 'SPEC',
      discount_type: 'percentage',
      duration: 'forever',
      value: '15',
    });
    expect(spec.status).toBe(201);
    expect(spec.body.discount).toMatchObject({ value_type: 'percentage', discount_type: 'percentage' });
    const legacy = await api.post('/discounts', realBody({ code: 'LEGACY' }), { version: '2021-01' });
    expect(legacy.status).toBe(422);
    expect(legacy.body.errors.discount_type).toBeDefined();
  });
});
