/**
 * The dialect and version the emulator was started with are the defaults of every store created
 * later (`POST /_emulator/stores`, seeded from a scenario or not, `POST /_emulator/scenarios/run`,
 * the control client), unless that store's settings say otherwise: a user who starts with the real
 * names never meets the neutral ones. Through `createEmulator` options and the CLI's flags.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/index.js';
import { useEmulator } from '../helpers/emulator.js';
import { startCli } from '../helpers/cli.js';
import { customerBody2021_01 } from '../helpers/factories.js';

const STARTED_REAL = {
  headerPrefix: 'Recharge',
  platformWord: 'shopify',
  valueNames: { platform_payments: 'shopify_payments' },
  apiVersion: '2021-01',
} as const;

/** Calls the API as a client of the real service does, with the store's token. */
function realClient(url: string, token: string) {
  return async (method: string, path: string, body?: unknown, version?: string) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        'X-Recharge-Access-Token': token,
        ...(version ? { 'X-Recharge-Version': version } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, version: response.headers.get('X-Recharge-Version'), text };
  };
}

describe('stores created after a start with the real names', () => {
  const { emulator } = useEmulator(STARTED_REAL);

  it('POST /_emulator/stores: the start options are the new store settings', async () => {
    const created = await emulator().control.createStore({ name: 'later' });
    expect(created.store.settings).toMatchObject({
      platform_word: 'shopify',
      value_names: { platform_payments: 'shopify_payments' },
      default_api_version: '2021-01',
    });
    const call = realClient(emulator().url, created.token);
    const customer = await call('POST', '/customers', customerBody2021_01({ shopify_customer_id: '6001' }));
    expect(customer).toMatchObject({ status: 200, version: '2021-01' });
    expect(JSON.parse(customer.text).customer.shopify_customer_id).toBe('6001');
    expect(customer.text).not.toMatch(/platform_/);
  });

  it("a store's own settings win, field by field", async () => {
    const created = await emulator().control.createStore({
      settings: { platform_word: 'platform', default_api_version: '2021-11' },
    });
    expect(created.store.settings).toMatchObject({
      platform_word: 'platform',
      value_names: { platform_payments: 'shopify_payments' },
      default_api_version: '2021-11',
    });
    const own = await emulator().control.createStore({ settings: { value_names: {} } });
    expect(own.store.settings).toMatchObject({ platform_word: 'shopify', value_names: {} });
  });

  it('a store seeded from a scenario, and a scenario run, speak the start names too', async () => {
    const seeded = await emulator().control.createStore({ scenario: 'small-shop' });
    expect(seeded.store.settings).toMatchObject({ platform_word: 'shopify', default_api_version: '2021-01' });
    const subscriptions = await realClient(emulator().url, seeded.token)('GET', '/subscriptions');
    expect(subscriptions).toMatchObject({ status: 200, version: '2021-01' });
    expect(subscriptions.text).toContain('"shopify_product_id"');
    expect(subscriptions.text).not.toMatch(/platform_(product|variant|customer)/);

    const run = await fetch(`${emulator().url}/_emulator/scenarios/run`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'card-update' }),
    });
    const report = (await run.json()) as { store: { settings: Record<string, unknown> } };
    expect(run.status).toBe(201);
    expect(report.store.settings).toMatchObject({ platform_word: 'shopify', default_api_version: '2021-01' });
  });
});

describe('stores created after a start without dialect options', () => {
  it('keep the neutral names and the 2021-11 default', async () => {
    const emulator = await createEmulator({ port: 0, logger: 'silent' });
    try {
      const created = await emulator.control.createStore();
      expect(created.store.settings).toMatchObject({
        platform_word: 'platform',
        value_names: {},
        default_api_version: '2021-11',
      });
    } finally {
      await emulator.close();
    }
  });
});

/**
 * The shell examples of docs/real-service-clients.md, as printed: the start command's flags and the
 * body its curl sends to create a store whose own settings win.
 */
function guideExamples(): { flags: string[]; storeBody: string } {
  const guide = readFileSync(new URL('../../docs/real-service-clients.md', import.meta.url), 'utf8');
  const shell = [...guide.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1] ?? '').join('\n');
  const start = /^billing-emulator start (.+)$/m.exec(shell)?.[1];
  const body = /-d '([^']+)'/.exec(shell)?.[1];
  if (!start || !body) throw new Error('docs/real-service-clients.md: no start command or curl body');
  return { flags: start.trim().split(/\s+/), storeBody: body };
}

describe('the CLI flags', () => {
  it("the guide's command reaches stores created later, and its curl body's settings win (docs/real-service-clients.md)", async () => {
    const { flags, storeBody } = guideExamples();
    expect(flags).toEqual(['--header-prefix', 'Recharge', '--platform-word', 'shopify']);
    const cli = await startCli(flags);
    try {
      const createStore = async (body: string) => {
        const reply = await fetch(`${cli.url}/_emulator/stores`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body,
        });
        expect(reply.status).toBe(201);
        return (await reply.json()) as { token: string; store: { settings: Record<string, unknown> } };
      };
      const created = await createStore('{}');
      expect(created.store.settings).toMatchObject({
        platform_word: 'shopify',
        default_api_version: '2021-11',
      });
      const call = realClient(cli.url, created.token);
      const search = await call('GET', '/customers?shopify_customer_id=1', undefined, '2021-01');
      expect(search).toMatchObject({ status: 200, version: '2021-01' });

      // The guide's store in the spec's neutral names, 2021-01 by default.
      const neutral = await createStore(storeBody);
      expect(neutral.store.settings).toMatchObject({
        platform_word: 'platform',
        default_api_version: '2021-01',
      });
      const customer = await realClient(cli.url, neutral.token)(
        'POST',
        '/customers',
        customerBody2021_01({ platform_customer_id: '7001' }),
      );
      expect(customer).toMatchObject({ status: 200, version: '2021-01' });
      expect(JSON.parse(customer.text).customer.platform_customer_id).toBe('7001');
    } finally {
      await cli.stop();
    }
  });
});
