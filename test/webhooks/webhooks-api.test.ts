/** The webhooks endpoints: CRUD, topic and included-object validation, scopes; `--webhook-url`. */
import { afterEach, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/index.js';
import { TOPICS } from '../../src/domain/events/topics.js';
import { Api, type Json } from '../helpers/api.js';
import { startCli } from '../helpers/cli.js';
import { useEmulator } from '../helpers/emulator.js';
import { createCustomer } from '../helpers/factories.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

const { store } = useEmulator();
const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

const HOOK = 'https://hooks.example.com/billing';

describe('webhooks (2021-11)', () => {
  it('creates, reads, lists, updates and deletes a webhook', async () => {
    const { api } = await store();
    const created = await api.post('/webhooks', {
      address: HOOK,
      topic: 'subscription/created',
      included_objects: ['customer', 'metafields'],
    });
    expect(created.status).toBe(201);
    const webhook = created.body.webhook;
    expect(webhook).toEqual({
      id: expect.any(Number),
      address: HOOK,
      topic: 'subscription/created',
      included_objects: ['customer', 'metafields'],
      created_at: '2025-01-15T12:00:00+00:00',
      updated_at: '2025-01-15T12:00:00+00:00',
    });
    expect((await api.get(`/webhooks/${webhook.id}`)).body.webhook).toEqual(webhook);
    await api.post('/webhooks', { address: HOOK, topic: 'charge/paid' });
    const listed = await api.get('/webhooks', { query: { topic: 'charge/paid' } });
    expect(listed.body.webhooks.map((w: Json) => w.topic)).toEqual(['charge/paid']);
    const updated = await api.put(`/webhooks/${webhook.id}`, { address: `${HOOK}/v2`, included_objects: [] });
    expect(updated.body.webhook).toMatchObject({ address: `${HOOK}/v2`, included_objects: [] });
    expect((await api.delete(`/webhooks/${webhook.id}`)).status).toBe(204);
    expect((await api.get(`/webhooks/${webhook.id}`)).status).toBe(404);
  });

  it('refuses an unknown topic, an included object the topic does not take, and a bad URL (422)', async () => {
    const { api } = await store();
    const unknown = await api.post('/webhooks', { address: HOOK, topic: 'subscription/exploded' });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual({ errors: { topic: ['Not a webhook topic: subscription/exploded.'] } });
    const included = await api.post('/webhooks', {
      address: HOOK,
      topic: 'order/created',
      included_objects: ['addresses'],
    });
    expect(included.status).toBe(422);
    expect(included.body.errors.included_objects[0]).toContain('allowed: customer, metafields');
    const none = await api.post('/webhooks', {
      address: HOOK,
      topic: 'plan/created',
      included_objects: ['customer'],
    });
    expect(none.body).toEqual({ errors: { included_objects: ['plan/created takes no included objects.'] } });
    expect((await api.post('/webhooks', { address: 'not a url', topic: 'plan/created' })).status).toBe(422);
    expect((await api.post('/webhooks', { address: 'ftp://x.example', topic: 'plan/created' })).status).toBe(
      422,
    );
    expect((await api.post('/webhooks', { topic: 'plan/created' })).status).toBe(422);
  });

  it("needs the topic's read scope to subscribe (403)", async () => {
    const s = await store();
    const limited = await s.control.createToken({ name: 'orders only', scopes: ['read_orders'] });
    const api = s.api.with({ token: limited.token });
    expect((await api.post('/webhooks', { address: HOOK, topic: 'charge/paid' })).status).toBe(201);
    const refused = await api.post('/webhooks', { address: HOOK, topic: 'customer/created' });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toContain('read_customers');
    expect((await api.post('/webhooks', { address: HOOK, topic: 'gift_purchase/created' })).status).toBe(403);
    expect((await api.post('/webhooks', { address: HOOK, topic: 'store/updated' })).status).toBe(403);
  });

  it('speaks 2021-01 too (200 on create)', async () => {
    const { api } = await store({ version: '2021-01' });
    const created = await api.post('/webhooks', { address: HOOK, topic: 'customer/created' });
    expect(created.status).toBe(200);
    expect(created.body.webhook.created_at).toBe('2025-01-15T12:00:00');
  });
});

describe('a default receiver at start', () => {
  it('createEmulator({ webhookUrl }) subscribes the default store to every topic', async () => {
    const hooks = await startReceiver();
    receivers.push(hooks);
    const emulator = await createEmulator({ port: 0, logger: 'silent', webhookUrl: hooks.url });
    try {
      const api = new Api(emulator.url, emulator.token);
      const listed = await api.get('/webhooks', { query: { limit: 250 } });
      expect(listed.body.webhooks.map((w: Json) => w.topic).sort()).toEqual(Object.keys(TOPICS).sort());
      const customer = await createCustomer(api);
      const delivery = await hooks.first();
      expect(delivery).toMatchObject({ topic: 'customer/created', json: { customer: { id: customer.id } } });
    } finally {
      await emulator.close();
    }
  });

  it('billing-emulator start --webhook-url does the same', async () => {
    const hooks = await startReceiver();
    receivers.push(hooks);
    const cli = await startCli(['--webhook-url', hooks.url]);
    try {
      const api = new Api(cli.url, cli.token);
      expect((await api.get('/webhooks', { query: { limit: 250 } })).body.webhooks).toHaveLength(
        Object.keys(TOPICS).length,
      );
      await createCustomer(api);
      const delivery = await hooks.first();
      expect(delivery?.headers['x-service-hmac-sha256']).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await cli.stop();
    }
  });

  it('refuses a malformed --webhook-url', async () => {
    await expect(startCli(['--webhook-url', 'nope'])).rejects.toThrow(/webhook/i);
  });

  it('lists them through the control API with the API version their payloads are rendered in', async () => {
    const s = await store({ version: '2021-01' });
    await s.api.post('/webhooks', { address: HOOK, topic: 'customer/created' });
    await s.api.post('/webhooks', { address: HOOK, topic: 'charge/paid' }, { version: '2021-11' });
    expect(await s.control.webhooks()).toEqual([
      expect.objectContaining({ address: HOOK, topic: 'customer/created', api_version: '2021-01' }),
      expect.objectContaining({
        address: HOOK,
        topic: 'charge/paid',
        api_version: '2021-11',
        included_objects: [],
      }),
    ]);
  });
});
