/**
 * The built-in webhook inbox (`/_emulator/inbox/<name>`): a store's deliveries reach it over HTTP,
 * it keeps headers and bodies, checks signatures against the stores' secrets, answers the status it
 * is told (so retries can be exercised), and is read through the control API and its typed client.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEmulator, type InboxEntry } from '../../src/index.js';
import { MAX_ENTRIES, MAX_INBOXES } from '../../src/control/inbox.js';
import { RETRY_DELAYS_MINUTES } from '../../src/webhooks/dispatcher.js';
import { Api, defined } from '../helpers/api.js';
import { useEmulator } from '../helpers/emulator.js';
import { createCustomer } from '../helpers/factories.js';

const { store, emulator } = useEmulator();
const guarded = useEmulator({ adminToken: 'admin-secret' });

let inboxes = 0;
/** An inbox name no other test uses (inboxes belong to the emulator, not to a store). */
const fresh = () => `inbox-test-${++inboxes}`;

const post = (url: string, body: string, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body });

describe('the webhook inbox', () => {
  it("receives a store's deliveries, signed by that store, and answers 200", async () => {
    const s = await store();
    const inbox = s.control.inbox(fresh());
    const url = await inbox.url();
    expect(url).toBe(`${emulator().url}/_emulator/inbox/${inbox.name}`);
    expect((await s.api.post('/webhooks', { address: url, topic: 'customer/created' })).status).toBe(201);
    const customer = await createCustomer(s.api, { first_name: 'Inés' });
    await s.control.flushWebhooks();

    const [entry] = await inbox.requests();
    const received = defined(entry, 'inbox entry');
    expect(received).toMatchObject({
      id: 1,
      topic: 'customer/created',
      answered: 200,
      signature: { valid: true, store_id: s.storeId, store_time: '2025-01-15T12:00:00Z' },
    });
    expect(received.body).toBe((await s.api.get(`/customers/${customer.id}`)).text);
    expect(received.headers['x-service-hmac-sha256']).toBe(
      createHash('sha256')
        .update(s.clientSecret + received.body)
        .digest('hex'),
    );
    expect(received.headers['content-type']).toBe('application/json');
    expect(received.received_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const [delivery] = await s.control.deliveries();
    expect(delivery).toMatchObject({ status: 'succeeded', attempts: [{ response_status: 200 }] });
    expect((await inbox.read()).received).toBe(1);
    expect((await s.control.listInboxes()).find((i) => i.name === inbox.name)).toEqual({
      name: inbox.name,
      url,
      status: 200,
      received: 1,
    });
  });

  it('answers the status it is told, so a delivery fails, is retried and then succeeds', async () => {
    const s = await store();
    const inbox = s.control.inbox(fresh());
    expect(await inbox.answerWith(500)).toMatchObject({ status: 500, received: 0 });
    await s.api.post('/webhooks', { address: await inbox.url(), topic: 'customer/created' });
    await createCustomer(s.api);
    await s.control.flushWebhooks();
    const [failed] = await s.control.deliveries();
    expect(failed).toMatchObject({ status: 'retrying', attempts: [{ response_status: 500 }] });
    expect(failed?.attempts[0]?.response_body).toContain('answers 500');

    await inbox.answerWith(200);
    await s.control.advanceClock({ minutes: RETRY_DELAYS_MINUTES[0] ?? 1 });
    await s.control.flushWebhooks();
    const [retried] = await s.control.deliveries();
    expect(retried?.status).toBe('succeeded');
    expect((await inbox.requests()).map((entry) => entry.answered)).toEqual([200, 500]);
  });

  it('keeps any request, says when its signature is no store\u2019s, and filters by topic', async () => {
    const inbox = emulator().control.inbox(fresh());
    const url = await inbox.url();
    const unsigned = await fetch(url, {
      method: 'POST',
      body: 'plain text',
      headers: { 'X-Service-Topic': 'a/b' },
    });
    expect(unsigned.status).toBe(200);
    expect(await unsigned.json()).toEqual({ received: 1, inbox: inbox.name });
    const forged = await post(url, '{"x":1}', {
      'X-Service-Hmac-Sha256': createHash('sha256').update('not-a-secret{"x":1}').digest('hex'),
      'X-Service-Topic': 'charge/paid',
    });
    expect(forged.status).toBe(200);
    const entries = await inbox.requests();
    expect(
      entries.map((e: InboxEntry) => [e.body, e.topic, e.signature.valid, e.signature.store_id]),
    ).toEqual([
      ['{"x":1}', 'charge/paid', false, null],
      ['plain text', 'a/b', false, null],
    ]);
    expect((await inbox.requests({ topic: 'charge/paid' })).map((e) => e.id)).toEqual([2]);
    expect((await inbox.requests({ limit: 1 })).map((e) => e.id)).toEqual([2]);
    await inbox.clear();
    expect(await inbox.read()).toMatchObject({ received: 0, status: 200, entries: [] });
  });

  it(`keeps the newest ${MAX_ENTRIES} requests and counts them all`, async () => {
    const inbox = emulator().control.inbox(fresh());
    const url = await inbox.url();
    for (let i = 1; i <= MAX_ENTRIES + 5; i++) expect((await post(url, `{"n":${i}}`)).status).toBe(200);
    const view = await inbox.read();
    expect(view.received).toBe(MAX_ENTRIES + 5);
    expect(view.entries).toHaveLength(MAX_ENTRIES);
    expect(view.entries[0]?.body).toBe(`{"n":${MAX_ENTRIES + 5}}`);
    expect(view.entries.at(-1)?.body).toBe('{"n":6}');
    await inbox.clear();
  });

  it('refuses bad names, statuses and bodies with the documented errors, and one inbox too many', async () => {
    const base = `${emulator().url}/_emulator/inbox`;
    expect((await post(`${base}/..bad`, '{}')).status).toBe(404);
    expect((await fetch(`${base}/${'x'.repeat(101)}`)).status).toBe(404);
    const put = (name: string, body: unknown) =>
      fetch(`${base}/${name}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const refused = await put('statuses', { status: 99 });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ errors: { status: [expect.any(String)] } });
    expect((await put('statuses', { status: 503, extra: 1 })).status).toBe(422);
    expect((await fetch(`${base}/statuses?limit=0`)).status).toBe(422);
    expect((await post(`${base}/large`, `"${'x'.repeat(1024 * 1024 + 10)}"`)).status).toBe(413);
    expect((await fetch(`${base}/statuses`, { method: 'DELETE' })).status).toBe(204);
    expect((await fetch(`${base}/large`, { method: 'DELETE' })).status).toBe(204);

    // An emulator of its own: its inbox limit is not shared with the other tests'.
    const own = await createEmulator({ port: 0, logger: 'silent' });
    try {
      for (let i = 0; i < MAX_INBOXES; i++)
        expect((await post(`${own.url}/_emulator/inbox/box-${i}`, '{}')).status).toBe(200);
      const tooMany = await post(`${own.url}/_emulator/inbox/one-more`, '{}');
      expect(tooMany.status).toBe(429);
      expect(await tooMany.json()).toEqual({
        error: `This emulator keeps at most ${MAX_INBOXES} inboxes; delete one (DELETE /_emulator/inbox/{name}) first.`,
      });
      await own.control.inbox('box-0').clear();
      expect((await post(`${own.url}/_emulator/inbox/one-more`, '{}')).status).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('takes deliveries without the admin token; reading it needs the token', async () => {
    const url = `${guarded.emulator().url}/_emulator/inbox/guarded`;
    expect((await post(url, '{}')).status).toBe(200);
    expect((await fetch(url)).status).toBe(401);
    const [entry] = await guarded.emulator().control.inbox('guarded').requests();
    expect(entry?.body).toBe('{}');
  });

  it("is usable as another emulator's --webhook-url (every topic of its default store)", async () => {
    const url = await emulator().control.inbox(fresh()).url();
    const name = url.split('/').at(-1) ?? '';
    const sender = await createEmulator({ port: 0, logger: 'silent', webhookUrl: url });
    try {
      await createCustomer(new Api(sender.url, sender.token, '2021-11'));
      await sender.control.flushWebhooks();
      const entries = await emulator().control.inbox(name).requests();
      expect(entries.map((e) => e.topic)).toContain('customer/created');
      // Signed by the other emulator's store: not one of this emulator's stores.
      expect(entries.every((e) => !e.signature.valid)).toBe(true);
    } finally {
      await sender.close();
    }
  });

  it('docs/dashboard.md prints test/examples/webhook-inbox.test.ts as it runs', () => {
    const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
    const example = read('../examples/webhook-inbox.test.ts');
    const code = example
      .slice(example.search(/^import /m))
      .replace("'../../src/index.js'", "'billing-emulator'");
    const guide = read('../../docs/dashboard.md');
    expect([...guide.matchAll(/```ts\n([\s\S]*?)```/g)].map((match) => match[1])).toContain(code);
  });
});
