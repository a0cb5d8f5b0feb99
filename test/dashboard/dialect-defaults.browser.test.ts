/**
 * A store created in the dashboard of an emulator started with the real names speaks them, and
 * answers in the version the emulator was started with unless the form picks another.
 */
import { describe, expect, it } from 'vitest';
import { browserSkipReason, browserSuite, useBrowser } from '../helpers/browser.js';
import { useEmulator } from '../helpers/emulator.js';

const { emulator } = useEmulator({
  platformWord: 'shopify',
  headerPrefix: 'Recharge',
  apiVersion: '2021-01',
});
const browser = useBrowser();

describe.skipIf(browserSkipReason)(
  browserSuite('dashboard: stores created after a start with the real names'),
  () => {
    it('takes the start options unless the form says otherwise', async () => {
      const page = await browser.page();
      await page.goto(`${emulator().url}/_emulator/ui#/stores`);
      await page.getByLabel('Name', { exact: true }).fill('Real shop');
      await page.getByRole('button', { name: 'Create store' }).click();
      await page.getByText('and opened it').waitFor();
      await page.getByLabel('Name', { exact: true }).fill('Newer shop');
      await page.getByLabel('API version').selectOption('2021-11');
      await page.getByRole('button', { name: 'Create store' }).click();
      await expect.poll(async () => (await emulator().control.listStores()).length).toBe(3);

      const stores = await emulator().control.listStores();
      const settingsOf = (name: string) => stores.find((store) => store.name === name)?.settings;
      expect(settingsOf('Real shop')).toMatchObject({
        platform_word: 'shopify',
        default_api_version: '2021-01',
      });
      expect(settingsOf('Newer shop')).toMatchObject({
        platform_word: 'shopify',
        default_api_version: '2021-11',
      });
      expect(page.problems).toEqual([]);
    });
  },
);
