/**
 * What a checkout needs before it can be charged (spec: Checkouts endpoints): the required fields,
 * a shipping address (partial first), a currency of the store, line items the catalog sells that
 * way, and what discount codes and taxes do to its totals.
 */
import { describe, expect, it } from 'vitest';
import { ADA, charge, open, shop as shopOf, type Shop } from '../helpers/checkouts.js';
import { useEmulator } from '../helpers/emulator.js';

const { store } = useEmulator();
const shop = (settings: Record<string, unknown> = {}, version?: '2021-01') =>
  shopOf(store, settings, version);

describe('what a checkout needs', () => {
  it('names every field missing before processing (email, shipping_address)', async () => {
    const s = await shop();
    const reply = await s.api.post('/checkouts', { line_items: [s.mugLine] });
    expect(reply.status).toBe(200);
    const missing = await charge(s.api, reply.body.checkout.token);
    expect(missing.status).toBe(422);
    expect(missing.body).toEqual({
      errors: {
        email: ['Required before the checkout can be charged.'],
        shipping_address: ['Required before the checkout can be charged.'],
      },
    });
    const noLines = await s.api.post('/checkouts', { email: 'x@example.com' });
    expect(noLines.body).toEqual({ errors: { line_items: ['Missing data for required field.'] } });
  });

  it('takes a partial shipping address with partial_shipping and wants the full one to charge', async () => {
    const s = await shop();
    const checkout = (await s.api.post('/checkouts', { email: 'p@example.com', line_items: [s.mugLine] }))
      .body.checkout;
    const path = `/checkouts/${checkout.token}`;
    const partial = { country_code: 'US', zip: '10118' };
    const full = await s.api.put(path, { shipping_address: partial });
    expect(full.status).toBe(422);
    expect(Object.keys(full.body.errors.shipping_address).sort()).toEqual([
      'address1',
      'city',
      'first_name',
      'last_name',
      'province',
    ]);
    const badZip = await s.api.put(path, {
      shipping_address: { country_code: 'US', zip: 'ABC' },
      partial_shipping: true,
    });
    expect(badZip.body).toEqual({ errors: { shipping_address: { zip: ['Not a valid zip code for US.'] } } });
    const ok = await s.api.put(path, { shipping_address: partial, partial_shipping: true });
    expect(ok.status).toBe(200);
    expect(ok.body.checkout.shipping_address_validations).toEqual({ country_is_supported: true, ups: false });
    expect((await s.api.get(`${path}/shipping_rates`)).body.shipping_rates).toHaveLength(2);
    const refused = await charge(s.api, checkout.token);
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors.shipping_address)).toContain('address1');
    expect((await s.api.put(path, { shipping_address: ADA })).status).toBe(200);
    expect((await charge(s.api, checkout.token)).status).toBe(200);
  });

  it('offers no rates to a country the store does not ship to, and refuses to charge there', async () => {
    const s = await shop({ shipping_countries: ['US'] });
    const checkout = await open(s, {
      shipping_address: { ...ADA, province: 'Ontario', zip: 'M5V 2T6', city: 'Toronto', country_code: 'CA' },
    });
    expect(checkout.shipping_address_validations).toEqual({ country_is_supported: false, ups: false });
    expect((await s.api.get(`/checkouts/${checkout.token}/shipping_rates`)).body.shipping_rates).toEqual([]);
    const pick = await s.api.put(`/checkouts/${checkout.token}`, { shipping_line: { code: 'standard' } });
    expect(pick.status).toBe(422);
    expect(pick.body.errors.shipping_line[0]).toContain('offered no shipping rates');
    const refused = await charge(s.api, checkout.token);
    expect(refused.body).toEqual({
      errors: { shipping_address: { country_code: ['The store does not ship to CA.'] } },
    });
  });

  it('needs a currency among the store presentment currencies; the address takes it', async () => {
    const s = await shop({ enabled_presentment_currencies: ['EUR'] });
    const refused = await s.api.post('/checkouts', { line_items: [s.mugLine], currency: 'GBP' });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      errors: { currency: ["Currency GBP is not one of the store's presentment currencies."] },
    });
    const checkout = await open(s, { currency: 'EUR' });
    expect(checkout.currency).toBe('EUR');
    const paid = await charge(s.api, checkout.token);
    const address = (
      await s.api.get(
        `/addresses/${(await s.api.get(`/charges/${paid.body.checkout_charge.charge_id}`)).body.charge.address_id}`,
      )
    ).body.address;
    expect(address.presentment_currency).toBe('EUR');
  });

  it('refuses line items the catalog does not sell that way, by index', async () => {
    const s = await shop();
    const reply = await s.api.post('/checkouts', {
      line_items: [
        { variant_id: 'nope', quantity: 1 },
        s.coffeeLine({ order_interval_frequency: 2, charge_interval_frequency: 2 }),
        {
          ...s.coffeeLine(),
          charge_interval_frequency: null,
          order_interval_frequency: null,
          order_interval_unit: null,
        },
        { product_id: 'other', variant_id: 'mug-1', quantity: 1 },
        s.mugLine,
      ],
    });
    expect(reply.status).toBe(422);
    expect(reply.body.errors.line_items).toEqual({
      '0': { variant_id: ["Variant nope is not in the store's catalog."] },
      '1': {
        order_interval_frequency: [
          `Product ${s.coffee.external_product_id} is not sold on this schedule; its plans: every 1 month.`,
        ],
      },
      '2': { variant_id: [`Product ${s.coffee.external_product_id} is sold as a subscription only.`] },
      '3': { product_id: [`Variant mug-1 belongs to product ${s.mug.external_product_id}.`] },
    });
    const mugMonthly = await s.api.post('/checkouts', {
      line_items: [{ ...s.mugLine, order_interval_frequency: 1, order_interval_unit: 'month' }],
    });
    expect(mugMonthly.body.errors.line_items['0'].order_interval_unit[0]).toContain(
      'is not sold as a subscription',
    );
    // Updates need product_id, variant_id and quantity on every line (spec).
    const checkout = await open(s);
    const update = await s.api.put(`/checkouts/${checkout.token}`, {
      line_items: [{ variant_id: 'mug-1', quantity: 1 }],
    });
    expect(update.body).toEqual({
      errors: { line_items: { '0': { product_id: ['Missing data for required field.'] } } },
    });
  });
});

