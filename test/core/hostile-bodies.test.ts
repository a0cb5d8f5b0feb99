/**
 * Bodies a hostile client sends never break the emulator or what it stored (issue 14): JSON nested
 * deeper than the documented limit and bytes that are not UTF-8 get the 415 of the spec before
 * anything is stored or journaled, on the API and on the control API alike.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/index.js';
import { MAX_BODY_DEPTH } from '../../src/http/body.js';
import { SNAPSHOT_BODY_DEPTH } from '../../src/control/snapshots.routes.js';
import { nestedDeeperThan } from '../../src/platform/json-depth.js';
import { Api, type Json } from '../helpers/api.js';
import { useEmulator } from '../helpers/emulator.js';
import { charge, open, PAY, shop } from '../helpers/checkouts.js';
import { createCustomer, customerBody2021_11 } from '../helpers/factories.js';

const { store } = useEmulator();

/** A JSON value nested `levels` deep: `[[[...1...]]]`. */
function nested(levels: number): string {
  return `${'['.repeat(levels)}1${']'.repeat(levels)}`;
}

const TOO_DEEP = {
  error: `The request body must be a JSON object nested at most ${MAX_BODY_DEPTH} levels deep.`,
};
const NOT_UTF8 = { error: 'The request body must be a JSON object encoded in UTF-8.' };

async function createBatch(api: Api): Promise<number> {
  const reply = await api.post('/async_batches', { batch_type: 'discount_create' });
  expect(reply.status).toBe(201);
  return reply.body.async_batch.id;
}

/** Sends raw bytes as a JSON body (fetch would re-encode a string as UTF-8). */
async function sendBytes(api: Api, method: string, path: string, bytes: Buffer, headers = {}) {
  const response = await fetch(new URL(path, api.baseUrl), {
    method,
    headers: { 'X-Service-Access-Token': api.token, 'Content-Type': 'application/json', ...headers },
    body: bytes,
  });
  return { status: response.status, body: (await response.json()) as Json };
}

describe('a deeply nested JSON body stopped persistence for good', () => {
  it('refuses a 20,000-level async-batch task body with 415; nothing stored or journaled, later writes reach the data file', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'billing-emulator-')), 'store.json');
    const first = await createEmulator({ port: 0, logger: 'silent', data: file, flushIntervalMs: 10 });
    const api = new Api(first.url, first.token, '2021-11');
    let customerId: number;
    try {
      const batchId = await createBatch(api);
      const raw = `{"tasks":[{"body":${nested(20_000)}}]}`;
      expect(raw.length).toBeGreaterThan(40_000);
      const refused = await api.post(`/async_batches/${batchId}/tasks`, undefined, { raw });
      expect(refused.status).toBe(415);
      expect(refused.body).toEqual(TOO_DEEP);

      const tasks = await api.get(`/async_batches/${batchId}/tasks`);
      expect(tasks.status).toBe(200);
      expect(tasks.body.async_batch_tasks).toEqual([]);
      const journal = await first.control.requests({ method: 'POST', status: 415 });
      expect(journal).toHaveLength(1);
      expect(journal[0]).toMatchObject({ status: 415, body: null, response_body: TOO_DEEP });

      customerId = (await createCustomer(api)).id;
    } finally {
      await first.close();
    }
    // Restarted from the data file: the customer acknowledged after the refused body is there.
    const second = await createEmulator({ port: 0, logger: 'silent', data: file });
    try {
      const again = new Api(second.url, second.token, '2021-11');
      expect((await again.get(`/customers/${customerId}`)).status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it(`takes a body nested ${MAX_BODY_DEPTH} levels and refuses one nested ${MAX_BODY_DEPTH + 1}`, async () => {
    const { api } = await store();
    const batchId = await createBatch(api);
    // The body is level 1, tasks 2, a task 3, its body 4: the task body may nest 60 more.
    const fits = `{"tasks":[{"body":{"code":"DEEP","value":${nested(MAX_BODY_DEPTH - 4)}}}]}`;
    const added = await api.post(`/async_batches/${batchId}/tasks`, undefined, { raw: fits });
    expect(added.status).toBe(201);
    const deeper = `{"tasks":[{"body":{"code":"DEEP","value":${nested(MAX_BODY_DEPTH - 3)}}}]}`;
    const refused = await api.post(`/async_batches/${batchId}/tasks`, undefined, { raw: deeper });
    expect(refused.status).toBe(415);
    // Brackets inside strings are text, not nesting, even after an escaped quote.
    for (const name of ['['.repeat(200), `"${'{'.repeat(100)}`, `\\"${'['.repeat(100)}`]) {
      const text = await api.post('/customers', customerBody2021_11({ first_name: name }));
      expect(text.status, name.slice(0, 5)).toBe(201);
      expect(text.body.customer.first_name).toBe(name);
    }

    const tasks = await api.get(`/async_batches/${batchId}/tasks`);
    expect(tasks.status).toBe(200);
    expect(tasks.body.async_batch_tasks).toHaveLength(1);
    const journal = await api.get('/_emulator/requests');
    expect(journal.status).toBe(200);
  });

  it('GET /_emulator/faults and /_emulator/requests answered 500 once a fault rule had a deep body', async () => {
    const { api, control } = await store();
    const rule = (body: string) =>
      `{"match":{"path":"/customers"},"action":{"type":"status","status":503,"body":{"deep":${body}}}}`;
    const refused = await api.post('/_emulator/faults', undefined, { raw: rule(nested(20_000)) });
    expect(refused.status).toBe(415);
    expect(refused.body).toEqual(TOO_DEEP);
    expect(await control.listFaults()).toEqual([]);

    // The deepest rule body the limit lets through is served, listed and journaled.
    const added = await api.post('/_emulator/faults', undefined, { raw: rule(nested(MAX_BODY_DEPTH - 4)) });
    expect(added.status).toBe(201);
    const faulted = await api.get('/customers');
    expect(faulted.status).toBe(503);
    expect((await api.get('/_emulator/faults')).status).toBe(200);
    const journal = await api.get('/_emulator/requests');
    expect(journal.status).toBe(200);
    expect(journal.body.requests[0].response_body).toEqual(faulted.body);
  });
});

