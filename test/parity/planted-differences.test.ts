/**
 * An upstream that answers differently is reported exactly. The upstream is a small local server
 * whose answers are an emulator's with hand-written changes planted in them: an extra field, a
 * value of another kind, another status, a header of its own and a header left out. Each planted
 * difference is found, nothing else is; the allow-list silences exactly the ones it names; the CLI
 * writes the JSON and JUnit reports and exits 1 until everything is allowed.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';
import { parseAllowList } from '../../src/parity/allow-list.js';
import { startRecorder } from '../../src/parity/recorder.js';
import { verifyRecording } from '../../src/parity/verify.js';
import { CLI } from '../helpers/cli.js';
import { START } from '../helpers/emulator.js';
import { inProcess, realClient, scratchDir } from '../helpers/parity.js';

type Answer = { status: number; headers: Record<string, string>; body: Record<string, unknown> };

/** The hand-written changes, by request: what the "real" service answers differently. */
function plant(method: string, path: string, answer: Answer): Answer {
  const body = answer.body as { customer?: Record<string, unknown> };
  if (method === 'POST' && path === '/customers') body.customer = { ...body.customer, loyalty_tier: 'gold' };
  if (method === 'GET' && /^\/customers\/\d+$/.test(path))
    body.customer = { ...body.customer, has_valid_payment_method: 'no' };
  if (method === 'GET' && path === '/customers')
    return { status: 429, headers: answer.headers, body: { warning: 'too many requests' } };
  if (method === 'GET' && path === '/store') answer.headers['X-Recharge-Shop-Domain'] = 'sandbox.example';
  if (method === 'GET' && path === '/addresses') delete answer.headers['link'];
  return answer;
}

const PLANTED = [
  { entry: 0, kind: 'missing', at: 'customer.loyalty_tier', recorded: 'gold' },
  {
    entry: 1,
    kind: 'kind',
    at: 'customer.has_valid_payment_method',
    recorded: 'string',
    emulator: 'boolean',
  },
  { entry: 2, kind: 'status', at: '(status)', recorded: 429, emulator: 200 },
  { entry: 3, kind: 'header', at: 'X-Recharge-Shop-Domain', recorded: 'sandbox.example', emulator: null },
  { entry: 6, kind: 'header', at: 'link', recorded: null },
];

let truth: Emulator;
let upstream: Server;
let upstreamUrl: string;

beforeAll(async () => {
  truth = await createEmulator({ port: 0, logger: 'silent', headerPrefix: 'Recharge' });
  upstream = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers[name] = value;
      const sent = await fetch(`${truth.url}${req.url}`, {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      const answerHeaders: Record<string, string> = {};
      sent.headers.forEach((value, name) => {
        if (name !== 'content-length' && name !== 'transfer-encoding' && name !== 'connection')
          answerHeaders[name] = value;
      });
      const text = await sent.text();
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const answer = plant(req.method ?? 'GET', path, {
        status: sent.status,
        headers: answerHeaders,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      });
      res.writeHead(answer.status, { ...answer.headers, 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});
afterAll(async () => {
  upstream.close();
  await truth.close();
});

/** Records the small flow through the proxy against the planted upstream. */
async function record(): Promise<string> {
  const store = await truth.control.createStore({ clock: { now: START } });
  const out = join(scratchDir(), 'planted.har');
  const recorder = await startRecorder({ upstream: upstreamUrl, port: 0, out, headerPrefix: 'Recharge' });
  const call = realClient(recorder.url, store.token, '2021-11');
  const legacy = realClient(recorder.url, store.token, '2021-01');
  const customer = await call('POST', '/customers', {
    email: 'a@shop.example',
    first_name: 'A',
    last_name: 'B',
  });
  const id = (customer.body.customer as { id: number }).id;
  await call('GET', `/customers/${id}`);
  await call('GET', '/customers');
  await call('GET', '/store');
  for (const city of ['Oslo', 'Bergen']) {
    const address = await legacy('POST', `/customers/${id}/addresses`, {
      address1: '1 Main St',
      city,
      country: 'Norway',
      first_name: 'A',
      last_name: 'B',
      phone: '+4722000000',
      province: '',
      zip: '0150',
    });
    expect(address.status).toBe(200);
  }
  const page = await legacy('GET', '/addresses', undefined, { limit: '1' });
  expect(page.body.addresses).toHaveLength(1);
  await recorder.close();
  return out;
}

describe('an upstream answering differently', () => {
  it('is reported exactly: each planted difference, nothing else', async () => {
    const file = await record();
    const report = await verifyRecording(readFileSync(file, 'utf8'), inProcess);
    expect(report.differences).toHaveLength(PLANTED.length);
    for (const [index, planted] of PLANTED.entries())
      expect(report.differences[index]).toMatchObject(planted);
    expect(report.differences[4]?.emulator).toMatch(/rel="next"/);
    expect(report).toMatchObject({ compared: 7, identical: 2, passed: false });
    expect(report.endpoints).toContainEqual({
      endpoint: 'GET /customers',
      version: '2021-11',
      compared: 1,
      identical: 0,
      differences: 1,
    });
    const withAnswers = report.exchanges.find((exchange) => exchange.entry === 2);
    expect(withAnswers?.answers).toMatchObject({
      recorded: { status: 429, body: { warning: 'too many requests' } },
      emulator: { status: 200, body: { customers: expect.any(Array) } },
    });

    // The allow-list silences what it names, and only that.
    const allow = parseAllowList(
      [
        '- endpoint: POST /customers',
        '  at: customer.loyalty_tier',
        '  reason: our sandbox has the loyalty add-on',
        '- endpoint: GET /customers/*',
        '  at: customer.*',
        '  kind: kind',
        '  reason: known',
      ].join('\n'),
    );
    const allowed = await verifyRecording(readFileSync(file, 'utf8'), { ...inProcess, allow });
    expect(allowed.differences.map((difference) => difference.allowed)).toEqual([
      'our sandbox has the loyalty add-on',
      'known',
      undefined,
      undefined,
      undefined,
    ]);
    expect(allowed.passed).toBe(false);
  });

  it('through the CLI: JSON and JUnit reports, exit 1 until the allow-list names every difference', async () => {
    const file = await record();
    const dir = scratchDir();
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, [CLI, 'verify', file, ...args], { encoding: 'utf8' }).then(
        (done) => ({ code: 0, stdout: done.stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
      );
    const failing = await run(['--json', join(dir, 'report.json'), '--junit', join(dir, 'report.xml')]);
    expect(failing.code).toBe(1);
    expect(failing.stdout).toMatch(/✗ GET \/customers \(2021-11\): 0\/1 identical/);
    expect(failing.stdout).toMatch(/parity 2\/7 \(28\.6%\): 5 differences/);
    const json = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Record<string, unknown>;
    expect(json).toMatchObject({ compared: 7, identical: 2 });
    const xml = readFileSync(join(dir, 'report.xml'), 'utf8');
    expect(xml.match(/<testcase /g)).toHaveLength(7);
    expect(xml.match(/<failure /g)).toHaveLength(5);

    const allowFile = join(dir, 'allowed.yaml');
    writeFileSync(
      allowFile,
      ['- endpoint: "* /**"', '  at: "**"', '  reason: this test plants every difference'].join('\n'),
    );
    const passing = await run(['--allow', allowFile]);
    expect(passing.code).toBe(0);
    expect(passing.stdout).toMatch(/parity 2\/7 \(28\.6%\): 0 differences, 5 allowed/);
  });
});