describe('discount codes at checkout', () => {
  async function discounted(s: Shop, discount: Record<string, unknown>) {
    const code = `CODE${Math.round(Math.random() * 1e9)}`;
    await s.api.post('/discounts', {
      code,
      discount_type: 'percentage',
      duration: 'forever',
      value: '20',
      ...discount,
    });
    return (await open(s, { discount_code: code })).applied_discount;
  }

  it('says why a code does not apply instead of refusing the checkout', async () => {
    const s = await shop();
    expect(await open(s, { discount_code: 'GHOST' })).toMatchObject({
      applied_discount: {
        applicable: false,
        non_applicable_reason: 'No discount with code GHOST.',
        amount: '0.00',
      },
      total_price: '45.00',
    });
    const blocked = await discounted(s, { channel_settings: { checkout_page: { can_apply: false } } });
    expect(blocked).toMatchObject({ applicable: false, value: '20', value_type: 'percentage' });
    expect(blocked.non_applicable_reason).toContain('cannot be applied through checkout_page');
    const minimum = await discounted(s, { prerequisite_subtotal_min: 100 });
    expect(minimum.non_applicable_reason).toContain('needs a subtotal of at least 100.00');
    const onetimeOnly = await discounted(s, { applies_to_product_type: 'ONETIME' });
    expect(onetimeOnly).toMatchObject({ applicable: true, amount: '1.80' });
    const disabled = await discounted(s, { status: 'disabled' });
    expect(disabled.applicable).toBe(false);
  });

  it('keeps a single-use code to the checkout charge; the recurring charge is full price', async () => {
    const s = await shop();
    await s.api.post('/discounts', {
      code: 'ONCE',
      discount_type: 'fixed_amount',
      duration: 'single_use',
      value: '5.00',
    });
    const checkout = await open(s, { discount_code: 'ONCE' });
    expect(checkout.applied_discount).toMatchObject({ applicable: true, amount: '5.00' });
    await charge(s.api, checkout.token);
    const [queued] = (await s.api.get('/charges', { query: { status: 'queued' } })).body.charges;
    expect(queued.total_discounts).toBe('0.00');
    // 2021-01 records carry the use count (2021-11 ones never do: api-facts, recorded real records).
    const [discount] = (await s.api.get('/discounts', { version: '2021-01' })).body.discounts;
    expect(discount.times_used).toBe(1);
  });

  it('takes taxes out of prices when taxes_included', async () => {
    const s = await shop({ tax_rate: 0.2, taxes_included: true });
    const checkout = await open(s, { line_items: [s.mugLine] });
    expect(checkout).toMatchObject({
      taxes_included: true,
      subtotal_price: '9.00',
      total_tax: '1.50',
      total_price: '9.00',
    });
  });
});
