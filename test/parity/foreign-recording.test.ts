/**
 * A recording we did not make replays: a HAR file in the layout browser devtools and mitmproxy
 * write (HTTP/2 lowercase header names and pseudo-headers, base64 bodies, timings, cookies, a
 * page and a script of another host, a CORS preflight, a request that never got an answer), with
 * entries this test writes itself from a client's exchanges with an emulator playing the service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';
import { verifyRecording } from '../../src/parity/verify.js';
import { START } from '../helpers/emulator.js';
import { inProcess } from '../helpers/parity.js';

let service: Emulator;
beforeAll(async () => {
  service = await createEmulator({ port: 0, logger: 'silent', headerPrefix: 'Recharge' });
});
afterAll(() => service.close());

interface Sent {
  method: string;
  url: string;
  body?: unknown;
}

/** One entry as Chrome's devtools export it (HTTP/2: lowercase names and pseudo-headers). */
function browserEntry(
  sent: Sent,
  token: string,
  status: number,
  headers: Headers,
  text: string,
  base64: boolean,
) {
  const url = new URL(sent.url);
  return {
    _initiator: { type: 'script' },
    _priority: 'High',
    _resourceType: 'fetch',
    cache: {},
    connection: '443',
    pageref: 'page_1',
    request: {
      method: sent.method,
      url: sent.url,
      httpVersion: 'http/2.0',
      headers: [
        { name: ':authority', value: url.host },
        { name: ':method', value: sent.method },
        { name: ':path', value: `${url.pathname}${url.search}` },
        { name: ':scheme', value: 'https' },
        { name: 'accept', value: '*/*' },
        { name: 'accept-encoding', value: 'gzip, deflate, br' },
        { name: 'x-recharge-access-token', value: token },
        { name: 'x-recharge-version', value: '2021-11' },
        ...(sent.body === undefined ? [] : [{ name: 'content-type', value: 'application/json' }]),
      ],
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      cookies: [{ name: 'session', value: 'abc', expires: null, httpOnly: false, secure: true }],
      headersSize: -1,
      bodySize: 0,
      ...(sent.body === undefined
        ? {}
        : { postData: { mimeType: 'application/json', text: JSON.stringify(sent.body) } }),
    },
    response: {
      status,
      statusText: '',
      httpVersion: 'http/2.0',
      headers: [...headers].map(([name, value]) => ({ name, value })),
      cookies: [],
      content: base64
        ? {
            size: text.length,
            mimeType: 'application/json',
            text: Buffer.from(text).toString('base64'),
            encoding: 'base64',
          }
        : { size: text.length, mimeType: 'application/json', text },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
      _transferSize: 512,
      _error: null,
    },
    serverIPAddress: '203.0.113.10',
    startedDateTime: new Date(Date.parse(START)).toISOString(),
    time: 41.2,
    timings: {
      blocked: 2.1,
      dns: -1,
      ssl: -1,
      connect: -1,
      send: 0.2,
      wait: 35.4,
      receive: 3.5,
      _blocked_queueing: 1.2,
    },
  };
}

const other = (method: string, url: string, status: number, mimeType: string) => ({
  cache: {},
  request: {
    method,
    url,
    httpVersion: 'http/2.0',
    headers: [],
    queryString: [],
    cookies: [],
    headersSize: -1,
    bodySize: 0,
  },
  response: {
    status,
    statusText: '',
    httpVersion: 'http/2.0',
    headers: [],
    cookies: [],
    content: { size: 0, mimeType },
    redirectURL: '',
    headersSize: -1,
    bodySize: -1,
  },
  startedDateTime: new Date(Date.parse(START)).toISOString(),
  time: 1,
  timings: { send: 0, wait: 1, receive: 0 },
});

describe('a recording made by another tool', () => {
  it('replays its exchanges with the service and skips the rest', async () => {
    const store = await service.control.createStore({ clock: { now: START } });
    // The service's address as the browser saw it: an https host; the entries are sent to the emulator.
    const host = 'https://api.service.example';
    const entries: unknown[] = [
      other('GET', 'https://shop.example/account', 200, 'text/html'),
      other('GET', 'https://cdn.example/app.js', 200, 'application/javascript'),
    ];
    const exchange = async (sent: Sent, base64 = false) => {
      const url = new URL(sent.url, host);
      const response = await fetch(`${service.url}${url.pathname}${url.search}`, {
        method: sent.method,
        headers: {
          'X-Recharge-Access-Token': store.token,
          'X-Recharge-Version': '2021-11',
          ...(sent.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: sent.body === undefined ? undefined : JSON.stringify(sent.body),
      });
      const text = await response.text();
      entries.push(
        browserEntry(
          { ...sent, url: url.href },
          'sk_live_browser_token',
          response.status,
          response.headers,
          text,
          base64,
        ),
      );
      return text ? (JSON.parse(text) as Record<string, Record<string, unknown>>) : {};
    };
    entries.push(other('OPTIONS', `${host}/customers`, 204, 'x-unknown'));
    const customer = await exchange({
      method: 'POST',
      url: '/customers',
      body: { email: 'b@shop.example', first_name: 'B', last_name: 'C' },
    });
    const id = String(customer.customer?.id);
    await exchange({ method: 'GET', url: `/customers/${id}` }, true);
    await exchange({ method: 'PUT', url: `/customers/${id}`, body: { first_name: 'Bea' } });
    await exchange({ method: 'GET', url: `/customers?limit=5&email=b%40shop.example` });
    entries.push(other('GET', `${host}/charges`, 0, 'x-unknown')); // blocked: no answer
    const har = {
      log: { version: '1.2', creator: { name: 'WebInspector', version: '537.36' }, pages: [], entries },
    };

    const report = await verifyRecording(JSON.stringify(har), inProcess);
    expect(report.differences).toEqual([]);
    expect(report).toMatchObject({
      compared: 4,
      identical: 4,
      recording: { creator: 'WebInspector 537.36', entries: 8 },
    });
    expect(report.store.header_prefix).toBe('Recharge');
    expect(report.skipped).toEqual([
      { entry: 0, reason: 'another host (https://shop.example)' },
      { entry: 1, reason: 'another host (https://cdn.example)' },
      { entry: 2, reason: 'a CORS preflight' },
      { entry: 7, reason: 'it has no answer (status 0)' },
    ]);
  });
});