describe('a streamed snapshot import skipped the body guards', () => {
  it('refuses a snapshot whose record nests too deep, or that is not UTF-8, with 415 and keeps the store', async () => {
    const { api, control } = await store();
    const customer = await createCustomer(api);
    const exported = await api.get('/_emulator/snapshot');
    expect(exported.status).toBe(200);
    // The streamed layout: one record a line; a deep value inside a record line.
    const deepLine = exported.text.replace(/("email":)/, `"deep":${nested(20_000)},$1`);
    expect(deepLine).not.toBe(exported.text);
    const deep = await sendBytes(api, 'PUT', '/_emulator/snapshot', Buffer.from(deepLine));
    expect(deep.status).toBe(415);
    expect(deep.body.error).toMatch(/nested at most \d+ levels deep/);

    const bytes = Buffer.from(exported.text.replace(customer.email, 'zz-not-utf8@example.com'));
    const at = bytes.indexOf('zz-not-utf8');
    bytes[at] = 0xff;
    const notUtf8 = await sendBytes(api, 'PUT', '/_emulator/snapshot', bytes);
    expect(notUtf8).toEqual({ status: 415, body: NOT_UTF8 });

    expect((await api.get(`/customers/${customer.id}`)).body.customer.email).toBe(customer.email);
    expect((await api.put('/_emulator/snapshot', undefined, { raw: exported.text })).status).toBe(200);
    expect((await control.clock()).now).toBeDefined();
  });
});

describe('a snapshot is measured the same in every layout (the streamed ones walk their records once parsed)', () => {
  it('imports a document exactly as deep as the limit and refuses one a level deeper: version 1, version 2 and pretty-printed', async () => {
    const { api } = await store();
    await createCustomer(api);
    const exported = async (version: number) =>
      (await api.get(`/_emulator/snapshot?version=${version}`)).text;
    const original = await exported(2);
    const layouts: Record<string, (levels: number) => string> = {};
    for (const version of [1, 2]) {
      const text = await exported(version);
      expect(text).toContain('"utm_params":[]');
      layouts[`version ${version}`] = (levels) =>
        text.replace('"utm_params":[]', `"utm_params":${nested(levels)}`);
    }
    layouts.pretty = (levels) => JSON.stringify(JSON.parse(layouts['version 2']?.(levels) ?? ''), null, 2);
    for (const [layout, withDepth] of Object.entries(layouts)) {
      // The deepest value whose document the text scan of every other body lets through.
      let levels = 1;
      while (!nestedDeeperThan(withDepth(levels + 1), SNAPSHOT_BODY_DEPTH)) levels += 1;
      const atLimit = await sendBytes(api, 'PUT', '/_emulator/snapshot', Buffer.from(withDepth(levels)));
      expect(atLimit.status, `${layout} at the limit`).toBe(200);
      const deeper = await sendBytes(api, 'PUT', '/_emulator/snapshot', Buffer.from(withDepth(levels + 1)));
      expect(deeper, `${layout} a level deeper`).toEqual({
        status: 415,
        body: {
          error: `The request body must be a JSON object nested at most ${SNAPSHOT_BODY_DEPTH} levels deep.`,
        },
      });
    }
    expect((await api.put('/_emulator/snapshot', undefined, { raw: original })).status).toBe(200);
  });
});

