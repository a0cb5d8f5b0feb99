/**
 * The Parity screen in chromium: a recording with two differences planted in it is uploaded,
 * replayed against a new store, and each difference is shown beside both answers; an allow-list
 * uploaded with it marks one allowed; the replay's store opens.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startRecorder } from '../../src/parity/recorder.js';
import { browserSkipReason, browserSuite, useBrowser } from '../helpers/browser.js';
import { START, useEmulator } from '../helpers/emulator.js';
import { realClient, scratchDir } from '../helpers/parity.js';

const { emulator } = useEmulator({ headerPrefix: 'Recharge' });
const browser = useBrowser();

/** A recording of three exchanges with the emulator, then edited: an extra field and another status. */
async function plantedRecording(): Promise<string> {
  const store = await emulator().control.createStore({ name: 'Recorded shop', clock: { now: START } });
  const out = join(scratchDir(), 'planted.har');
  const recorder = await startRecorder({ upstream: emulator().url, port: 0, out, headerPrefix: 'Recharge' });
  const call = realClient(recorder.url, store.token, '2021-11');
  const created = await call('POST', '/customers', {
    email: 'p@shop.example',
    first_name: 'P',
    last_name: 'Q',
  });
  await call('GET', `/customers/${(created.body.customer as { id: number }).id}`);
  await call('GET', '/store');
  await recorder.close();
  const har = JSON.parse(readFileSync(out, 'utf8')) as {
    log: { entries: { response: { status: number; content: { text: string } } }[] };
  };
  const [first, second] = har.log.entries;
  if (!first || !second) throw new Error('the recording is short');
  const body = JSON.parse(first.response.content.text) as { customer: Record<string, unknown> };
  first.response.content.text = JSON.stringify({ customer: { ...body.customer, loyalty_tier: 'gold' } });
  second.response.status = 404;
  second.response.content.text = '{"errors":"Not Found"}';
  return JSON.stringify(har);
}

describe.skipIf(browserSkipReason)(browserSuite('dashboard: parity'), () => {
  it('replays an uploaded recording and shows each difference beside both answers', async () => {
    const recording = await plantedRecording();
    const page = await browser.page();
    await page.goto(`${emulator().url}/_emulator/ui#/stores`);
    await expect.poll(() => page.locator('header').textContent()).toContain('Store');
    await page.getByRole('link', { name: 'Parity' }).click();
    const form = page.getByRole('form', { name: 'Replay a recording' });
    await form
      .getByLabel('Recording (HAR file)')
      .setInputFiles({ name: 'session.har', mimeType: 'application/json', buffer: Buffer.from(recording) });
    await form.getByLabel('Allow-list (YAML, optional)').setInputFiles({
      name: 'allowed.yaml',
      mimeType: 'text/yaml',
      buffer: Buffer.from(
        '- endpoint: POST /customers\n  at: customer.loyalty_tier\n  reason: sandbox add-on\n',
      ),
    });
    await form.getByRole('button', { name: 'Replay recording' }).click();

    const result = page.getByRole('heading', { level: 3 });
    await expect
      .poll(() => result.textContent())
      .toMatch(/✗ failed.*Parity 1\/3 \(33\.3%\): 1 difference, 1 allowed/);
    const endpoints = page.getByRole('table', { name: 'Endpoints' });
    await expect.poll(() => endpoints.locator('tbody tr').count()).toBe(3);

    const extra = page.getByRole('article', { name: '#0 POST /customers (2021-11)' });
    const extraRows = extra.getByRole('table', { name: 'Differences of #0' }).locator('tbody tr');
    await expect
      .poll(() => extraRows.textContent())
      .toMatch(/missing.*customer\.loyalty_tier.*gold.*\(absent\).*allowed: sandbox add-on/);
    await expect
      .poll(() => extra.getByLabel('Recorded answer of #0').textContent())
      .toContain('"loyalty_tier": "gold"');
    await expect
      .poll(() => extra.getByLabel('Emulator answer of #0').textContent())
      .not.toContain('loyalty_tier');

    const status = page.getByRole('article', { name: /^#1 GET \/customers\/\d+ \(2021-11\)$/ });
    await expect
      .poll(() => status.locator('tbody tr').textContent())
      .toMatch(/status.*\(status\).*404.*200.*not allowed/);
    await expect.poll(() => status.getByText('Recorded answer: 404').count()).toBe(1);
    await expect.poll(() => status.getByText('Emulator answer: 200').count()).toBe(1);

    await page.getByRole('button', { name: /^Open its store Parity session\.har/ }).click();
    await expect.poll(() => page.locator('header').textContent()).toContain('Parity session.har');
    expect(page.problems).toEqual([]);
  });
});
