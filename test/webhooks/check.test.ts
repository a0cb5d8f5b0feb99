/**
 * The webhook check (`POST /_emulator/webhooks/check`, `checkWebhooks`, `check-webhooks`) beyond
 * the handlers of docs/webhook-check.md (test/examples/webhook-check.test.ts): what it sends and to
 * whom, in both versions and another dialect, its refusals, when it stops sending, and its files.
 */
import { createHash, createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createEmulator, ControlError, type WebhookCheckReport } from '../../src/index.js';
import { Api } from '../helpers/api.js';
import { runCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

const { emulator, store } = useEmulator();
const receivers: Receiver[] = [];
const receiver = async (...args: Parameters<typeof startReceiver>) => {
  const started = await startReceiver(...args);
  receivers.push(started);
  return started;
};
afterEach(async () => {
  for (const r of receivers.splice(0)) await r.close();
});

const sha256 = (secret: string, body: Buffer) =>
  createHash('sha256').update(secret).update(body).digest('hex');

describe('a webhook check', () => {
  it('sends only to the URL it checks: no webhook of any store hears of it', async () => {
    const bystander = await store();
    const elsewhere = await receiver();
    await bystander.api.post('/webhooks', { address: elsewhere.url, topic: 'charge/paid' });
    await bystander.api.post('/webhooks', { address: elsewhere.url, topic: 'customer/created' });
    const handler = await receiver();

    const report = await emulator().control.checkWebhooks({ url: handler.url, topics: ['charge/paid'] });

    await bystander.control.flushWebhooks();
    expect(elsewhere.received).toHaveLength(0);
    expect(report.store.new).toBe(true);
    expect(report.store.id).not.toBe(bystander.storeId);
    // Every request it reports was received by the handler, and nothing else.
    const labels = report.checks.flatMap((check) => check.evidence.map((s) => s.label));
    expect(handler.received.length).toBeGreaterThanOrEqual(new Set(labels).size);
    const made = emulator().control.forStore(report.store.token ?? '');
    expect(await made.deliveries()).toEqual([]);
  });

  it.each(['2021-01', '2021-11'] as const)(
    'renders payloads in %s as the API answers the record, signed like a real delivery',
    async (version) => {
      const handler = await receiver();
      const report = await emulator().control.checkWebhooks({
        url: handler.url,
        topics: ['charge/paid'],
        api_version: version,
        secret: 'the-handlers-secret',
      });
      const [first] = handler.received;
      expect(first?.topic).toBe('charge/paid');
      expect(first?.headers['x-service-hmac-sha256']).toBe(
        sha256('the-handlers-secret', first?.raw ?? Buffer.alloc(0)),
      );
      expect(report.secret).toEqual({ source: 'given', value: null });
      // The record behind the payload is real: the API answers it, in that version, with those bytes' content.
      const api = new Api(emulator().url, report.store.token ?? '', version);
      const charge = first?.json.charge;
      const read = await api.get(`/charges/${charge.id}`);
      expect(read.status).toBe(200);
      expect(read.body.charge).toEqual(charge);
      expect(report.api_version).toBe(version);
    },
  );

  it("signs with the store's client secret by default, and shows it", async () => {
    const s = await store();
    const handler = await receiver();
    const report = await s.control.checkWebhooks({
      url: handler.url,
      topics: ['customer/created'],
      store: 'current',
    });
    expect(report.store).toEqual({ id: s.storeId, new: false, token: null });
    expect(report.secret).toEqual({ source: 'store', value: s.clientSecret });
    const [first] = handler.received;
    expect(first?.headers['x-service-hmac-sha256']).toBe(
      sha256(s.clientSecret, first?.raw ?? Buffer.alloc(0)),
    );
  });

  it("defaults to the topics of the store's webhooks at the URL", async () => {
    const s = await store();
    const handler = await receiver();
    await s.api.post('/webhooks', { address: handler.url, topic: 'subscription/created' });
    await s.api.post('/webhooks', { address: handler.url, topic: 'address/updated' });
    await s.control.flushWebhooks();
    const report = await s.control.checkWebhooks({ url: handler.url, store: 'current' });
    expect([...report.topics].sort()).toEqual(['address/updated', 'subscription/created']);
  });

  it('stops sending after three requests in a row without an answer, and says so', async () => {
    const silent = await receiver('hang');
    const report = await emulator().control.checkWebhooks({
      url: silent.url,
      topics: ['charge/paid', 'charge/created', 'customer/created', 'order/created'],
      timeout_ms: 50,
    });
    expect(silent.received).toHaveLength(3);
    expect(report.passed).toBe(false);
    // Only the write check passes: a handler that never answers writes nothing either.
    expect(report.checks.filter((check) => check.passed).map((check) => check.id)).toEqual([
      'duplicate-no-write',
    ]);
    const valid = report.checks.find((check) => check.id === 'valid');
    expect(valid?.evidence.filter((s) => s.not_sent).map((s) => s.topic)).toEqual([
      'customer/created',
      'order/created',
    ]);
    expect(valid?.evidence[0]?.error).toBe('no answer within 50 ms');
    const fate = report.checks.find((check) => check.id === 'service-fate');
    expect(fate?.verdict).toMatch(/webhook would be deleted 48 h after the first failure/);
    expect(report.ladder).toHaveLength(20);
    expect(report.ladder.at(-1)).toEqual({ try: 20, after_minutes: 360, at_minutes: 48 * 60 });
  });

  it('tells a handler that takes an HMAC besides the real signature that it has a second way in', async () => {
    const secret = 'both-ways';
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const raw = Buffer.concat(chunks);
        const given = request.headers['x-service-hmac-sha256'];
        const accepted = [sha256(secret, raw), createHmac('sha256', secret).update(raw).digest('hex')];
        response.writeHead(accepted.includes(String(given)) ? 200 : 401).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const report = await emulator().control.checkWebhooks({
        url: `http://127.0.0.1:${port}/hooks`,
        topics: ['customer/created'],
        secret,
      });
      const failing = report.checks.filter((check) => !check.passed);
      expect(failing.map((check) => check.id)).toEqual(['hmac']);
      expect(failing[0]?.verdict).toMatch(/also takes an HMAC, which the service never sends/);
    } finally {
      server.close();
    }
  });

  it('refuses what it cannot check with the documented 422', async () => {
    const control = emulator().control;
    for (const body of [
      { url: 'ftp://example.com/hook' },
      { url: 'not a url' },
      { url: 'http://127.0.0.1:9/hook', topics: ['charge/exploded'] },
      { url: 'http://127.0.0.1:9/hook', timeout_ms: 0 },
      { url: 'http://127.0.0.1:9/hook', store: 'other' },
      { url: 'http://127.0.0.1:9/hook', platform_word: 'Not A Word!' },
    ]) {
      const refusal = await control.checkWebhooks(body as never).catch((error: unknown) => error);
      expect(refusal, JSON.stringify(body)).toBeInstanceOf(ControlError);
      expect((refusal as ControlError).status, JSON.stringify(body)).toBe(422);
    }
  });
});

