/**
 * The dashboard in chromium, over the emulator's own port: stores, clock, customers and billing,
 * events and webhooks. The headline flow: create a store in the dashboard, create a subscription
 * through the API, advance the clock in the dashboard, and see the charge paid, its order and the
 * webhook delivery appear.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../helpers/api.js';
import { browserSkipReason, browserSuite, useBrowser } from '../helpers/browser.js';
import { useEmulator } from '../helpers/emulator.js';
import { addCard, createCustomerWithAddress, createSubscription } from '../helpers/factories.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

const { emulator } = useEmulator();
const browser = useBrowser();
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver(200);
});
afterAll(() => receiver.close());

const dashboard = () => `${emulator().url}/_emulator/ui`;

describe.skipIf(browserSkipReason)(
  browserSuite('dashboard: stores, clock, billing, events, webhooks'),
  () => {
    it('creates a store, then shows a subscription made through the API paid by an advance, with its order and webhook delivery', async () => {
      const page = await browser.page();
      await page.goto(dashboard());
      await page.getByRole('link', { name: 'Stores' }).click();
      await page.getByLabel('Name', { exact: true }).fill('QA shop');
      await page.getByLabel('Clock starts at (ISO)').fill('2025-01-15T12:00:00Z');
      await page.getByRole('button', { name: 'Create store' }).click();
      await page.getByText('and opened it').waitFor();
      await expect.poll(() => page.locator('header').textContent()).toContain('QA shop');

      // The dashboard's store, found by name; its token comes from the control API.
      const { stores } = (await (await fetch(`${emulator().url}/_emulator/stores`)).json()) as {
        stores: { id: number; name: string }[];
      };
      const storeId = stores.find((s) => s.name === 'QA shop')?.id ?? 0;
      const token = (
        await emulator().control.createStoreToken(storeId, {
          name: 'test',
          scopes: [
            'write_customers',
            'write_subscriptions',
            'write_payment_methods',
            'read_customers',
            'read_subscriptions',
            'read_payment_methods',
            'read_orders',
            'read_store',
          ],
        })
      ).token;
      const api = new Api(emulator().url, token, '2021-11');
      const { customerId, addressId } = await createCustomerWithAddress(api);
      await addCard(api, customerId);
      const subscription = await createSubscription(api, addressId);
      expect((await api.post('/webhooks', { address: receiver.url, topic: 'charge/paid' })).status).toBe(201);

      // Clock: the timeline says what will happen.
      await page.getByRole('link', { name: 'Clock' }).click();
      const jobs = page.getByRole('table', { name: 'Scheduled jobs' });
      await jobs.getByText('charge_attempt').first().waitFor();
      await expect.poll(() => jobs.textContent()).toMatch(/Takes payment of 20\.00 USD \(charge \d+\)/);
      await expect.poll(() => page.getByLabel('Store time').textContent()).toBe('2025-01-15T12:00:00Z');

      // +1 month runs the upcoming notice and the charge attempt.
      await page.getByRole('button', { name: '+1 month' }).click();
      const run = page.getByRole('table', { name: 'Jobs run' });
      await run.getByText('paid', { exact: true }).waitFor();
      await expect.poll(() => page.getByLabel('Store time').textContent()).toBe('2025-02-15T12:00:00Z');
      await expect
        .poll(() => page.getByLabel('Events of the advance').textContent())
        .toContain('charge/paid');

      // Billing: the customer, its charges (paid) and its order.
      await page.getByRole('link', { name: 'Customers & billing' }).click();
      await page.getByRole('button', { name: `View customer ${customerId}` }).click();
      await page.getByRole('button', { name: `Charges of customer ${customerId}` }).click();
      const charges = page.getByRole('table', { name: 'Charges' });
      await charges.getByRole('cell', { name: 'success' }).waitFor();
      await page.getByRole('button', { name: 'Orders', exact: true }).click();
      await page.getByLabel('Customer id').fill(String(customerId));
      await page.getByRole('button', { name: 'Search' }).click();
      const orders = page.getByRole('table', { name: 'Orders' });
      await orders.getByRole('cell', { name: 'success' }).waitFor();
      expect(await orders.locator('tbody tr').count()).toBe(1);

      // The subscription moved to its next date; its queued charge shows attempts and dunning.
      await page.getByRole('button', { name: 'Subscriptions', exact: true }).click();
      await page.getByLabel('Subscription id').fill(String(subscription.id));
      await page.getByRole('button', { name: 'Search' }).click();
      await page
        .getByRole('table', { name: 'Subscriptions' })
        .getByRole('cell', { name: '2025-03-01' })
        .waitFor();

      // Webhooks: the delivery of charge/paid, with its try and signature header.
      await page.getByRole('link', { name: 'Webhooks' }).click();
      const log = page.getByRole('list', { name: 'Delivery log' });
      await log.getByText('charge/paid').first().waitFor();
      await expect.poll(() => log.textContent()).toContain('succeeded');
      await log.locator('summary').first().click();
      await expect.poll(() => log.textContent()).toMatch(/Hmac-Sha256/i);
      expect(page.problems).toEqual([]);
    }, 60_000);

    it('shows a failing charge with its attempts, dunning schedule and next attempt', async () => {
      const store = await emulator().control.createStore({
        name: 'Dunning shop',
        clock: { now: '2025-01-15T12:00:00Z' },
      });
      const api = new Api(emulator().url, store.token, '2021-11');
      const { customerId, addressId } = await createCustomerWithAddress(api);
      await addCard(api, customerId, 'tok_declined');
      await createSubscription(api, addressId);
      await emulator().control.forStore(store.token).advanceClock({ to: '2025-02-01T00:00:00Z' });

      const page = await browser.page();
      await page.goto(`${dashboard()}#/stores`);
      await page.getByRole('button', { name: 'Open Dunning shop' }).click();
      await expect.poll(() => page.locator('header').textContent()).toContain('Dunning shop');
      await page.getByRole('link', { name: 'Customers & billing' }).click();
      await page.getByRole('button', { name: 'Charges', exact: true }).click();
      await page.getByLabel('Status').fill('error');
      await page.getByRole('button', { name: 'Search' }).click();
      const row = page.getByRole('table', { name: 'Charges' }).locator('tbody tr');
      await expect.poll(() => row.count()).toBe(1);
      await row.getByRole('button').click();
      const facts = page.getByLabel('Payment attempts');
      await expect.poll(() => facts.textContent()).toContain('CARD_DECLINED');
      await expect.poll(() => facts.textContent()).toContain('2025-02-02T00:00:00Z'); // the retry, the next day
      await expect.poll(() => facts.textContent()).toContain('after failure 1: retry 1 day later (next)');
      expect(page.problems).toEqual([]);
    });

    it('pages through customers with the API cursors and finds one by email', async () => {
      const store = await emulator().control.createStore({ name: 'Paged shop' });
      const api = new Api(emulator().url, store.token, '2021-11');
      for (let i = 0; i < 30; i++)
        await api.post('/customers', { email: `c${i}@example.com`, first_name: 'C', last_name: String(i) });
      const page = await browser.page();
      await page.goto(`${dashboard()}#/stores`);
      await page.getByRole('button', { name: 'Open Paged shop' }).click();
      await expect.poll(() => page.locator('header').textContent()).toContain('Paged shop');
      await page.getByRole('link', { name: 'Customers & billing' }).click();
      const rows = page.getByRole('table', { name: 'Customers' }).locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(25);
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect.poll(() => rows.count()).toBe(5);
      await page.getByRole('button', { name: 'Previous page' }).click();
      await expect.poll(() => rows.count()).toBe(25);
      await page.getByLabel('Email').fill('c7@example.com');
      await page.getByLabel('Email').press('Enter'); // keyboard: submits the search
      await expect.poll(() => rows.count()).toBe(1);
      await expect.poll(() => rows.textContent()).toContain('c7@example.com');
      // An id that does not exist: the API's 404 is shown with its body.
      await page.getByRole('button', { name: 'Clear' }).click();
      await page.getByLabel('Customer id').fill('999');
      await page.getByRole('button', { name: 'Search' }).click();
      await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/404[\s\S]*Not Found/);
      expect(page.problems).toEqual([]);
    });

    it('feeds new events live, filtered by topic', async () => {
      const store = await emulator().control.createStore({ name: 'Live shop' });
      const api = new Api(emulator().url, store.token, '2021-11');
      const page = await browser.page();
      await page.goto(`${dashboard()}#/stores`);
      await page.getByRole('button', { name: 'Open Live shop' }).click();
      await expect.poll(() => page.locator('header').textContent()).toContain('Live shop');
      await page.getByRole('link', { name: 'Events' }).click();
      await page.getByLabel('Topic').fill('customer/created');
      await page.getByRole('button', { name: 'Filter' }).click();
      // Shown once the stream of this topic is open, not while the unfiltered one still is.
      await page.getByText('Live: new customer/created events appear').waitFor();
      const feed = page.getByRole('table', { name: 'Events feed' }).locator('tbody tr');
      await api.post('/customers', { email: 'live@example.com', first_name: 'L', last_name: 'V' });
      await expect.poll(() => feed.count()).toBe(1);
      // The page is not reloaded: the second one can only come from the stream.
      await api.post('/customers', { email: 'live2@example.com', first_name: 'L', last_name: 'V' });
      await expect.poll(() => feed.count()).toBe(2);
      expect(await feed.first().textContent()).toContain('customer/created');
      expect(page.problems).toEqual([]);
    });

    it('misses no event made between loading the page and the stream opening (regression: CI lost one)', async () => {
      const store = await emulator().control.createStore({ name: 'Gap shop' });
      const api = new Api(emulator().url, store.token, '2021-11');
      const page = await browser.page();
      // The stream's request is held until an event has been made, then let through: the event is
      // recorded after the page could first load the list and before the stream subscribes.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let streams = 0;
      await page.route('**/_emulator/stream?*', async (route) => {
        streams += 1;
        await held;
        await route.continue();
      });
      await page.goto(`${dashboard()}#/stores`);
      await page.getByRole('button', { name: 'Open Gap shop' }).click();
      await expect.poll(() => page.locator('header').textContent()).toContain('Gap shop');
      await page.getByRole('link', { name: 'Events' }).click();
      await expect.poll(() => streams).toBeGreaterThan(0);
      await api.post('/customers', { email: 'gap@example.com', first_name: 'G', last_name: 'P' });
      release();
      await page.getByText('Live: new events appear').waitFor();
      const feed = page.getByRole('table', { name: 'Events feed' }).locator('tbody tr');
      await expect.poll(() => feed.count()).toBe(1);
      expect(await feed.first().textContent()).toContain('customer/created');
      expect(page.problems).toEqual([]);
    });

    it('pauses and resumes deliveries, and replays one', async () => {
      const store = await emulator().control.createStore({ name: 'Hook shop' });
      const api = new Api(emulator().url, store.token, '2021-11');
      expect((await api.post('/webhooks', { address: receiver.url, topic: 'customer/created' })).status).toBe(
        201,
      );
      const page = await browser.page();
      await page.goto(`${dashboard()}#/stores`);
      await page.getByRole('button', { name: 'Open Hook shop' }).click();
      await expect.poll(() => page.locator('header').textContent()).toContain('Hook shop');
      await page.getByRole('link', { name: 'Webhooks' }).click();
      const subscriptions = page.getByRole('table', { name: 'Webhook subscriptions' });
      await expect.poll(() => subscriptions.textContent()).toContain('customer/created');
      // Another subscription, added from the form.
      await page.getByLabel('Receiver URL').fill(receiver.url);
      await page.getByLabel('Webhook topic').fill('customer/updated');
      await page.getByRole('button', { name: 'Add webhook' }).click();
      // One row per receiver URL, its topics folded.
      await expect
        .poll(() => subscriptions.textContent())
        .toContain('2 topics: customer/created, customer/updated');
      expect(await subscriptions.locator('tbody tr').count()).toBe(1);
      await page.getByRole('button', { name: 'Pause deliveries' }).click();
      await page.getByRole('button', { name: 'Resume deliveries' }).waitFor();
      await api.post('/customers', { email: 'held@example.com', first_name: 'H', last_name: 'D' });
      const log = page.getByRole('list', { name: 'Delivery log' });
      await log.getByText('paused').first().waitFor();
      await page.getByRole('button', { name: 'Resume deliveries' }).click();
      await page.getByRole('button', { name: 'Pause deliveries' }).waitFor();
      await log.getByText('succeeded').first().waitFor();
      const before = receiver.received.length;
      await log.locator('summary').first().click();
      await log
        .getByRole('button', { name: /Replay delivery/ })
        .first()
        .click();
      await expect.poll(() => receiver.received.length).toBe(before + 1);
      await expect.poll(() => log.textContent()).toContain('2 tries');
      expect(page.problems).toEqual([]);
    }, 60_000);
  },
);
