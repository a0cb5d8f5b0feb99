/**
 * Each fault action as a real HTTP client sees it: the service's bodies per status, added latency,
 * a reset connection (no response) and a body that ends early, through fetch and node:http.
 */
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { FaultAction } from '../../src/index.js';
import { useEmulator } from '../helpers/emulator.js';

const { emulator, store } = useEmulator();

async function storeFaulting(action: FaultAction, path = '/customers') {
  const shop = await store();
  await shop.control.addFault({ match: { method: 'GET', path }, action });
  return shop;
}

/** What a node:http client gets: a status and a complete body, or the error it ends with. */
function nodeGet(
  url: string,
  token: string,
): Promise<{ status?: number; body?: string; error?: NodeJS.ErrnoException }> {
  return new Promise((resolve) => {
    const req = httpRequest(url, { headers: { 'X-Service-Access-Token': token } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, body }));
      res.on('error', (error) => resolve({ status: res.statusCode, body, error }));
    });
    req.on('error', (error) => resolve({ error }));
    req.end();
  });
}

describe('status faults answer with the service body for the status', () => {
  it('429: {"warning": "too many requests"} and a full X-Service-Limit', async () => {
    const { api } = await storeFaulting({ type: 'status', status: 429 });
    const reply = await api.get('/customers');
    expect(reply.status).toBe(429);
    expect(reply.body).toEqual({ warning: 'too many requests' });
    expect(reply.headers.get('X-Service-Limit')).toBe('40/40');
    expect(reply.headers.get('X-Request-Id')).toBeTruthy();
  });

  it.each([
    [409, { error: 'A call to this route is already in progress.' }],
    [500, { error: 'Internal server error.' }],
    [502, { error: expect.stringMatching(/^Bad gateway/) }],
    [503, { error: expect.stringMatching(/timed out/) }],
    [401, { error: expect.stringContaining('X-Service-Access-Token') }],
    [403, { error: expect.stringContaining('Insufficient permissions') }],
    [504, { error: 'Gateway Timeout.' }],
  ])('%i', async (status, body) => {
    const { api } = await storeFaulting({ type: 'status', status });
    const reply = await api.get('/customers');
    expect(reply.status).toBe(status);
    expect(reply.body).toEqual(body);
  });

  it('any status with a custom body', async () => {
    const { api } = await storeFaulting({ type: 'status', status: 418, body: { error: 'short and stout' } });
    const reply = await api.get('/customers');
    expect(reply.status).toBe(418);
    expect(reply.body).toEqual({ error: 'short and stout' });
  });

  it('names the configured header prefix in the 429 limit header', async () => {
    const { createEmulator } = await import('../../src/index.js');
    const acme = await createEmulator({
      port: 0,
      logger: 'silent',
      headerPrefix: 'Acme',
      token: 'acme-token-1',
    });
    try {
      await acme.control.addFault({ match: { path: '/customers' }, action: { type: 'status', status: 429 } });
      const reply = await fetch(`${acme.url}/customers`, {
        headers: { 'X-Acme-Access-Token': 'acme-token-1' },
      });
      expect(reply.status).toBe(429);
      expect(reply.headers.get('X-Acme-Limit')).toBe('40/40');
    } finally {
      await acme.close();
    }
  });
});

describe('latency faults', () => {
  it('serve the request after the fixed delay (the journal records the duration)', async () => {
    const { api, control } = await storeFaulting({ type: 'latency', ms: 60 });
    const reply = await api.get('/customers');
    expect(reply.status).toBe(200);
    expect(reply.body.customers).toEqual([]);
    const [entry] = await control.requests({ limit: 1 });
    expect(entry?.duration_ms).toBeGreaterThanOrEqual(59);
    expect(entry?.fault).toEqual({ id: 1, action: 'adds 60 ms of latency', after_commit: false });
  });

  it('draw a delay from a range', async () => {
    const { api, control } = await storeFaulting({ type: 'latency', min_ms: 20, max_ms: 40 });
    await api.get('/customers');
    const [entry] = await control.requests({ limit: 1 });
    expect(entry?.duration_ms).toBeGreaterThanOrEqual(19);
  });

  it('do not hold up other requests meanwhile', async () => {
    const { api } = await storeFaulting({ type: 'latency', ms: 1_000 }, '/customers/*');
    let slowAnswered = false;
    const slow = api.get('/customers/1').then((reply) => {
      slowAnswered = true;
      return reply;
    });
    const fast = await api.get('/customers');
    expect(fast.status).toBe(200);
    expect(slowAnswered).toBe(false);
    expect((await slow).status).toBe(404);
  });
});

describe('a reset connection', () => {
  it('fails fetch with ECONNRESET and no response', async () => {
    const { token } = await storeFaulting({ type: 'reset' });
    const error = await fetch(`${emulator().url}/customers`, {
      headers: { 'X-Service-Access-Token': token },
    }).then(
      () => undefined,
      (failure: unknown) => failure as TypeError & { cause?: NodeJS.ErrnoException },
    );
    expect(error).toBeInstanceOf(TypeError);
    expect(error?.message).toBe('fetch failed');
    expect(error?.cause?.code).toBe('ECONNRESET');
  });

  it('fails a node:http request with ECONNRESET', async () => {
    const { token } = await storeFaulting({ type: 'reset' });
    const outcome = await nodeGet(`${emulator().url}/customers`, token);
    expect(outcome.status).toBeUndefined();
    expect(outcome.error?.code).toBe('ECONNRESET');
  });
});

describe('a response that closes before the body ends', () => {
  it('gives fetch the status and headers, then a body-stream error', async () => {
    const { token } = await storeFaulting({ type: 'truncate' });
    const response = await fetch(`${emulator().url}/customers`, {
      headers: { 'X-Service-Access-Token': token },
    });
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('Content-Length'))).toBeGreaterThan(0);
    const error = await response.text().then(
      () => undefined,
      (failure: unknown) => failure as TypeError & { cause?: Error & { code?: string } },
    );
    expect(error).toBeInstanceOf(TypeError);
    expect(error?.message).toBe('terminated');
    expect(error?.cause?.code).toBe('UND_ERR_SOCKET');
  });

  it('gives node:http part of the declared body, then "aborted"', async () => {
    const { token } = await storeFaulting({ type: 'truncate', status: 201, bytes: 5 });
    const outcome = await nodeGet(`${emulator().url}/customers`, token);
    expect(outcome.status).toBe(201);
    expect(outcome.body).toBe('{"err');
    expect(outcome.error?.message).toBe('aborted');
    expect(outcome.error?.code).toBe('ECONNRESET');
  });
});

it('faults never touch the control API', async () => {
  const shop = await store();
  await shop.control.addFault({ match: { path: '/**' }, action: { type: 'status', status: 503 } });
  expect((await shop.control.clock()).now).toBeDefined();
  expect((await shop.api.get('/store')).status).toBe(503);
  const reply = await fetch(`${emulator().url}/_emulator/clock`, {
    headers: { 'X-Service-Access-Token': shop.token, 'X-Emulator-Fault': 'reset' },
  });
  expect(reply.status).toBe(200);
});