describe('a webhook check in another dialect', () => {
  const dialect = { emulator: undefined as Awaited<ReturnType<typeof createEmulator>> | undefined };
  afterAll(() => dialect.emulator?.close());

  it('names its headers with the prefix and its fields with the platform word', async () => {
    dialect.emulator = await createEmulator({ port: 0, logger: 'silent', headerPrefix: 'Recharge' });
    const handler = await receiver();
    const report = await dialect.emulator.control.checkWebhooks({
      url: handler.url,
      topics: ['subscription/created'],
      api_version: '2021-01',
      platform_word: 'shopify',
      secret: 's3cret',
    });
    const [first] = handler.received;
    expect(first?.headers['x-recharge-topic']).toBe('subscription/created');
    expect(first?.headers['x-recharge-hmac-sha256']).toBe(sha256('s3cret', first?.raw ?? Buffer.alloc(0)));
    expect(first?.headers['x-service-hmac-sha256']).toBeUndefined();
    expect(first?.raw.toString()).toContain('shopify_product_id');
    expect(report.header_prefix).toBe('Recharge');
  });
});

describe('billing-emulator check-webhooks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'check-webhooks-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('exits 1 on a failed check and writes the JSON and JUnit reports', async () => {
    const acceptsAnything = await receiver(200);
    const json = join(dir, 'reports', 'check.json');
    const junit = join(dir, 'reports', 'check.xml');
    const run = await runCli(
      'check-webhooks',
      acceptsAnything.url,
      '--topic',
      'charge/paid',
      '--topic',
      'charge/created',
      '--json',
      json,
      '--junit',
      junit,
    );
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/^✗ a delivery with a wrong signature is refused \(4xx\)$/m);
    expect(run.stdout).toMatch(/^7\/11 checks passed/m);
    expect(run.stdout).toMatch(/signed with the store's client secret: secret_/);
    const report = JSON.parse(readFileSync(json, 'utf8')) as WebhookCheckReport;
    expect(report.score).toBe(7);
    const xml = readFileSync(junit, 'utf8');
    expect(xml.match(/<testcase /g)).toHaveLength(11);
    expect(xml).toMatch(/<testsuites name="billing-emulator check-webhooks" tests="11" failures="4"/);
    expect(xml).toContain('<failure message="accepted (answered 200');
  }, 60_000);

  it('refuses --token without --emulator', async () => {
    const run = await runCli('check-webhooks', 'http://127.0.0.1:9/hook', '--token', 'abcdefgh');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('--token names a store of the emulator at --emulator');
  });
});
