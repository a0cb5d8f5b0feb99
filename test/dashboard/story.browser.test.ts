/**
 * The whole dunning story in the dashboard alone, on a fresh store, as a QA person plays it: a
 * customer with a declining card and a monthly subscription, webhooks sent to the built-in inbox,
 * a day later the failed charge and its `charge/failed` delivery; the card updated, the charge
 * retried and paid, `charge/paid` delivered; then the store saved, downloaded as a file, uploaded
 * as a new store that holds the same records, and uploaded again as the browser saved it, with no
 * name given (the store is named after the file). No API call is made by the test itself until the
 * end, where it compares the two stores.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOPICS } from '../../src/domain/events/topics.js';
import { Api } from '../helpers/api.js';
import { browserSkipReason, browserSuite, useBrowser } from '../helpers/browser.js';
import { useEmulator } from '../helpers/emulator.js';

const { emulator } = useEmulator();
const browser = useBrowser();

describe.skipIf(browserSkipReason)(browserSuite('dashboard: a dunning story without curl'), () => {
  it('plays a declined card, its retry and a snapshot round trip, in the dashboard only', async () => {
    const page = await browser.page();
    await page.goto(`${emulator().url}/_emulator/ui#/stores`);

    // A fresh store.
    await page.getByLabel('Name', { exact: true }).fill('Story shop');
    await page.getByLabel('Clock starts at (ISO)').fill('2025-01-15T12:00:00Z');
    await page.getByRole('button', { name: 'Create store' }).click();
    await page.getByText('and opened it').waitFor();
    await expect.poll(() => page.locator('header').textContent()).toContain('Story shop');

    // A customer with a declining card and a monthly subscription, first charged tomorrow.
    await page.getByRole('link', { name: 'Customers & billing' }).click();
    await page.getByText('Create a customer with a subscription').click();
    const create = page.getByRole('form', { name: 'Create a customer with a subscription' });
    await create.getByLabel('Email').fill('story@example.com');
    await create.getByLabel('Card (test token)').selectOption('tok_declined');
    await expect.poll(() => create.getByLabel('Next charge date').inputValue()).toBe('2025-01-16');
    await expect.poll(() => create.getByLabel('Interval unit').inputValue()).toBe('month');
    await create.getByRole('button', { name: 'Create customer and subscription' }).click();
    const created = page.getByRole('region', { name: 'Answers of create a customer with a subscription' });
    await expect.poll(() => created.textContent()).toMatch(/POST \/subscriptions answered 201/);
    expect(await created.textContent()).toMatch(/POST \/payment_methods answered 201/);

    // Every topic of the store's webhooks to the inbox.
    await page.getByRole('link', { name: 'Webhook inbox' }).click();
    await page.getByLabel('Inbox name').fill('story');
    await page.getByRole('button', { name: 'Open inbox' }).click();
    await expect
      .poll(() => page.getByLabel('Inbox address').textContent())
      .toBe(`${emulator().url}/_emulator/inbox/story`);
    await page.getByRole('button', { name: "Send Story shop's webhooks here" }).click();
    const subscribed = page.getByRole('region', { name: 'Answer of the inbox actions' });
    await expect
      .poll(() => subscribed.getByText(/POST \/webhooks answered 201/).count(), { timeout: 60_000 })
      .toBe(Object.keys(TOPICS).length);

    // A day later: the charge was declined.
    await page.getByRole('link', { name: 'Clock' }).click();
    await page.getByRole('button', { name: '+1 day' }).click();
    await expect
      .poll(() => page.getByLabel('Events of the advance').textContent())
      .toContain('charge/failed');
    await page.getByRole('link', { name: 'Customers & billing' }).click();
    await page.getByRole('button', { name: 'Charges', exact: true }).click();
    await page.getByLabel('Status').fill('error');
    await page.getByRole('button', { name: 'Search' }).click();
    const charges = page.getByRole('table', { name: 'Charges' }).locator('tbody tr');
    await expect.poll(() => charges.count()).toBe(1);
    await charges.getByRole('button', { name: /View charge/ }).click();
    await expect.poll(() => page.getByLabel('Payment attempts').textContent()).toContain('CARD_DECLINED');
    // The retry the failure scheduled is marked as the next one.
    await expect.poll(() => page.getByLabel('Payment attempts').textContent()).toContain('(next)');
    const chargeId = (await page.locator('#record-title').textContent())?.replace('charge ', '') ?? '';

    // ... and the inbox has its charge/failed delivery, signed by the store.
    await page.getByRole('link', { name: 'Webhook inbox' }).click();
    const received = page.getByRole('list', { name: 'Requests received' });
    await expect
      .poll(() => received.textContent())
      .toMatch(/charge\/failed at [^:]+:[^;]*signed by store \d+/);

    // The customer's card is replaced by a good one, and the charge retried now: paid.
    await page.getByRole('link', { name: 'Customers & billing' }).click();
    await page.getByRole('button', { name: 'View customer', exact: false }).first().click();
    await page.getByLabel('New card (test token)').selectOption('tok_ok');
    await page.getByRole('button', { name: /Give payment method \d+ the card tok_ok/ }).click();
    await expect
      .poll(() => page.getByRole('region', { name: /Answer of the actions on customer/ }).textContent())
      .toMatch(/PUT \/payment_methods\/\d+ answered 200/);
    await page.getByRole('button', { name: 'Charges', exact: true }).click();
    await page.getByLabel('Charge id').fill(chargeId);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: `View charge ${chargeId}` }).click();
    await page.getByRole('button', { name: `Retry charge ${chargeId} now` }).click();
    const retried = page.getByRole('region', { name: `Answer of the actions on charge ${chargeId}` });
    await expect.poll(() => retried.textContent()).toMatch(/POST \/charges\/\d+\/process answered 200/);
    await expect.poll(() => retried.textContent()).toContain('"status": "success"');
    await expect.poll(() => page.getByLabel('Payment attempts').textContent()).toContain('success');
    // Paid: no retry is next (regression: the schedule still marked one).
    await expect.poll(() => page.getByLabel('Payment attempts').textContent()).toContain('none scheduled');
    expect(await page.getByLabel('Payment attempts').textContent()).not.toContain('(next)');

    // charge/paid arrives in the inbox (live: no reload).
    await page.getByRole('link', { name: 'Webhook inbox' }).click();
    await expect.poll(() => received.textContent()).toContain('charge/paid');

    // The store saved, downloaded as a file, and uploaded as a new store.
    await page.getByRole('link', { name: 'Stores' }).click();
    await page.getByLabel('Snapshot name').fill('after-the-story');
    await page.getByRole('button', { name: 'Save snapshot' }).click();
    await page.getByRole('button', { name: 'Restore after-the-story' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Story shop as a file' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Story-shop-2025-01-16T12-00-00Z\.json$/);
    const file = await download.path();
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ kind: 'billing-emulator/snapshot' });
    await page.getByLabel('Snapshot file').setInputFiles(file);
    await page.getByLabel("New store's name").fill('Story copy');
    await page.getByRole('button', { name: 'Upload as a new store' }).click();
    await page.getByText(/Uploaded the snapshot as store \d+ \(Story copy\) and opened it/).waitFor();
    await expect.poll(() => page.locator('header').textContent()).toContain('Story copy');
    // The file as it was downloaded, with no name given: the store is named after the file.
    const saved = join(await mkdtemp(join(tmpdir(), 'story-')), download.suggestedFilename());
    await download.saveAs(saved);
    await page.getByLabel('Snapshot file').setInputFiles(saved);
    await page.getByLabel("New store's name").fill('');
    await page.getByRole('button', { name: 'Upload as a new store' }).click();
    await page
      .getByText(/Uploaded the snapshot as store \d+ \(Story-shop-2025-01-16T12-00-00Z\) and opened it/)
      .waitFor();

    // The copy holds the same records: seen in the dashboard, then compared through the API.
    await page.getByRole('link', { name: 'Customers & billing' }).click();
    await expect
      .poll(() => page.getByRole('table', { name: 'Customers' }).textContent())
      .toContain('story@example.com');
    await page.getByRole('button', { name: 'Charges', exact: true }).click();
    await page.getByLabel('Charge id').fill(chargeId);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('table', { name: 'Charges' }).getByRole('cell', { name: 'success' }).waitFor();

    const stores = await emulator().control.listStores();
    const [original, copy] = ['Story shop', 'Story copy'].map((name) => stores.find((s) => s.name === name));
    expect(copy?.counts).toEqual(original?.counts);
    const read = async (storeId: number, path: string) => {
      const token = await emulator().control.createStoreToken(storeId, {
        name: 'check',
        scopes: ['read_orders', 'read_customers', 'read_subscriptions'],
      });
      return (await new Api(emulator().url, token.token, '2021-11').get(path)).body;
    };
    for (const path of ['/customers', '/subscriptions', '/charges'])
      expect(await read(copy?.id ?? 0, path)).toEqual(await read(original?.id ?? 0, path));
    expect(page.problems).toEqual([]);
  }, 240_000);
});
