/**
 * POST /webhooks/{id}/test sends a signed sample of the webhook's topic even when the store has no
 * record of that kind yet (api-facts: real clients and recorded responses): a synthetic record,
 * serialized in the webhook's version like a real payload and marked as such in the delivery log.
 */
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Json } from '../helpers/api.js';
import { useEmulator } from '../helpers/emulator.js';
import { createCustomer } from '../helpers/factories.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

const { store } = useEmulator();
const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const TOPICS = [
  ['customer/created', 'customer'],
  ['address/created', 'address'],
  ['subscription/created', 'subscription'],
  ['onetime/created', 'onetime'],
  ['charge/created', 'charge'],
  ['order/created', 'order'],
  ['plan/created', 'plan'],
  ['async_batch/processed', 'async_batch'],
  ['checkout/created', 'checkout'],
  ['bundle_selection/created', 'bundle_selection'],
  ['gift_purchase/created', 'gift_purchase'],
] as const;

describe('POST /webhooks/{id}/test on a store without records of the kind', () => {
  it('delivers a signed synthetic customer, serialized like a real one, and logs it as synthetic', async () => {
    const s = await store();
    const hooks = await startReceiver();
    receivers.push(hooks);
    const webhook = (await s.api.post('/webhooks', { address: hooks.url, topic: 'customer/created' })).body
      .webhook;
    const reply = await s.api.post(`/webhooks/${webhook.id}/test`, {});
    expect(reply.status).toBe(200);
    const delivery = await hooks.first();
    const raw = delivery.raw.toString('utf8');
    expect(delivery.headers['x-service-hmac-sha256']).toBe(sha256(s.clientSecret + raw));
    expect(delivery.topic).toBe('customer/created');
    const [logged] = await s.control.deliveries({ webhook_id: webhook.id });
    expect(logged).toMatchObject({ synthetic: true, status: 'succeeded', event_id: null });
    expect(logged?.request.body).toBe(raw);
    // The store itself got no customer; the sample has the fields of a real one.
    expect((await s.api.get('/customers')).body.customers).toEqual([]);
    const real = await createCustomer(s.api);
    expect(Object.keys(delivery.json.customer).sort()).toEqual(Object.keys(real).sort());
    await hooks.waitFor(2);
    // Once the store has a customer, the test delivery sends it, not a synthetic one.
    await s.api.post(`/webhooks/${webhook.id}/test`, {});
    const third = (await hooks.waitFor(3))[2];
    expect(third?.json.customer.id).toBe(real.id);
    expect((await s.control.deliveries({ webhook_id: webhook.id }))[0]?.synthetic).toBe(false);
  });

  it.each(TOPICS)('samples %s in 2021-11', async (topic, key) => {
    const s = await store({ settings: { webhooks: { mode: 'outbox' } } });
    const webhook = (await s.api.post('/webhooks', { address: 'http://127.0.0.1:9/hook', topic })).body
      .webhook;
    const reply = await s.api.post(`/webhooks/${webhook.id}/test`, {});
    expect(reply.status, reply.text).toBe(200);
    const [sent] = await s.control.outbox();
    expect(sent).toMatchObject({ topic, synthetic: true });
    const payload = JSON.parse(sent?.request.body ?? '{}') as Json;
    expect(Object.keys(payload)).toEqual([key]);
    // Checkouts are named by token, every other record by id.
    const name = key === 'checkout' ? { token: expect.any(String) } : { id: expect.any(Number) };
    expect(payload[key]).toEqual(expect.objectContaining(name));
    expect(sent?.request.headers['X-Service-Hmac-Sha256']).toBe(
      sha256(s.clientSecret + (sent?.request.body ?? '')),
    );
  });

  it('serializes the sample in the 2021-01 version of a 2021-01 webhook', async () => {
    const s = await store({ version: '2021-01', settings: { webhooks: { mode: 'outbox' } } });
    for (const topic of ['order/created', 'subscription/created', 'charge/created']) {
      const webhook = (await s.api.post('/webhooks', { address: 'http://127.0.0.1:9/hook', topic })).body
        .webhook;
      expect((await s.api.post(`/webhooks/${webhook.id}/test`, {})).status).toBe(200);
    }
    const sent = (await s.control.outbox()).map((d) => JSON.parse(d.request.body) as Json);
    const byKey = Object.assign({}, ...sent) as Json;
    expect(byKey.order.status).toBe('SUCCESS');
    expect(byKey.order.platform_order_id).toBeDefined();
    expect(byKey.subscription.status).toBe('ACTIVE');
    expect(typeof byKey.subscription.order_interval_frequency).toBe('string');
    expect(byKey.charge.status).toBe('QUEUED');
  });

  it('gives the sample ids no record of the store has', async () => {
    const s = await store({ settings: { webhooks: { mode: 'outbox' } } });
    const customer = await createCustomer(s.api);
    const webhook = (
      await s.api.post('/webhooks', { address: 'http://127.0.0.1:9/hook', topic: 'order/created' })
    ).body.webhook;
    expect((await s.api.post(`/webhooks/${webhook.id}/test`, {})).status).toBe(200);
    const [sent] = await s.control.outbox();
    const sample = (JSON.parse(sent?.request.body ?? '{}') as Json).order;
    expect(sample.customer.id).not.toBe(customer.id);
    expect((await s.api.get(`/customers/${sample.customer.id}`)).status).toBe(404);
    expect((await s.api.get('/orders')).body.orders).toEqual([]);
  });

  it('answers 422 when the store cannot have such a record (checkouts on platform B)', async () => {
    const s = await store({ settings: { platform: 'platform_b_native' } });
    const webhook = (
      await s.api.post('/webhooks', { address: 'http://127.0.0.1:9/hook', topic: 'checkout/created' })
    ).body.webhook;
    const reply = await s.api.post(`/webhooks/${webhook.id}/test`, {});
    expect(reply.status).toBe(422);
    expect(reply.body.errors.topic[0]).toContain('No sample checkout can be made for this store');
  });
});
