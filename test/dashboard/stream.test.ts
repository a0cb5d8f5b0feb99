/**
 * `GET /_emulator/stream` over HTTP: a store's events, webhook deliveries and clock moves arrive as
 * server-sent events. No sleeps: the test opens the stream, acts (API call, clock advance), then
 * reads until the messages it expects arrive, bounded by `limit` and a read deadline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/index.js';
import { useEmulator } from '../helpers/emulator.js';
import { addCard, createCustomerWithAddress, createSubscription } from '../helpers/factories.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

const { emulator, store } = useEmulator();

interface Message {
  readonly event: string;
  readonly data: Record<string, unknown>;
}

/** Opens the stream and answers a reader of its messages (parsed from the SSE text). */
async function openStream(query: string, headers: Record<string, string>) {
  const response = await fetch(`${emulator().url}/_emulator/stream?${query}`, {
    headers,
    signal: AbortSignal.timeout(60_000),
  });
  const body = response.body;
  if (!body) throw new Error('no body');
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const messages: Message[] = [];
  /** Reads until `done(messages)` holds or the stream ends; answers every message read. */
  async function until(done: (read: readonly Message[]) => boolean): Promise<Message[]> {
    while (!done(messages)) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      buffer += value;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.+)$/m.exec(block)?.[1];
        const data = /^data: (.+)$/m.exec(block)?.[1];
        if (event && data) messages.push({ event, data: JSON.parse(data) as Record<string, unknown> });
      }
    }
    return messages;
  }
  return { response, until, cancel: () => reader.cancel() };
}

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver(200);
});
afterAll(() => receiver.close());

describe('GET /_emulator/stream', () => {
  it('streams events, deliveries and the clock move of an advance that pays a charge', async () => {
    const s = await store();
    const { customerId, addressId } = await createCustomerWithAddress(s.api);
    await addCard(s.api, customerId);
    await createSubscription(s.api, addressId);
    expect((await s.api.post('/webhooks', { address: receiver.url, topic: 'charge/paid' })).status).toBe(201);
    const stream = await openStream('limit=200', { 'X-Service-Access-Token': s.token });
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toMatch(/^text\/event-stream/);

    const report = await s.control.advanceClock({ days: 20 });
    const read = await stream.until((m) => m.some((x) => x.event === 'clock'));
    const paid = read.find((m) => m.event === 'event' && m.data.topic === 'charge/paid');
    expect(paid?.data).toMatchObject({ topic: 'charge/paid', object_type: 'charge' });
    const delivery = read.filter((m) => m.event === 'delivery' && m.data.topic === 'charge/paid');
    expect(delivery.map((m) => m.data.status)).toContain('succeeded');
    const clock = read.find((m) => m.event === 'clock');
    expect(clock?.data).toMatchObject({
      now: report.now,
      jobs: report.jobs.length,
      events: report.events.length,
    });
    // Every event the advance reported came through, in order, before its clock message.
    const topics = read.slice(0, read.indexOf(clock as Message)).filter((m) => m.event === 'event');
    expect(topics.map((m) => m.data.topic)).toEqual(report.events);
    await stream.cancel();
  });

  it('filters by kind and topic and ends after limit messages', async () => {
    const s = await store();
    const stream = await openStream('kinds=event&topic=customer/created&limit=2', {
      'X-Service-Access-Token': s.token,
    });
    await createCustomerWithAddress(s.api);
    await createCustomerWithAddress(s.api);
    const read = await stream.until(() => false); // until the server ends it
    expect(read.map((m) => [m.event, m.data.topic])).toEqual([
      ['event', 'customer/created'],
      ['event', 'customer/created'],
    ]);
  });

  it('answers 400 for an unknown kind, with the error body', async () => {
    const s = await store();
    const reply = await s.api.get('/_emulator/stream', { query: { kinds: 'event,nope' } });
    expect(reply.status).toBe(422);
    expect(reply.body).toHaveProperty('errors');
  });

  it('only streams the store of the token sent', async () => {
    const a = await store();
    const b = await store();
    const stream = await openStream('kinds=event&limit=1', { 'X-Service-Access-Token': a.token });
    await createCustomerWithAddress(b.api);
    const { customerId } = await createCustomerWithAddress(a.api);
    const read = await stream.until(() => false);
    expect(read).toHaveLength(1);
    expect(read[0]?.data).toMatchObject({ topic: 'customer/created', object_id: customerId });
  });
});

describe('GET /_emulator/stream with an admin token', () => {
  const guarded = useEmulator({ adminToken: 'admin-secret' });

  it('needs the admin token, then streams', async () => {
    const url = `${guarded.emulator().url}/_emulator/stream?limit=1&kinds=clock`;
    expect((await fetch(url)).status).toBe(401);
    const response = await fetch(url, { headers: { Authorization: 'Bearer admin-secret' } });
    expect(response.status).toBe(200);
    await guarded.emulator().control.advanceClock({ hours: 1 });
    const text = await response.text();
    expect(text).toMatch(/^event: clock$/m);
  });
});

