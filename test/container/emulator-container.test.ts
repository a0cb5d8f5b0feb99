/**
 * The image built from this checkout, started through the testcontainers module as users do:
 * health, the API with the printed token, the bound control client, a receiver on the host reached
 * from inside the container, the /data volume across a restart, and a clean stop on SIGTERM.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getContainerRuntimeClient, TestContainers } from 'testcontainers';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { generateFixture } from '../../src/fixtures/generator/generate.js';
import { verifyWebhook } from '../../src/index.js';
import {
  BillingEmulatorContainer,
  type StartedBillingEmulatorContainer,
} from '../../src/testcontainers/index.js';
import { Api } from '../helpers/api.js';
import { createCustomer, customerBody2021_01 } from '../helpers/factories.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import './engine.js';
import { removePortForwarder } from './port-forwarder.js';

const engine = inject('containerEngine');
const DAY_MS = 86_400_000;

/** The HEALTHCHECK command of the Dockerfile, as an exec argument list. */
function dockerfileHealthcheck(): string[] {
  const dockerfile = readFileSync(new URL('../../Dockerfile', import.meta.url), 'utf8').replace(/\\\n/g, ' ');
  const command = /^HEALTHCHECK .*?CMD (\[.*\])\s*$/m.exec(dockerfile)?.[1];
  if (!command) throw new Error('Dockerfile has no HEALTHCHECK CMD [...]');
  return JSON.parse(command) as string[];
}

