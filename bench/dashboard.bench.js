// Issue 15 target: the dashboard opens the large-shop scenario's 10,000 customers in under a second
// (a page at a time). Measured in Debian's chromium, headless: from clicking "Customers & billing"
// to the first 25 rows shown, then a search by email, then the next page; medians of 5, each in a
// fresh page. Run: npm run bench (or node bench/dashboard.bench.js after a build). Without
// chromium it says so and measures nothing.
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import { createEmulator } from '../dist/index.js';
import { CHROMIUM, CHROMIUM_ARGS, chromiumMissing } from '../scripts/chromium.js';
import { report, verdict } from './lib.js';

const ROUNDS = 5;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (chromiumMissing) {
  console.log(`\nDashboard: not measured, ${chromiumMissing}`);
} else {
  const emulator = await createEmulator({ port: 0, logger: 'silent' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const store = await emulator.control.createStore({ name: 'Large shop', scenario: 'large-shop' });
    // A customer far down the list, found by its email.
    const listed = await fetch(`${emulator.url}/customers?limit=250&page=30`, {
      headers: { 'X-Service-Access-Token': store.token, 'X-Service-Version': '2021-01' },
    });
    if (!listed.ok) throw new Error(`GET /customers answered ${listed.status}: ${await listed.text()}`);
    const { email } = (await listed.json()).customers[0];
    const opens = [];
    const searches = [];
    const nextPages = [];
    for (let round = 0; round < ROUNDS; round++) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.goto(`${emulator.url}/_emulator/ui#/stores`);
      await page.getByRole('button', { name: 'Open Large shop' }).click();
      await page.locator('header', { hasText: 'Large shop' }).waitFor();
      const rows = page.getByRole('table', { name: 'Customers' }).locator('tbody tr');
      const timed = async (action, done) => {
        const started = performance.now();
        await action();
        await done();
        return performance.now() - started;
      };
      const rowCount = (count) => () =>
        page.waitForFunction(
          (wanted) =>
            globalThis.document.querySelectorAll('table[aria-label="Customers"] tbody tr').length === wanted,
          count,
        );
      opens.push(
        await timed(() => page.getByRole('link', { name: 'Customers & billing' }).click(), rowCount(25)),
      );
      const firstRow = await rows.first().textContent();
      nextPages.push(
        await timed(
          () => page.getByRole('button', { name: 'Next page' }).click(),
          () =>
            page.waitForFunction(
              (before) =>
                globalThis.document.querySelector('table[aria-label="Customers"] tbody tr')?.textContent !==
                before,
              firstRow,
            ),
        ),
      );
      await page.getByLabel('Email').fill(email);
      searches.push(await timed(() => page.getByLabel('Email').press('Enter'), rowCount(1)));
      await page.close();
    }
    const ms = (value) => `${value.toFixed(0)} ms`;
    report(
      `Dashboard on the large-shop scenario (10,000 customers), chromium headless, medians of ${ROUNDS}`,
      [
        [
          'open Customers & billing (first 25 rows shown)',
          ms(median(opens)),
          `${verdict(median(opens) < 1000)} (target: < 1 s)`,
        ],
        ['next page of 25', ms(median(nextPages))],
        ['search by email (1 row)', ms(median(searches))],
      ],
    );
  } finally {
    await browser.close();
    await emulator.close();
  }
}
