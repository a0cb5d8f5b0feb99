/**
 * Browser tests of the dashboard: Debian's chromium driven by playwright-core, headless, one launch
 * per test file. Without chromium (no /usr/bin/chromium and no CHROMIUM_PATH) the files report
 * themselves skipped, with the reason in their name; CI installs it (.ci/run).
 */
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, chromiumMissing } from '../../scripts/chromium.js';

/** Why the browser tests cannot run here, or null when they can. */
export const browserSkipReason: string | null = chromiumMissing && `skipped: ${chromiumMissing}`;

if (browserSkipReason) console.warn(`dashboard browser tests ${browserSkipReason}`);

/** The suite's name, with the skip reason when there is one, so the report says why. */
export function browserSuite(name: string): string {
  return browserSkipReason ? `${name} (${browserSkipReason})` : name;
}

/** Generous: six helpers share two cores, and chromium is slow to start on them. */
export const UI_TIMEOUT = 30_000;

/** Launches chromium once for the file; `page()` opens a fresh context (its own sessionStorage) each time. */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    if (browserSkipReason) return;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS], timeout: 120_000 });
  }, 150_000);
  afterAll(async () => {
    await browser?.close();
  });
  return {
    /** A new page (1280×800 unless told), failing the test on any script error or dialog (an XSS would open one). */
    async page(viewport = { width: 1280, height: 800 }): Promise<Page & { problems: string[] }> {
      if (!browser) throw new Error('chromium is not running');
      const context = await browser.newContext({ viewport });
      contexts.push(context);
      context.setDefaultTimeout(UI_TIMEOUT);
      context.setDefaultNavigationTimeout(UI_TIMEOUT);
      const page = (await context.newPage()) as Page & { problems: string[] };
      page.problems = [];
      page.on('pageerror', (error) => page.problems.push(`page error: ${error.message}`));
      page.on('dialog', (dialog) => {
        page.problems.push(`dialog: ${dialog.message()}`);
        void dialog.dismiss();
      });
      return page;
    },
  };
}
