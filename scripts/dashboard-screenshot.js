// Regenerates docs/dashboard.png, the dashboard guide's picture: an emulator seeded with
// the small-shop scenario, the clock advanced a month in the dashboard, its Clock screen at
// 1280×800. Run with `npm run docs:screenshot` (needs Debian's chromium, or CHROMIUM_PATH).
import { chromium } from 'playwright-core';
import { createEmulator } from '../dist/index.js';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.js';

const emulator = await createEmulator({ port: 0, logger: 'silent', seed: 1, scenario: 'small-shop' });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${emulator.url}/_emulator/ui#/clock`);
  await page.getByRole('table', { name: 'Scheduled jobs' }).locator('tbody tr').first().waitFor();
  await page.getByRole('button', { name: '+1 month' }).click();
  await page.getByRole('table', { name: 'Jobs run' }).waitFor();
  await page.getByRole('table', { name: 'Scheduled jobs' }).locator('tbody tr').first().waitFor();
  await page.screenshot({ path: 'docs/dashboard.png' });
  console.log('wrote docs/dashboard.png');
} finally {
  await browser.close();
  await emulator.close();
}
