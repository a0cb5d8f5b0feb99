/**
 * Webhook deliveries never reach a link-local or cloud metadata address unless a setting allows
 * it: refused by the address's host (a literal or a metadata service's name) and by what a name
 * resolves to, before anything is sent, with the reason in the delivery log. Names are resolved
 * by a fake resolver here: no test sends anything to 169.254.x.x (a refusal happens before any
 * connection, which is what is tested). Loopback stays allowed.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/index.js';
import { Api } from '../helpers/api.js';
import { useEmulator } from '../helpers/emulator.js';
import { createCustomer } from '../helpers/factories.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

/** The fake resolver: these names and what they resolve to. */
const NAMES: Record<string, string[]> = {
  'hooks.rebound.test': ['127.0.0.1', '169.254.169.254'],
  'hooks.ec2v6.test': ['fd00:ec2::254'],
  // The metadata service's name pointing at the local receiver: allowed only by the setting.
  'metadata.google.internal': ['127.0.0.1'],
  'receiver.test': ['127.0.0.1'],
};
const looked: string[] = [];
const lookup: LookupFunction = (hostname, options, callback) => {
  looked.push(hostname);
  const addresses = (NAMES[hostname] ?? []).map((address) => ({
    address,
    family: address.includes(':') ? 6 : 4,
  }));
  const done = callback as unknown as (error: Error | null, found: unknown, family?: number) => void;
  if (addresses.length === 0)
    done(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
  else if (options.all) done(null, addresses);
  else done(null, addresses[0]?.address, addresses[0]?.family);
};

const { store } = useEmulator({ outboundLookup: lookup });
const receivers: Receiver[] = [];
afterEach(async () => {
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});

async function deliveredTo(address: string, settings: Record<string, unknown> = {}) {
  const s = await store({ settings });
  const created = await s.api.post('/webhooks', { address, topic: 'customer/created' });
  // Accepted as the service accepts it; the refusal comes with the delivery.
  expect(created.status).toBe(201);
  await createCustomer(s.api);
  await s.control.flushWebhooks();
  const [delivery] = await s.control.deliveries();
  return { s, delivery, webhookId: created.body.webhook.id as number };
}

describe('webhooks to metadata addresses', () => {
  it.each([
    ['http://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local or cloud metadata address'],
    ['http://[fd00:ec2::254]/', 'fd00:ec2::254 is a link-local or cloud metadata address'],
    ['http://[::ffff:a9fe:a9fe]/', '::ffff:a9fe:a9fe is a link-local or cloud metadata address'],
    ['http://[fe80::1]:8080/', 'fe80::1 is a link-local or cloud metadata address'],
    ['http://100.100.100.200/', '100.100.100.200 is a link-local or cloud metadata address'],
    ['http://169.254.170.2/v2/credentials', '169.254.170.2 is a link-local or cloud metadata address'],
    ['http://2852039166/', '169.254.169.254 is a link-local or cloud metadata address'],
    [
      'http://Metadata.Google.Internal./computeMetadata/v1/',
      'metadata.google.internal is the name of a cloud metadata service',
    ],
    ['http://instance-data/latest/', 'instance-data is the name of a cloud metadata service'],
    ['http://hooks.rebound.test/', 'hooks.rebound.test resolves to 169.254.169.254'],
    ['http://hooks.ec2v6.test/', 'hooks.ec2v6.test resolves to fd00:ec2::254'],
  ])('refuses %s before sending, with the reason, and keeps the webhook', async (address, reason) => {
    const { s, delivery, webhookId } = await deliveredTo(address);
    expect(delivery).toMatchObject({ status: 'failed' });
    expect(delivery?.attempts).toHaveLength(1);
    expect(delivery?.attempts[0]).toMatchObject({ response_status: null, response_body: null });
    expect(delivery?.attempts[0]?.error).toContain(`refused: ${reason}`);
    expect(delivery?.attempts[0]?.error).toContain('webhooks.allow_metadata_addresses');
    // Not retried (it would be refused again), and the webhook stays.
    const advanced = await s.control.advanceClock({ days: 3 });
    expect(advanced.jobs.filter((job) => job.type === 'webhook_retry')).toEqual([]);
    expect((await s.control.deliveries())[0]?.attempts).toHaveLength(1);
    expect((await s.api.get(`/webhooks/${webhookId}`)).status).toBe(200);
  });

  it('delivers to a metadata name with the store setting, and to loopback names without it', async () => {
    const hooks = await startReceiver(200);
    receivers.push(hooks);
    const port = new URL(hooks.url).port;
    const refused = await deliveredTo(`http://metadata.google.internal:${port}/hooks`);
    expect(refused.delivery?.status).toBe('failed');
    expect(hooks.received).toHaveLength(0);

    const allowed = await deliveredTo(`http://metadata.google.internal:${port}/hooks`, {
      webhooks: { allow_metadata_addresses: true },
    });
    expect(allowed.delivery?.status).toBe('succeeded');
    const loopback = await deliveredTo(`http://receiver.test:${port}/hooks`);
    expect(loopback.delivery?.status).toBe('succeeded');
    expect(hooks.received).toHaveLength(2);
    expect(looked).toContain('receiver.test');
  });

  it('delivers to a metadata name in every store with allowMetadataAddresses (--allow-metadata-addresses)', async () => {
    const hooks = await startReceiver(200);
    receivers.push(hooks);
    const allowing = await createEmulator({
      port: 0,
      logger: 'silent',
      allowMetadataAddresses: true,
      outboundLookup: lookup,
    });
    try {
      const api = new Api(allowing.url, allowing.token);
      const address = `http://metadata.google.internal:${new URL(hooks.url).port}/hooks`;
      expect((await api.post('/webhooks', { address, topic: 'customer/created' })).status).toBe(201);
      await createCustomer(api);
      await allowing.control.flushWebhooks();
      const [delivery] = await allowing.control.deliveries();
      expect(delivery?.status).toBe('succeeded');
      expect(hooks.received).toHaveLength(1);
    } finally {
      await allowing.close();
    }
  });

  it('the setting is refused when it is not a boolean', async () => {
    const s = await store();
    await expect(
      s.control.updateSettings({ webhooks: { allow_metadata_addresses: 'yes' } }),
    ).rejects.toMatchObject({ status: 422 });
  });
});

describe('the delivery log keeps a short text excerpt of an answer', () => {
  let server: Server;
  let url: string;
  const answers: { type: string; body: Buffer }[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        const answer = answers.shift() ?? { type: 'text/plain', body: Buffer.from('ok') };
        response.writeHead(200, { 'Content-Type': answer.type }).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('512 characters of text, control characters escaped; a binary answer as its type and size', async () => {
    const long = `{"note":"\u001b]0;pwned\u0007 \r${'x'.repeat(2000)}"}`;
    answers.push({ type: 'application/json', body: Buffer.from(long) });
    const text = await deliveredTo(url);
    const excerpt = String(text.delivery?.attempts[0]?.response_body);
    expect(excerpt.startsWith('{"note":"\\x1b]0;pwned\\x07 \\r')).toBe(true);
    for (const control of ['\u001b', '\u0007', '\r']) expect(excerpt).not.toContain(control);
    expect(excerpt).toMatch(new RegExp(`… \\[${Buffer.byteLength(long)} bytes in all\\]$`));
    expect(excerpt.length).toBeLessThan(600);

    answers.push({ type: 'image/png', body: Buffer.alloc(3000, 7) });
    const binary = await deliveredTo(url);
    expect(binary.delivery?.attempts[0]?.response_body).toBe('[binary answer: image/png, 3000 bytes]');
  });
});
