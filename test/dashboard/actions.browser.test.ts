/**
 * The dashboard's actions where the records are, in chromium: on a charge (skip, unskip, move,
 * discount, process, refund), a subscription (quantity, date, address, swap, cancel, activate) and
 * a customer (address, subscription from the catalog, card in the portal), each showing what the
 * API answered, or its refusal. The records are made through the API; the actions are clicked.
 */
import { describe, expect, it } from 'vitest';
import { Api } from '../helpers/api.js';
import { browserSkipReason, browserSuite, useBrowser } from '../helpers/browser.js';
import { createProduct } from '../helpers/catalog.js';
import { useEmulator } from '../helpers/emulator.js';
import { addressBody2021_11, queuedCharges, subscribedCustomer } from '../helpers/factories.js';

const { emulator } = useEmulator();
const browser = useBrowser();

/** A store with one subscribed customer (charged 2025-01-16), opened in the dashboard on one record. */
async function opened(
  name: string,
  kind: 'Charges' | 'Subscriptions' | 'Customers',
  id: (api: Api, c: { customerId: number; addressId: number }) => Promise<number>,
) {
  const store = await emulator().control.createStore({ name, clock: { now: '2025-01-15T12:00:00Z' } });
  const api = new Api(emulator().url, store.token, '2021-11');
  const customer = await subscribedCustomer(api);
  const recordId = await id(api, customer);
  const page = await browser.page();
  await page.goto(`${emulator().url}/_emulator/ui#/stores`);
  await page.getByRole('button', { name: `Open ${name}` }).click();
  await expect.poll(() => page.locator('header').textContent()).toContain(name);
  await page.getByRole('link', { name: 'Customers & billing' }).click();
  await page.getByRole('button', { name: kind, exact: true }).click();
  const singular = kind.slice(0, -1).toLowerCase();
  await page.getByLabel(`${kind.slice(0, -1)} id`).fill(String(recordId));
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: `View ${singular} ${recordId}` }).click();
  // Named after the record shown: a charge moved to another date is another charge.
  const answer = page.getByRole('region', { name: new RegExp(`^Answer of the actions on ${singular}`) });
  return { page, api, store, customer, id: recordId, answer };
}

