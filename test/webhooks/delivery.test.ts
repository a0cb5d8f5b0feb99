/**
 * Webhook delivery to a real receiver in this process (issue: webhooks). The signature is checked
 * with an independent computation; time moves only by the virtual clock.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { RETRY_DELAYS_MINUTES } from '../../src/webhooks/dispatcher.js';
import { verifyWebhook } from '../../src/index.js';
import { defined, type Api, type Json } from '../helpers/api.js';
import { useEmulator, type TestStore } from '../helpers/emulator.js';
import { addressBody2021_11, createCustomer } from '../helpers/factories.js';
import { startReceiver, type Answer, type Receiver } from '../helpers/receiver.js';

const { store } = useEmulator();
const receivers: Receiver[] = [];

afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function receiver(fallback: Answer = 200): Promise<Receiver> {
  const started = await startReceiver(fallback);
  receivers.push(started);
  return started;
}

async function subscribe(
  api: Api,
  address: string,
  topic: string,
  included_objects?: string[],
): Promise<Json> {
  const reply = await api.post('/webhooks', {
    address,
    topic,
    ...(included_objects ? { included_objects } : {}),
  });
  if (reply.status >= 300) throw new Error(`webhook create failed: ${reply.status} ${reply.text}`);
  return reply.body.webhook;
}

async function watched(
  topic = 'customer/created',
  fallback: Answer = 200,
  settings: Record<string, unknown> = {},
): Promise<TestStore & { hooks: Receiver; webhook: Json }> {
  const s = await store({ settings });
  const hooks = await receiver(fallback);
  const webhook = await subscribe(s.api, hooks.url, topic);
  return { ...s, hooks, webhook };
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('a delivery', () => {
  it('is signed sha256(client_secret + raw body) and carries the retrieve payload byte for byte', async () => {
    const s = await watched();
    const customer = await createCustomer(s.api, { first_name: 'Zoë', last_name: "O'Brien ✓" });
    const delivery = await s.hooks.first();
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers['x-service-topic']).toBe('customer/created');
    const raw = delivery.raw.toString('utf8');
    expect(delivery.headers['x-service-hmac-sha256']).toBe(sha256(s.clientSecret + raw));
    expect(
      verifyWebhook(delivery.raw, String(delivery.headers['x-service-hmac-sha256']), s.clientSecret),
    ).toBe(true);
    expect(verifyWebhook(delivery.raw, sha256(`wrong${raw}`), s.clientSecret)).toBe(false);
    expect(raw).toBe((await s.api.get(`/customers/${customer.id}`)).text);

    await s.control.flushWebhooks();
    const [logged] = await s.control.deliveries();
    expect(logged).toMatchObject({
      webhook_id: s.webhook.id,
      topic: 'customer/created',
      url: s.hooks.url,
      status: 'succeeded',
      duplicate_of: null,
      request: { body: raw },
    });
    expect(logged?.request.headers['X-Service-Hmac-Sha256']).toBe(sha256(s.clientSecret + raw));
    expect(logged?.attempts).toEqual([
      {
        number: 1,
        at: '2025-01-15T12:00:00Z',
        response_status: 200,
        response_body: 'answered 200',
        duration_ms: expect.any(Number),
        error: null,
      },
    ]);
  });

  it("is rendered in the webhook's API version", async () => {
    const s = await store({ version: '2021-01' });
    const hooks = await receiver();
    await subscribe(s.api, hooks.url, 'customer/created');
    const customer = await createCustomer(s.api);
    const delivery = await hooks.first();
    expect(delivery.raw.toString('utf8')).toBe((await s.api.get(`/customers/${customer.id}`)).text);
    expect(delivery.json.customer.billing_address1).toBe('1 Navy Way');
  });

  it('adds the included objects as ?include= gives them', async () => {
    const s = await store();
    const hooks = await receiver();
    await subscribe(s.api, hooks.url, 'customer/updated', ['addresses', 'metafields']);
    const customer = await createCustomer(s.api);
    expect((await s.api.post('/addresses', addressBody2021_11(customer.id))).status).toBe(201);
    await s.api.put(`/customers/${customer.id}`, { first_name: 'Augusta' });
    const delivery = await hooks.first();
    const expected = await s.api.get(`/customers/${customer.id}`, {
      query: { include: 'addresses,metafields' },
    });
    expect(delivery.raw.toString('utf8')).toBe(expected.text);
    expect(delivery.json.customer.include.addresses).toHaveLength(1);
  });

  it('goes out while the request that caused it has already been answered', async () => {
    const s = await watched('customer/created', 'hang', { webhooks: { timeout_ms: 200 } });
    const reply = await s.api.post('/customers', {
      email: 'slow@example.com',
      first_name: 'S',
      last_name: 'L',
    });
    expect(reply.status).toBe(201);
    // The receiver has the request and has not answered; the API answers other calls meanwhile.
    await s.hooks.waitFor(1);
    expect((await s.api.get(`/customers/${reply.body.customer.id}`)).status).toBe(200);
    const [inFlight] = await s.control.deliveries();
    expect(inFlight?.status).toBe('pending');
    // No answer within the time limit (5 s by default, 200 ms here) is a failed try.
    await s.control.flushWebhooks();
    const [failed] = await s.control.deliveries();
    expect(failed?.status).toBe('retrying');
    expect(failed?.attempts[0]).toMatchObject({ response_status: null, error: 'no answer within 200 ms' });
  });

  it('reaches one receiver in the order of the events', async () => {
    const s = await watched();
    for (const name of ['A', 'B', 'C', 'D', 'E']) await createCustomer(s.api, { first_name: name });
    const got = await s.hooks.waitFor(5);
    expect(got.map((d) => d.json.customer.first_name)).toEqual(['A', 'B', 'C', 'D', 'E']);
  });
});

describe('failed tries', () => {
  it('are retried on the documented schedule, and after the 20th the webhook is deleted', async () => {
    const s = await watched('customer/created', 500);
    await createCustomer(s.api);
    await s.hooks.waitFor(1);
    expect(RETRY_DELAYS_MINUTES).toHaveLength(19);
    let tries = 1;
    for (const minutes of RETRY_DELAYS_MINUTES) {
      // One second early: nothing yet.
      await s.control.advanceClock({ seconds: minutes * 60 - 1 });
      expect(s.hooks.received).toHaveLength(tries);
      const report = await s.control.advanceClock({ seconds: 1 });
      tries += 1;
      expect(report.jobs).toEqual([
        expect.objectContaining({ type: 'webhook_retry', outcome: 'failed: HTTP 500' }),
      ]);
      expect(s.hooks.received).toHaveLength(tries);
    }
    const [delivery] = await s.control.deliveries();
    expect(delivery?.status).toBe('failed');
    expect(delivery?.attempts).toHaveLength(20);
    expect(delivery?.attempts.at(-1)?.at).toBe('2025-01-17T12:00:00Z'); // 48 h after the first try
    expect((await s.api.get(`/webhooks/${s.webhook.id}`)).status).toBe(404);
    // Every try was the same signed request.
    expect(new Set(s.hooks.received.map((d) => d.raw.toString('utf8'))).size).toBe(1);
    await createCustomer(s.api);
    await s.control.flushWebhooks();
    expect(s.hooks.received).toHaveLength(20);
  });

  it('follow the retry table of docs/webhooks.md', () => {
    const readme = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
    const row = readme.split('\n').find((line) => line.startsWith('| After '));
    const minutes = (cell: string) => {
      const [amount, unit] = cell.trim().split(' ');
      return Number(amount) * (unit === 'h' ? 60 : 1);
    };
    const cells = (row ?? '').split('|').slice(3, -1);
    expect(cells.map(minutes)).toEqual(RETRY_DELAYS_MINUTES);
  });

  it('stop at the first success', async () => {
    const s = await watched();
    s.hooks.answers = [503, 408, 429];
    await createCustomer(s.api);
    await s.hooks.waitFor(1);
    await s.control.advanceClock({ minutes: 1 + 2 + 4 });
    const report = await s.control.advanceClock({ hours: 48 });
    expect(report.jobs.filter((j) => j.type === 'webhook_retry')).toHaveLength(0);
    const [delivery] = await s.control.deliveries();
    expect(delivery?.status).toBe('succeeded');
    expect(delivery?.attempts.map((a) => [a.at, a.response_status])).toEqual([
      ['2025-01-15T12:00:00Z', 503],
      ['2025-01-15T12:01:00Z', 408],
      ['2025-01-15T12:03:00Z', 429],
      ['2025-01-15T12:07:00Z', 200],
    ]);
  });

  it('count a refused connection; a 404 ends the delivery without retries and keeps the webhook', async () => {
    const s = await store();
    const gone = await receiver();
    const url = gone.url;
    await gone.close();
    await subscribe(s.api, url, 'customer/created');
    const notFound = await receiver(404);
    const kept = await subscribe(s.api, notFound.url, 'customer/created');
    await createCustomer(s.api);
    await s.control.flushWebhooks();
    const deliveries = await s.control.deliveries();
    expect(deliveries.find((d) => d.url === url)).toMatchObject({
      status: 'retrying',
      attempts: [expect.objectContaining({ response_status: null, error: 'ECONNREFUSED' })],
    });
    expect(deliveries.find((d) => d.url === notFound.url)).toMatchObject({
      status: 'failed',
      attempts: [expect.objectContaining({ response_status: 404, error: 'HTTP 404' })],
    });
    expect((await s.api.get(`/webhooks/${kept.id}`)).status).toBe(200);
  });
});

describe('the delivery log (control API)', () => {
  it('replays a delivery now, once', async () => {
    const s = await watched();
    s.hooks.answers = [500];
    await createCustomer(s.api);
    await s.control.flushWebhooks();
    const [failed] = await s.control.deliveries({ status: 'retrying' });
    const replayed = await s.control.replayDelivery(defined(failed).id);
    expect(replayed.status).toBe('succeeded');
    expect(replayed.attempts.map((a) => a.response_status)).toEqual([500, 200]);
    expect(s.hooks.received).toHaveLength(2);
    expect(s.hooks.received[1]?.raw).toEqual(s.hooks.received[0]?.raw);
    // The retry job finds nothing left to do.
    const report = await s.control.advanceClock({ minutes: 1 });
    expect(report.jobs).toEqual([
      expect.objectContaining({ type: 'webhook_retry', outcome: 'nothing to do' }),
    ]);
    expect(s.hooks.received).toHaveLength(2);
  });

  it('filters by topic, webhook and status, and is emptied on demand', async () => {
    const s = await store();
    const hooks = await receiver();
    const created = await subscribe(s.api, hooks.url, 'customer/created');
    await subscribe(s.api, hooks.url, 'customer/updated');
    const customer = await createCustomer(s.api);
    await s.api.put(`/customers/${customer.id}`, { first_name: 'B' });
    await s.control.flushWebhooks();
    expect((await s.control.deliveries({ topic: 'customer/updated' })).map((d) => d.topic)).toEqual([
      'customer/updated',
    ]);
    expect((await s.control.deliveries({ webhook_id: created.id })).map((d) => d.topic)).toEqual([
      'customer/created',
    ]);
    expect(await s.control.deliveries({ status: 'failed' })).toEqual([]);
    expect((await s.control.deliveries()).map((d) => d.topic)).toEqual([
      'customer/updated',
      'customer/created',
    ]);
    await s.control.clearDeliveries();
    expect(await s.control.deliveries()).toEqual([]);
  });

  it('holds deliveries while paused and sends them in order on resume', async () => {
    const s = await watched();
    await s.control.pauseWebhooks();
    for (const name of ['A', 'B', 'C']) await createCustomer(s.api, { first_name: name });
    await s.control.flushWebhooks();
    expect(s.hooks.received).toHaveLength(0);
    expect((await s.control.deliveries()).map((d) => d.status)).toEqual(['paused', 'paused', 'paused']);
    expect(await s.control.resumeWebhooks()).toBe(3);
    expect(s.hooks.received.map((d) => d.json.customer.first_name)).toEqual(['A', 'B', 'C']);
    await createCustomer(s.api, { first_name: 'D' });
    await s.hooks.waitFor(4);
  });

  it('records what would be sent in outbox mode, and sends nothing', async () => {
    const s = await watched();
    await s.control.updateSettings({ webhooks: { mode: 'outbox' } });
    const customer = await createCustomer(s.api);
    await s.control.flushWebhooks();
    expect(s.hooks.received).toHaveLength(0);
    const [entry] = await s.control.outbox();
    expect(entry).toMatchObject({ topic: 'customer/created', status: 'outbox', attempts: [] });
    expect(entry?.request.body).toBe((await s.api.get(`/customers/${customer.id}`)).text);
    expect(entry?.request.headers['X-Service-Hmac-Sha256']).toBe(
      sha256(s.clientSecret + defined(entry).request.body),
    );
  });

  it('sends each delivery twice when duplicates are on', async () => {
    const s = await watched('customer/created', 200, { webhooks: { duplicates: true } });
    await createCustomer(s.api);
    const [first, second] = await s.hooks.waitFor(2);
    expect(second?.raw).toEqual(first?.raw);
    expect(second?.headers['x-service-hmac-sha256']).toBe(first?.headers['x-service-hmac-sha256']);
    const [copy, original] = await s.control.deliveries();
    expect(copy?.duplicate_of).toBe(original?.id);
  });

  it('refuses bad settings with 422 and keeps the old ones', async () => {
    const s = await store();
    await expect(s.control.updateSettings({ webhooks: { mode: 'carrier-pigeon' } })).rejects.toMatchObject({
      status: 422,
    });
    await expect(s.control.updateSettings({ webhooks: { timeout_ms: 0 } })).rejects.toMatchObject({
      status: 422,
    });
    const info = await s.control.updateSettings({ webhooks: { timeout_ms: 1000 } });
    expect(info.settings.webhooks).toEqual({
      mode: 'deliver',
      paused: false,
      duplicates: false,
      timeout_ms: 1000,
      allow_metadata_addresses: false,
    });
  });
});

describe('POST /webhooks/{id}/test', () => {
  it("sends a sample of the topic's payload, signed", async () => {
    const s = await watched('customer/updated');
    const customer = await createCustomer(s.api);
    const reply = await s.api.post(`/webhooks/${s.webhook.id}/test`, {});
    expect(reply.status).toBe(200);
    const delivery = await s.hooks.first();
    expect(delivery.topic).toBe('customer/updated');
    expect(delivery.raw.toString('utf8')).toBe((await s.api.get(`/customers/${customer.id}`)).text);
    expect(delivery.headers['x-service-hmac-sha256']).toBe(
      sha256(s.clientSecret + delivery.raw.toString('utf8')),
    );
  });
});