describe.skipIf(!engine.available)(
  `the billing-emulator image ${engine.available ? engine.image : `(skipped: ${engine.reason})`}`,
  () => {
    let receiver: Receiver;
    let running: StartedBillingEmulatorContainer | undefined;
    let stopped = false;
    /** The started container (when beforeAll fails, the tests fail here). */
    const started = (): StartedBillingEmulatorContainer => {
      if (!running) throw new Error('the container did not start');
      return running;
    };

    beforeAll(async () => {
      receiver = await startReceiver();
      const port = Number(new URL(receiver.url).port);
      await TestContainers.exposeHostPorts(port);
      running = await new BillingEmulatorContainer(engine.image)
        .withToken('container-token')
        .withApiVersion('2021-11')
        .withSeed(42)
        .withData()
        .withFlushInterval(60_000)
        .withLogLevel('info')
        .withWebhookUrl(`http://host.testcontainers.internal:${port}/webhooks`)
        .withRateLimit({ size: 100 })
        .withJournalSize(50)
        .start();
    });

    afterAll(async () => {
      await receiver?.close();
      if (running && !stopped) await running.stop();
      await removePortForwarder();
    });

    it('answers health and serves the API with the token it printed', async () => {
      const emulator = started();
      expect(emulator.getToken()).toBe('container-token');
      expect(emulator.getClientSecret()).toMatch(/^secret_[0-9a-f]+$/);
      expect(emulator.getApiVersion()).toBe('2021-11');
      expect(await emulator.control.health()).toEqual({ status: 'ok' });
      const api = new Api(emulator.getBaseUrl(), emulator.getToken(), '2021-11');
      const customer = await createCustomer(api, { email: 'ada@example.com' });
      const reply = await api.get(`/customers/${customer.id}`);
      expect(reply.status).toBe(200);
      expect(reply.body.customer.email).toBe('ada@example.com');
    });

    it('serves the dashboard at getDashboardUrl(), its assets from the image', async () => {
      const emulator = started();
      expect(emulator.getDashboardUrl()).toBe(`${emulator.getBaseUrl()}/_emulator/ui`);
      const page = await fetch(emulator.getDashboardUrl());
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('/_emulator/ui/app.js');
      const script = await fetch(`${emulator.getDashboardUrl()}/app.js`);
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toMatch(/javascript/);
    });

    it('moves the virtual clock through the bound control client', async () => {
      const emulator = started();
      const before = await emulator.control.clock();
      const report = await emulator.control.advanceClock({ days: 30 });
      expect(Date.parse(report.now) - Date.parse(before.now)).toBe(30 * DAY_MS);
      const store = await emulator.control.createStore({ clock: { now: '2025-01-01T00:00:00Z' } });
      const other = emulator.control.forStore(store.token);
      expect((await other.advanceClock({ days: 1 })).now).toMatch(/^2025-01-02T00:00:00/);
    });

    it('applies the rate limit it was started with; faults and the journal work through the bound client', async () => {
      const emulator = started();
      const api = new Api(emulator.getBaseUrl(), emulator.getToken(), '2021-11');
      expect((await api.get('/customers')).headers.get('X-Service-Limit')).toMatch(/^\d+\/100$/);
      const rule = await emulator.control.addFault({
        match: { method: 'GET', path: '/customers' },
        action: { type: 'status', status: 503 },
        when: { mode: 'next', n: 1 },
      });
      expect((await api.get('/customers')).status).toBe(503);
      expect((await api.get('/customers')).status).toBe(200);
      expect((await emulator.control.listFaults())[0]).toMatchObject({ id: rule.id, fired: 1 });
      await expect(api.get('/customers', { headers: { 'X-Emulator-Fault': 'reset' } })).rejects.toThrow(
        'fetch failed',
      );
      const [last] = await emulator.control.requests({ path: '/customers', limit: 1 });
      expect(last).toMatchObject({ status: null, fault: { id: 'header', action: 'resets the connection' } });
      expect(await emulator.control.countRequests({ status: 503 })).toBe(1);
      await emulator.control.clearFaults();
    });

    it('delivers signed webhooks to the --webhook-url receiver on the host', async () => {
      const emulator = started();
      const api = new Api(emulator.getBaseUrl(), emulator.getToken(), '2021-11');
      const customer = await createCustomer(api, { email: 'hedy@example.com' });
      const received = await receiver.find(
        (r) => r.topic === 'customer/created' && r.json.customer.id === customer.id,
      );
      expect(received.path).toBe('/webhooks');
      expect(
        verifyWebhook(received.raw, received.headers['x-service-hmac-sha256'], emulator.getClientSecret()),
      ).toBe(true);
      expect(received.raw.toString('utf8')).toBe((await api.get(`/customers/${customer.id}`)).text);
      await emulator.control.flushWebhooks();
      const [delivery] = await emulator.control.deliveries({ topic: 'customer/created', limit: 1 });
      expect(delivery?.status).toBe('succeeded');
    });

    it('runs as a non-root user, and its HEALTHCHECK needs nothing but node', async () => {
      const emulator = started();
      const uid = await emulator.exec(['node', '-e', 'process.stdout.write(String(process.getuid()))']);
      expect(uid.stdout).not.toBe('0');
      expect(uid.stdout).toMatch(/^\d+$/);
      const health = await emulator.exec(dockerfileHealthcheck());
      expect(health.exitCode, health.output).toBe(0);
    });

    it("starts from the compile cache the image's build wrote", async () => {
      const debugged = await new BillingEmulatorContainer(engine.image)
        .withEnvironment({ NODE_DEBUG: 'billing-emulator' })
        .start();
      try {
        const logs = await debugged.logs();
        let output = '';
        for await (const chunk of logs) {
          output += String(chunk);
          if (/compile cache: .*\n/.test(output)) break;
        }
        logs.destroy();
        expect(output).toMatch(/compile cache: used/);
      } finally {
        await debugged.stop();
      }
    });

    it('logs from the bundle, which has no node_modules beside it, keeps serving and reports the failed write on health', async () => {
      // The data directory turns read-only while it runs (a start in an unwritable one is refused):
      // the next write fails and is logged (pino is loaded then).
      const broken = await new BillingEmulatorContainer(engine.image).withData().start();
      try {
        const locked = await broken.exec(['chmod', '-R', 'a-w', '/data']);
        expect(locked.exitCode, locked.output).toBe(0);
        await createCustomer(new Api(broken.getBaseUrl(), broken.getToken(), '2021-11'), {
          email: 'locked@example.com',
        });
        const logs = await broken.logs();
        let output = '';
        for await (const chunk of logs) {
          output += String(chunk);
          if (/writing the data files failed/.test(output)) break;
        }
        logs.destroy();
        expect(output).toMatch(/"level":50,.*"msg":"writing the data files failed/);
        const api = new Api(broken.getBaseUrl(), broken.getToken(), '2021-11');
        expect((await api.get('/customers')).status).toBe(200);
        const health = await fetch(`${broken.getBaseUrl()}/_emulator/health`);
        expect(health.status).toBe(503);
        expect(await health.json()).toMatchObject({
          status: 'degraded',
          persistence: { state: 'failing', file: '/data/billing-emulator.json' },
        });
        // The image's HEALTHCHECK sees it too.
        expect((await broken.exec(dockerfileHealthcheck())).exitCode).not.toBe(0);
      } finally {
        await broken.stop();
      }
    });

    it('keeps its stores on the /data volume across a restart (SIGTERM writes them)', async () => {
      const emulator = started();
      const api = new Api(emulator.getBaseUrl(), emulator.getToken(), '2021-11');
      const customer = await createCustomer(api, { email: 'grace@example.com' });
      const secret = emulator.getClientSecret();
      await emulator.restart();
      expect(emulator.getClientSecret()).toBe(secret);
      const reply = await new Api(emulator.getBaseUrl(), emulator.getToken(), '2021-11').get(
        `/customers/${customer.id}`,
      );
      expect(reply.status).toBe(200);
      expect(reply.body.customer.email).toBe('grace@example.com');
    });

    it('seeds the default store from a built-in scenario and from a fixture file (withScenario)', async () => {
      const fixture = join(mkdtempSync(join(tmpdir(), 'billing-emulator-fixture-')), 'shop.json');
      writeFileSync(fixture, JSON.stringify(generateFixture({ seed: 3, customers: 7 })));
      for (const [scenario, customers] of [
        ['small-shop', 25],
        [fixture, 7],
      ] as const) {
        const seeded = await new BillingEmulatorContainer(engine.image).withScenario(scenario).start();
        try {
          const api = new Api(seeded.getBaseUrl(), seeded.getToken(), '2021-01');
          expect((await api.get('/customers/count')).body).toEqual({ count: customers });
        } finally {
          await seeded.stop();
        }
      }
    });

    it("speaks the real service's words when started withHeaderPrefix, withPlatformWord and withValueNames", async () => {
      const dialect = await new BillingEmulatorContainer(engine.image)
        .withHeaderPrefix('Recharge')
        .withPlatformWord('shopify')
        .withValueNames({ platform_a: 'shopify' })
        .withApiVersion('2021-01')
        .start();
      try {
        const send = (path: string, body?: unknown) =>
          fetch(`${dialect.getBaseUrl()}${path}`, {
            method: body === undefined ? 'GET' : 'POST',
            headers: { 'X-Recharge-Access-Token': dialect.getToken(), 'Content-Type': 'application/json' },
            body: body === undefined ? undefined : JSON.stringify(body),
          });
        const created = await send('/customers', customerBody2021_01({ shopify_customer_id: '5550001' }));
        expect(created.status).toBe(200);
        const { customer } = (await created.json()) as { customer: Record<string, unknown> };
        expect(customer.shopify_customer_id).toBe('5550001');
        expect(Object.keys(customer).filter((key) => key.startsWith('platform_'))).toEqual([]);
        const store = (await (await send('/store')).json()) as { store: { external_platform: string } };
        expect(store.store.external_platform).toBe('shopify');
        // A store created later speaks the same words and version, and every answer names them.
        const later = await dialect.control.createStore();
        expect(later.store.settings).toMatchObject({
          platform_word: 'shopify',
          value_names: { platform_a: 'shopify' },
          default_api_version: '2021-01',
        });
        const read = await fetch(`${dialect.getBaseUrl()}/customers`, {
          headers: { 'X-Recharge-Access-Token': later.token },
        });
        expect(read.status).toBe(200);
        expect(read.headers.get('X-Recharge-Version')).toBe('2021-01');
        expect(read.headers.get('X-Recharge-Limit')).toBe('1/40');
      } finally {
        await dialect.stop();
      }
    });

    it('stops within a second on SIGTERM, exiting 0', async () => {
      const emulator = started();
      const t0 = performance.now();
      const container = await emulator.stop({ remove: false });
      stopped = true;
      const elapsed = performance.now() - t0;
      const client = await getContainerRuntimeClient();
      const inspected = client.container.getById(container.getId());
      try {
        const state = (await inspected.inspect()).State;
        expect(state.ExitCode).toBe(0);
        const logs = await new Promise<string>((resolve, reject) => {
          inspected.logs({ stdout: true, stderr: true, follow: false }, (error, buffer) =>
            error ? reject(error) : resolve(String(buffer)),
          );
        });
        expect(logs).toContain('SIGTERM, stopping');
        expect(elapsed).toBeLessThan(2_000);
      } finally {
        await client.container.remove(inspected, { removeVolumes: true });
      }
    });
  },
);