describe.skipIf(browserSkipReason)(browserSuite('dashboard: actions on records'), () => {
  it('skips, unskips, moves, processes and refunds a charge; shows a refused discount', async () => {
    const { page, id, answer } = await opened('Charge shop', 'Charges', async (api, c) =>
      Number((await queuedCharges(api, c.addressId))[0]?.id),
    );
    await page.getByRole('button', { name: `Skip charge ${id}`, exact: true }).click();
    await expect
      .poll(() => answer.textContent())
      .toMatch(new RegExp(`POST /charges/${id}/skip answered 200[\\s\\S]*"status": "skipped"`));
    await page.getByRole('button', { name: `Unskip charge ${id}` }).click();
    await expect.poll(() => answer.textContent()).toMatch(/unskip answered 200[\s\S]*"status": "queued"/);
    await page.getByLabel('New charge date').fill('2025-01-20');
    await page.getByRole('button', { name: 'Move charge' }).click();
    await expect
      .poll(() => answer.textContent())
      .toMatch(/change_next_charge_date answered 200[\s\S]*2025-01-20/);
    await page.getByLabel('Discount code').fill('NO-SUCH-CODE');
    await page.getByRole('button', { name: 'Apply discount' }).click();
    await expect.poll(() => answer.getByRole('alert').textContent()).toMatch(/apply_discount answered 422/);
    await page.getByRole('button', { name: /^Process charge \d+ now$/ }).click(); // the moved charge
    await expect.poll(() => answer.textContent()).toMatch(/process answered 200[\s\S]*"status": "success"/);
    await page.getByLabel('Refund amount').fill('5.00');
    await page.getByRole('button', { name: 'Refund amount' }).click();
    await expect
      .poll(() => answer.textContent())
      .toMatch(/refund answered 200[\s\S]*"status": "partially_refunded"/);
    expect(page.problems).toEqual([]);
  }, 90_000);

  it('changes a subscription: quantity, next date, address, variant from the catalog, cancel, activate', async () => {
    let second = 0;
    const { page, api, id, answer } = await opened('Subscription shop', 'Subscriptions', async (api, c) => {
      await createProduct(api, {
        title: 'Tea',
        variants: [{ external_variant_id: 'tea-100', title: '100 g', prices: { unit_price: '9.00' } }],
      });
      second = (await api.post('/addresses', addressBody2021_11(c.customerId, { address1: '2 Second St' })))
        .body.address.id;
      return Number(
        (await api.get('/subscriptions', { query: { customer_id: c.customerId } })).body.subscriptions[0].id,
      );
    });
    await page.getByLabel('New quantity').fill('3');
    await page.getByRole('button', { name: 'Change quantity' }).click();
    await expect
      .poll(() => answer.textContent())
      .toMatch(/PUT \/subscriptions\/\d+ answered 200[\s\S]*"quantity": 3/);
    await page.getByLabel('Next charge on').fill('2025-02-03');
    await page.getByRole('button', { name: 'Set next charge date' }).click();
    await expect
      .poll(() => answer.textContent())
      .toMatch(/set_next_charge_date answered 200[\s\S]*2025-02-03/);
    await page.getByLabel('Move to address').selectOption(String(second));
    await page.getByRole('button', { name: 'Change address' }).click();
    await expect
      .poll(() => answer.textContent())
      .toMatch(new RegExp(`change_address answered 200[\\s\\S]*"address_id": ${second}`));
    const swap = page.getByRole('form', { name: 'Swap the variant' });
    await swap.getByRole('combobox', { name: /^Product/ }).selectOption('tea-100');
    await swap.getByRole('button', { name: 'Swap variant' }).click();
    await expect.poll(() => answer.textContent()).toMatch(/answered 200[\s\S]*"product_title": "Tea"/);
    await page.getByRole('button', { name: `Cancel subscription ${id}` }).click();
    await expect.poll(() => answer.textContent()).toMatch(/cancel answered 200[\s\S]*"status": "cancelled"/);
    await page.getByRole('button', { name: `Activate subscription ${id}` }).click();
    await expect.poll(() => answer.textContent()).toMatch(/activate answered 200[\s\S]*"status": "active"/);
    expect((await api.get(`/subscriptions/${id}`)).body.subscription).toMatchObject({
      quantity: 3,
      address_id: second,
      product_title: 'Tea',
      status: 'active',
    });
    expect(page.problems).toEqual([]);
  }, 90_000);

  it('adds an address and a subscription from the catalog to a customer, and updates its card in the portal', async () => {
    const { page, api, id, answer } = await opened('Customer shop', 'Customers', async (api, c) => {
      await createProduct(api, {
        title: 'Cocoa',
        variants: [{ external_variant_id: 'cocoa-1', title: '1 kg', prices: { unit_price: '14.00' } }],
      });
      return c.customerId;
    });
    const address = page.getByRole('form', { name: 'Add an address' });
    await address.getByLabel('Street').fill('9 Ninth Avenue');
    await address.getByRole('button', { name: 'Add address' }).click();
    await expect
      .poll(() => answer.textContent())
      .toMatch(/POST \/addresses answered 201[\s\S]*9 Ninth Avenue/);
    const subscription = page.getByRole('form', { name: 'Add a subscription' });
    await subscription.getByRole('combobox', { name: /^Product/ }).selectOption('cocoa-1');
    await subscription.getByLabel('Every').fill('2');
    await subscription.getByLabel('Interval unit').selectOption('week');
    await subscription.getByRole('button', { name: 'Add subscription' }).click();
    await expect
      .poll(() => answer.textContent())
      .toMatch(/POST \/subscriptions answered 201[\s\S]*"product_title": "Cocoa"/);
    await page.getByLabel('New card (test token)').selectOption('tok_expired');
    await page.getByRole('button', { name: 'Update card as the customer (portal)' }).click();
    await expect
      .poll(() => answer.textContent())
      .toMatch(/POST \/_emulator\/portal\/customers\/\d+\/payment_method answered 200/);
    const methods = page.getByRole('table', { name: `Payment methods of customer ${id}` });
    await expect.poll(() => methods.textContent()).toContain('tok_expired');
    const subscriptions = (await api.get('/subscriptions', { query: { customer_id: id } })).body
      .subscriptions;
    expect(
      subscriptions.map((s: { product_title: string; order_interval_unit: string }) => [
        s.product_title,
        s.order_interval_unit,
      ]),
    ).toContainEqual(['Cocoa', 'week']);
    expect(page.problems).toEqual([]);
  }, 90_000);
});