describe('invalid UTF-8 in a body was stored with replacement characters', () => {
  const invalid = Buffer.concat([
    Buffer.from('{"email":"ada@example.com","first_name":"Ad'),
    Buffer.from([0xc3, 0x28]), // a two-byte sequence cut short
    Buffer.from('","last_name":"Lovelace"}'),
  ]);

  it('answers 415 and stores nothing, on the API and on the control API', async () => {
    const { api } = await store();
    const reply = await sendBytes(api, 'POST', '/customers', invalid);
    expect(reply).toEqual({ status: 415, body: NOT_UTF8 });
    expect((await api.get('/customers')).body.customers).toEqual([]);

    const rule = Buffer.concat([
      Buffer.from('{"match":{"path":"/customers"},"action":{"type":"status","status":503,"body":{"x":"'),
      Buffer.from([0xff]),
      Buffer.from('"}}}'),
    ]);
    expect(await sendBytes(api, 'POST', '/_emulator/faults', rule)).toEqual({ status: 415, body: NOT_UTF8 });
    expect((await api.get('/_emulator/faults')).body.faults).toEqual([]);
  });

  it('takes valid multi-byte UTF-8, with or without a BOM, and gzip-encoded bodies', async () => {
    const { api } = await store();
    const body = JSON.stringify(customerBody2021_11({ first_name: 'Zoë 🎉' }));
    const plain = await sendBytes(api, 'POST', '/customers', Buffer.from(body));
    expect(plain.status).toBe(201);
    expect(plain.body.customer.first_name).toBe('Zoë 🎉');
    const bom = await sendBytes(
      api,
      'POST',
      '/customers',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(customerBody2021_11()))]),
    );
    expect(bom.status).toBe(201);
    const zipped = await sendBytes(
      api,
      'POST',
      '/customers',
      gzipSync(Buffer.from(JSON.stringify(customerBody2021_11()))),
      { 'Content-Encoding': 'gzip' },
    );
    expect(zipped.status).toBe(201);
    const unknownEncoding = await sendBytes(api, 'POST', '/customers', Buffer.from(body), {
      'Content-Encoding': 'compress',
    });
    expect(unknownEncoding.status).toBe(415);
  });
});

describe('a key named like an Object.prototype member answered 500', () => {
  const KEYS = ['hasOwnProperty', 'constructor', '__proto__', 'toString', 'valueOf'];

  it('serves list and count endpoints with such query keys, and refuses such sort fields with 422', async () => {
    const { api } = await store();
    const customer = await createCustomer(api);
    const old = api.with({ version: '2021-01' });
    for (const key of KEYS) {
      const list = await api.get('/customers', { query: { [key]: '1' } });
      expect(list.status, key).toBe(200);
      expect(list.body.customers.map((c: Json) => c.id)).toEqual([customer.id]);
      expect((await old.get('/customers/count', { query: { [key]: '1' } })).status, key).toBe(200);
      const sorted = await api.get('/customers', { query: { sort_by: `${key}-asc` } });
      expect(sorted.status, key).toBe(422);
      expect(Object.keys(sorted.body.errors)).toEqual(['sort_by']);
    }
  });

  it('keeps such keys as plain keys: in bodies, in the journal, in settings and as payment tokens', async () => {
    const { api, control, storeId } = await store({ settings: { journal_size: 10 } });
    // A body key is an unknown field like any other: ignored, never a prototype.
    const created = await api.post('/customers', undefined, {
      raw: JSON.stringify(customerBody2021_11()).replace('{', '{"__proto__":{"email":"x"},"constructor":1,'),
    });
    expect(created.status).toBe(201);
    expect(created.body.customer.email).not.toBe('x');

    await api.get('/customers', { query: { constructor: 'a', toString: 'b' } });
    const [entry] = await control.requests({ method: 'GET' });
    expect(entry?.query).toEqual({ constructor: 'a', toString: 'b' });

    // Settings keys are checked or dropped, never merged into a prototype the schema reads through.
    const proto = await api.call('PATCH', '/_emulator/settings', undefined, {
      raw: '{"__proto__":{"journal_size":5}}',
    });
    expect(proto.status).toBeLessThan(500);
    const constructor = await api.call('PATCH', '/_emulator/settings', undefined, {
      raw: '{"constructor":{"journal_size":5}}',
    });
    expect(constructor.status).toBe(422);
    expect(constructor.body.errors).toEqual({ _schema: ['Unknown field: constructor.'] });
    expect((await control.getStore(storeId)).settings.journal_size).toBe(10);
  });

  it('pays with a payment token named like an Object.prototype member (was a 500)', async () => {
    const s = await shop(store);
    for (const token of KEYS) {
      const checkout = await open(s);
      const paid = await charge(s.api, checkout.token, { ...PAY, payment_token: token });
      expect(paid.status, token).toBe(200);
    }
  });
});