describe('control routes the dashboard needs', () => {
  it('issues a token for a store named by id, which then reads that store', async () => {
    const s = await store();
    const reply = await s.api.post(`/_emulator/stores/${s.storeId}/tokens`, {
      name: 'Dashboard',
      scopes: ['read_customers'],
    });
    expect(reply.status).toBe(201);
    const token: string = reply.body.token.token;
    const customers = await s.api.get('/customers', { token });
    expect(customers.status).toBe(200);
    expect((await s.api.post('/_emulator/stores/999/tokens', { name: 'x', scopes: [] })).status).toBe(404);
  });

  it('lists scheduled jobs with what each will do, limited', async () => {
    const s = await store();
    const { customerId, addressId } = await createCustomerWithAddress(s.api);
    await addCard(s.api, customerId);
    await createSubscription(s.api, addressId);
    const jobs = await s.control.scheduledJobs(1);
    expect(jobs.total).toBeGreaterThan(1);
    expect(jobs.jobs).toHaveLength(1);
    expect(jobs.jobs[0]).toMatchObject({
      type: 'charge_upcoming',
      does: expect.stringMatching(/charge\/upcoming/),
    });
  });

  it('says what a charge attempt will do: take payment, or retry it in dunning', async () => {
    const s = await store();
    const { customerId, addressId } = await createCustomerWithAddress(s.api);
    await addCard(s.api, customerId, 'tok_declined');
    await createSubscription(s.api, addressId);
    const [queued] = (await s.control.scheduledJobs()).jobs.filter((job) => job.type === 'charge_attempt');
    expect(queued?.does).toMatch(/^Takes payment of 20\.00 USD \(charge \d+\)$/);
    await s.control.advanceClock({ to: '2025-02-01T00:00:00Z' });
    const jobs = await s.control.scheduledJobs();
    const retry = jobs.jobs.find((job) => job.type === 'charge_attempt' && job.subject === queued?.subject);
    expect(retry).toMatchObject({ due_at: '2025-02-02T00:00:00Z' });
    expect(retry?.does).toMatch(/^Retries payment of 20\.00 USD \(charge \d+, try 2, after CARD_DECLINED\)$/);
    const bySubject = await s.api.get('/_emulator/clock/jobs', { query: { subject: queued?.subject ?? '' } });
    expect(bySubject.body.jobs.map((job: { subject: string }) => job.subject)).toEqual(
      bySubject.body.jobs.map(() => queued?.subject),
    );
    expect(bySubject.body.jobs.length).toBeGreaterThan(0);
  });

  it('runs a built-in scenario against a new store and reports each step', async () => {
    const s = await store();
    const reply = await s.api.post('/_emulator/scenarios/run', { name: 'fail-then-ok' });
    expect(reply.status).toBe(201);
    expect(reply.body.report.passed).toBe(true);
    expect(reply.body.report.steps.length).toBeGreaterThan(0);
    const other = await s.api.get('/customers', { token: reply.body.token });
    expect(other.body.customers.length).toBeGreaterThan(0);
  });

  it('runs an uploaded scenario and reports the failing check; refuses fixture files', async () => {
    const s = await store();
    const text = [
      'description: One failing check',
      'timeline:',
      '  - api: GET /customers',
      '    expect: { body: { customers: { $length: 3 } } }',
    ].join('\n');
    const reply = await s.api.post('/_emulator/scenarios/run', { text, file_name: 'mine.yaml' });
    expect(reply.status).toBe(201);
    expect(reply.body.report.passed).toBe(false);
    expect(reply.body.report.steps[0].checks.map((c: { passed: boolean }) => c.passed)).toContain(false);
    const disk = await s.api.post('/_emulator/scenarios/run', {
      text: 'description: x\nfixture: { file: /etc/passwd }\n',
    });
    expect(disk.status).toBe(422);
    expect(JSON.stringify(disk.body)).toMatch(/cannot name a fixture file/);
  });

  // Regression: a dashboard left open held emulator.close() until its 500 ms fallback cut the connection.
  it("ends open streams when the emulator closes: the client reads the stream's end, not a cut connection", async () => {
    const own = await createEmulator({ port: 0, logger: 'silent' });
    const response = await fetch(`${own.url}/_emulator/stream`, {
      headers: { 'X-Service-Access-Token': own.token },
      signal: AbortSignal.timeout(60_000),
    });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toMatch(/^: store /);
    const closed = own.close();
    let ended = false;
    while (!ended) ended = (await reader.read()).done; // a cut connection would throw here
    await closed;
    expect(ended).toBe(true);
  });
});
