/**
 * The dashboard's store tools in chromium: every setting edited and saved (a refusal shown), the
 * clock's mode switched, confirmations that name the store, webhooks folded by receiver with their
 * version, a journal entry copied as a curl command that runs, the inbox answering a chosen status,
 * and the Clock timeline at a phone's width.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { Api } from '../helpers/api.js';
import { browserSkipReason, browserSuite, useBrowser } from '../helpers/browser.js';
import { useEmulator } from '../helpers/emulator.js';
import { subscribedCustomer } from '../helpers/factories.js';

const { emulator } = useEmulator();
const browser = useBrowser();

async function openStore(name: string, viewport?: { width: number; height: number }) {
  const page = await browser.page(viewport);
  await page.goto(`${emulator().url}/_emulator/ui#/stores`);
  await page.getByRole('button', { name: `Open ${name}` }).click();
  await expect.poll(() => page.locator('header').textContent()).toContain(name);
  return page;
}

describe.skipIf(browserSkipReason)(browserSuite('dashboard: settings, safety, webhooks, journal'), () => {
  it('edits settings of every kind, shows a refusal, and switches the clock mode', async () => {
    const store = await emulator().control.createStore({ name: 'Settings shop' });
    const control = emulator().control.forStore(store.token);
    const page = await openStore('Settings shop');
    await page.getByRole('link', { name: 'Settings' }).click();
    const form = page.getByRole('form', { name: 'Store settings' });
    await form.getByLabel('dunning.retry_days (JSON)').fill('[2, 3]');
    await form.getByLabel('dunning.on_max_retries').selectOption('none');
    await form.getByLabel('webhooks.duplicates').check();
    await form.getByLabel('rate_limit.size').fill('7');
    await form.getByLabel('platform_word', { exact: true }).fill('shopify');
    await form.getByLabel('value_names (JSON)').fill('{"platform_a": "shopify"}');
    await form.getByRole('button', { name: 'Save settings' }).click();
    const answer = page.getByRole('region', { name: 'Answer of the settings' });
    await expect.poll(() => answer.textContent()).toMatch(/PATCH \/_emulator\/settings answered 200/);
    expect((await control.getStore(store.store.id)).settings).toMatchObject({
      dunning: { retry_days: [2, 3], on_max_retries: 'none' },
      webhooks: { duplicates: true },
      rate_limit: { size: 7 },
      platform_word: 'shopify',
      value_names: { platform_a: 'shopify' },
    });
    await form.getByLabel('upcoming_charge_days').fill('99');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect
      .poll(() => answer.getByRole('alert').textContent())
      .toMatch(/answered 422[\s\S]*upcoming_charge_days/);
    await form.getByLabel('tax_rate').fill('0.5');
    await form.getByLabel('upcoming_charge_days').fill('5');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect.poll(() => answer.textContent()).toMatch(/answered 200/);
    expect((await control.getStore(store.store.id)).settings).toMatchObject({
      tax_rate: 0.5,
      upcoming_charge_days: 5,
    });

    await page.getByRole('button', { name: 'Follow real time' }).click();
    await expect.poll(() => page.getByText(/^Real time: it follows the wall clock/).count()).toBe(1);
    expect((await control.clock()).mode).toBe('realtime');
    await page.getByRole('button', { name: 'Freeze the clock' }).click();
    await expect.poll(async () => (await control.clock()).mode).toBe('frozen');
    expect(page.problems).toEqual([]);
  }, 90_000);

  it('asks before reset, delete and restore, naming the store; offers no Delete for the default store', async () => {
    const store = await emulator().control.createStore({ name: 'Careful shop' });
    const api = new Api(emulator().url, store.token, '2021-11');
    await api.post('/customers', { email: 'c@example.com', first_name: 'C', last_name: 'S' });
    await emulator().control.createStore({ name: 'Other shop' });
    const page = await openStore('Careful shop');
    const stores = page.getByRole('table', { name: 'Stores' });
    await expect.poll(() => stores.textContent()).toContain('Default store (default)');
    expect(await page.getByRole('button', { name: 'Delete Default store' }).count()).toBe(0);
    const row = stores.locator('tr', { hasText: 'Careful shop' });
    expect(await row.locator('td').nth(5).textContent()).toBe('1'); // its customers

    await page.getByRole('button', { name: 'Reset Careful shop' }).click();
    const dialog = page.getByRole('dialog', { name: /^Reset store \d+ \(Careful shop\)\?/ });
    await dialog.waitFor();
    await page.keyboard.press('Escape'); // keyboard: Escape cancels
    await dialog.waitFor({ state: 'hidden' });
    expect((await api.get('/customers')).body.customers).toHaveLength(1);
    await page.getByLabel('Snapshot name').fill('kept');
    await page.getByRole('button', { name: 'Save snapshot' }).click();
    await page.getByRole('button', { name: 'Reset Careful shop' }).click();
    await page.getByRole('button', { name: 'Yes, reset Careful shop' }).click();
    await page.getByText(/Reset store \d+: its data/).waitFor();
    expect((await api.get('/customers')).body.customers).toHaveLength(0);

    await page.getByRole('button', { name: 'Restore kept' }).click();
    await page
      .getByRole('dialog', { name: /Restore snapshot kept into store \d+ \(Careful shop\)/ })
      .waitFor();
    await page.getByRole('button', { name: 'Yes, restore kept into Careful shop' }).click();
    await expect.poll(async () => (await api.get('/customers')).body.customers.length).toBe(1);

    await page.getByRole('button', { name: 'Delete Other shop' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect((await emulator().control.listStores()).map((s) => s.name)).toContain('Other shop');
    await page.getByRole('button', { name: 'Delete Other shop' }).click();
    await page.getByRole('button', { name: 'Yes, delete Other shop' }).click();
    await page.getByText(/Deleted store \d+ \(Other shop\)/).waitFor();
    expect((await emulator().control.listStores()).map((s) => s.name)).not.toContain('Other shop');
    expect(page.problems).toEqual([]);
  }, 90_000);

  it('folds webhooks by receiver with their version; a delivery says when and how it went; an inbox answers 500', async () => {
    const store = await emulator().control.createStore({ name: 'Folded shop' });
    const api = new Api(emulator().url, store.token, '2021-11');
    const inbox = await emulator().control.inbox('folded').url();
    for (const topic of ['customer/created', 'customer/updated', 'customer/deleted'])
      expect((await api.post('/webhooks', { address: inbox, topic })).status).toBe(201);
    const page = await openStore('Folded shop');
    await page.getByRole('link', { name: 'Webhook inbox' }).click();
    await page.getByLabel('Inbox name').fill('folded');
    await page.getByRole('button', { name: 'Open inbox' }).click();
    await page.getByLabel('Answer with status').fill('500');
    await page.getByRole('button', { name: 'Set status' }).click();
    await expect
      .poll(() => page.getByRole('region', { name: 'Answer of the inbox actions' }).textContent())
      .toMatch(/PUT \/_emulator\/inbox\/folded answered 200/);
    await api.post('/customers', { email: 'f@example.com', first_name: 'F', last_name: 'D' });
    const received = page.getByRole('list', { name: 'Requests received' });
    await expect.poll(() => received.textContent()).toMatch(/customer\/created at .*answered 500/);

    await page.getByRole('link', { name: 'Webhooks' }).click();
    const subscriptions = page.getByRole('table', { name: 'Webhook subscriptions' });
    await expect.poll(() => subscriptions.locator('tbody tr').count()).toBe(1);
    await expect
      .poll(() => subscriptions.textContent())
      .toMatch(/2021-11[\s\S]*3 topics: customer\/created, customer\/updated, customer\/deleted/);
    const log = page.getByRole('list', { name: 'Delivery log' });
    await expect
      .poll(() => log.locator('summary').first().textContent())
      .toMatch(
        /^#\d+ customer\/created → .*inbox\/folded \(created \d{4}-\S+\): retrying, 1 try, last at \S+: 500$/,
      );
    await page.getByRole('button', { name: `Remove the 3 webhooks of ${inbox}` }).click();
    await expect.poll(() => subscriptions.locator('tbody tr').count()).toBe(0);
    expect(page.problems).toEqual([]);
  }, 90_000);

  it('copies a journal entry as a curl command that runs as it is', async () => {
    const store = await emulator().control.createStore({ name: 'Curl shop' });
    const api = new Api(emulator().url, store.token, '2021-11');
    await api.post('/customers', { email: "o'brien@example.com", first_name: 'O', last_name: "O'Brien" });
    const page = await openStore('Curl shop');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('link', { name: 'Requests' }).click();
    const journal = page.getByRole('list', { name: 'Request journal' });
    const entry = journal.locator('li', { hasText: 'POST /customers' });
    await entry.locator('summary').click();
    await entry.getByRole('button', { name: /Copy request \d+ as curl/ }).click();
    await entry.getByText('Copied.').waitFor();
    const command = await page.evaluate<string>('navigator.clipboard.readText()');
    expect(command).toContain(`-H "x-service-access-token: $TOKEN"`);
    await api.delete(`/customers/${(await api.get('/customers')).body.customers[0].id}`);
    const { stdout } = await promisify(execFile)('sh', ['-c', `${command} -s -w ' %{http_code}'`], {
      env: { ...process.env, TOKEN: store.token },
    });
    expect(stdout).toMatch(/"email":"o'brien@example.com"[\s\S]* 201$/);
    expect(page.problems).toEqual([]);
  }, 90_000);

  it("shows the Clock timeline whole at a phone's width", async () => {
    const store = await emulator().control.createStore({
      name: 'Phone shop',
      clock: { now: '2025-01-15T12:00:00Z' },
    });
    await subscribedCustomer(new Api(emulator().url, store.token, '2021-11'));
    const page = await openStore('Phone shop', { width: 390, height: 800 });
    await page.getByRole('link', { name: 'Clock' }).click();
    const timeline = page.getByRole('table', { name: 'Scheduled jobs' });
    await timeline.getByText('charge_attempt').first().waitFor();
    // Nothing wider than its box: no column is cut off or hidden behind a sideways scroll.
    const cut = await page.evaluate<number>(
      `(() => { const t = document.querySelector('table[aria-label="Scheduled jobs"]'); return t.scrollWidth - t.parentElement.clientWidth; })()`,
    );
    expect(cut).toBeLessThanOrEqual(0);
    const box = await timeline.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 999)).toBeLessThanOrEqual(390);
    // Each row is a card of its values, one under the other, every one inside the window.
    const outside = await page.evaluate<number>(
      `[...document.querySelectorAll('table[aria-label="Scheduled jobs"] tbody td')].filter((td) => td.getBoundingClientRect().right > window.innerWidth).length`,
    );
    expect(outside).toBe(0);
    expect(page.problems).toEqual([]);
  }, 90_000);
});
