/**
 * The Webhook check screen in chromium: a check run against a handler that accepts anything shows
 * the report `check-webhooks` prints: the score, each check with what was seen, and its requests.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { browserSkipReason, browserSuite, useBrowser } from '../helpers/browser.js';
import { useEmulator } from '../helpers/emulator.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

const { emulator } = useEmulator();
const browser = useBrowser();
const opened: Receiver[] = [];
afterAll(async () => {
  for (const receiver of opened) await receiver.close();
});

describe.skipIf(browserSkipReason)(browserSuite('dashboard: webhook check'), () => {
  it('runs a check against a URL and shows each verdict with its requests', async () => {
    const handler = await startReceiver(200);
    opened.push(handler);
    const page = await browser.page();
    await page.goto(`${emulator().url}/_emulator/ui#/stores`);
    await expect.poll(() => page.locator('header').textContent()).toContain('Store');
    await page.getByRole('link', { name: 'Webhook check' }).click();
    const form = page.getByRole('form', { name: 'Check a webhook handler' });
    await form.getByLabel('Handler URL').fill(handler.url);
    await form.getByLabel('Topics (default all)').fill('charge/paid, charge/created');
    await form.getByLabel('Time budget (ms)').fill('2000');
    await form.getByRole('button', { name: 'Run the check' }).click();

    await expect.poll(() => page.getByRole('heading', { level: 3 }).textContent()).toBe('7/11 checks passed');
    const checks = page.getByRole('list', { name: 'Checks' });
    const forged = checks.getByRole('listitem', {
      name: 'a delivery with a wrong signature is refused (4xx)',
    });
    await expect.poll(() => forged.textContent()).toMatch(/✗ .*accepted \(answered 200 in \d+ ms\)/);
    await expect.poll(() => forged.getAttribute('class')).toBe('fail');
    const valid = checks.getByRole('listitem', {
      name: 'a valid delivery of each topic is answered 2xx within 2000 ms',
    });
    await expect.poll(() => valid.textContent()).toMatch(/✓ .*2 of 2 answered 2xx/);
    await valid.getByText('Requests (2)').click();
    const rows = valid.getByRole('table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    await expect.poll(() => rows.first().textContent()).toMatch(/charge\/paid.*200/);
    // The handler was sent exactly what the report lists.
    expect(handler.received.map((r) => r.topic)).toContain('charge/created');
  });
});
