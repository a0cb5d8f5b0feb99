/**
 * The guard in front of every route: only hosts the emulator was told about (a page that rebinds
 * its own name to 127.0.0.1 gets 403), and no changes to the control API from another site's page.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';
import { rawRequest } from '../helpers/raw-http.js';
import { useEmulator } from '../helpers/emulator.js';

const { emulator, store } = useEmulator();

const port = () => new URL(emulator().url).port;

/** The API, the control API, the dashboard and the inbox: one read of each. */
const ROUTES = [
  ['GET', '/customers'],
  ['GET', '/_emulator/stores'],
  ['GET', '/_emulator/ui'],
  ['POST', '/_emulator/inbox/rebound'],
  ['GET', '/_emulator/health'],
] as const;

/** One HTTP/1.0 request without a Host header, as a raw socket sends it. */
function withoutHost(url: string, path: string): Promise<string> {
  const { hostname, port: to } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(to), hostname, () => socket.end(`GET ${path} HTTP/1.0\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

describe('the Host allow-list', () => {
  it.each(ROUTES)(
    'refuses %s %s under a name the emulator was not told about (403 naming the option)',
    async (method, path) => {
      const s = await store();
      const reply = await rawRequest(emulator().url, method, path, {
        Host: `evil.example:${port()}`,
        'X-Service-Access-Token': s.token,
        Accept: 'text/html',
      });
      expect(reply.status).toBe(403);
      expect(reply.body).toEqual({
        error: `Host evil.example is not allowed: start the emulator with --allowed-hosts evil.example (or BILLING_EMULATOR_ALLOWED_HOSTS) to allow it.`,
      });
    },
  );

  it('a rebound page cannot list stores, mint a token or read customers', async () => {
    const s = await store();
    const host = { Host: `attacker.example:${port()}` };
    expect((await rawRequest(emulator().url, 'GET', '/_emulator/stores', host)).status).toBe(403);
    const minted = await rawRequest(
      emulator().url,
      'POST',
      `/_emulator/stores/${s.storeId}/tokens`,
      { ...host, 'Content-Type': 'application/json' },
      JSON.stringify({ name: 'stolen', scopes: ['read_customers'] }),
    );
    expect(minted.status).toBe(403);
    const customers = await rawRequest(emulator().url, 'GET', '/customers', {
      ...host,
      'X-Service-Access-Token': s.token,
    });
    expect(customers.status).toBe(403);
  });

  it.each(['localhost', 'LOCALHOST', 'foo.localhost', '127.0.0.1', '10.0.0.5', '[::1]', 'billing-emulator'])(
    'answers Host %s (loopback names, IP literals, a container name)',
    async (name) => {
      const reply = await rawRequest(emulator().url, 'GET', '/_emulator/health', {
        Host: `${name}:${port()}`,
      });
      expect(reply.status).toBe(200);
      expect(reply.body).toEqual({ status: 'ok' });
    },
  );

  it('refuses a request without a Host header (HTTP/1.0), as Vite does', async () => {
    const answer = await withoutHost(emulator().url, '/_emulator/health');
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    expect(answer).toContain('A Host header is required');
  });

  it('refuses a name that only ends like an allowed one, and localhost with a trailing dot', async () => {
    for (const host of ['localhost.evil.example', 'evil-localhost', 'localhost.']) {
      const reply = await rawRequest(emulator().url, 'GET', '/_emulator/health', { Host: host });
      expect(reply.status, host).toBe(host === 'evil-localhost' ? 200 : 403);
    }
  });
});

describe('--allowed-hosts (createEmulator allowedHosts)', () => {
  let allowed: Emulator;
  let open: Emulator;
  beforeAll(async () => {
    allowed = await createEmulator({
      port: 0,
      logger: 'silent',
      allowedHosts: ['emu.ci.example', '.preview.example'],
    });
    open = await createEmulator({ port: 0, logger: 'silent', allowedHosts: 'all' });
  });
  afterAll(async () => {
    await allowed.close();
    await open.close();
  });

  it('answers the names given, and the subdomains of a name given with a leading dot', async () => {
    for (const host of [
      'emu.ci.example',
      'EMU.ci.example:4010',
      'preview.example',
      'pr-12.preview.example',
    ]) {
      const reply = await rawRequest(allowed.url, 'GET', '/customers', {
        Host: host,
        'X-Service-Access-Token': allowed.token,
      });
      expect(reply.status, host).toBe(200);
    }
    for (const host of ['other.ci.example', 'x.emu.ci.example', 'evilpreview.example']) {
      const reply = await rawRequest(allowed.url, 'GET', '/customers', { Host: host });
      expect(reply.status, host).toBe(403);
    }
  });

  it('all turns the check off', async () => {
    const reply = await rawRequest(open.url, 'GET', '/customers', {
      Host: 'evil.example',
      'X-Service-Access-Token': open.token,
    });
    expect(reply.status).toBe(200);
  });
});

describe('cross-site requests', () => {
  const hostile: Record<string, string>[] = [
    { Origin: 'https://evil.example' },
    { Origin: 'null' },
    { Origin: 'http://localhost:3000' },
    { 'Sec-Fetch-Site': 'cross-site' },
    { 'Sec-Fetch-Site': 'same-site' },
  ];

  it.each(hostile)('may not change anything through the control API: %o', async (headers) => {
    const s = await store();
    await s.api.post('/customers', { email: 'kept@example.com', first_name: 'K', last_name: 'Ept' });
    const base = { 'X-Service-Access-Token': s.token, 'Content-Type': 'application/json' };
    for (const [method, path, body] of [
      ['POST', '/_emulator/reset', '{}'],
      ['POST', '/_emulator/clock/advance', '{"days":1}'],
      ['POST', '/_emulator/webhooks/pause', undefined],
      ['PATCH', '/_emulator/settings', '{"currency":"EUR"}'],
      ['DELETE', '/_emulator/requests', undefined],
      ['POST', '/_emulator/inbox/cross', 'hello'],
    ] as const) {
      const reply = await rawRequest(emulator().url, method, path, { ...base, ...headers }, body);
      expect(reply.status, `${method} ${path}`).toBe(403);
      expect(reply.body.error, `${method} ${path}`).toMatch(/^Cross-site request refused/);
    }
    expect((await s.api.get('/customers')).body.customers).toHaveLength(1);
    expect((await s.control.clock()).now).toBe('2025-01-15T12:00:00Z');
    expect((await emulator().control.inbox('cross').read()).received).toBe(0);
  });

  it('may still read (a page cannot read the answer without CORS, which the control API does not grant)', async () => {
    const s = await store();
    const reply = await rawRequest(emulator().url, 'GET', '/_emulator/clock', {
      'X-Service-Access-Token': s.token,
      Origin: 'https://evil.example',
      'Sec-Fetch-Site': 'cross-site',
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("takes the emulator's own page's changes (same origin), and those of clients that send no Origin", async () => {
    const s = await store();
    const own = `http://127.0.0.1:${port()}`;
    const fromPage = await rawRequest(
      emulator().url,
      'POST',
      '/_emulator/clock/advance',
      {
        Host: `127.0.0.1:${port()}`,
        Origin: own,
        'Sec-Fetch-Site': 'same-origin',
        'X-Service-Access-Token': s.token,
        'Content-Type': 'application/json',
      },
      '{"days":1}',
    );
    expect(fromPage.status).toBe(200);
    const viaLocalhost = await rawRequest(emulator().url, 'POST', '/_emulator/webhooks/pause', {
      Host: `localhost:${port()}`,
      Origin: `http://localhost:${port()}`,
      'X-Service-Access-Token': s.token,
    });
    expect(viaLocalhost.status).toBe(200);
    const typedUrl = await rawRequest(emulator().url, 'POST', '/_emulator/webhooks/resume', {
      'Sec-Fetch-Site': 'none',
      'X-Service-Access-Token': s.token,
    });
    expect(typedUrl.status).toBe(200);
    const curl = await rawRequest(
      emulator().url,
      'POST',
      '/_emulator/clock/advance',
      {
        'X-Service-Access-Token': s.token,
        'Content-Type': 'application/json',
      },
      '{"days":1}',
    );
    expect(curl.status).toBe(200);
    expect((await s.control.clock()).now).toBe('2025-01-17T12:00:00Z');
  });

  it('refuses the same origin on another port (another app on localhost)', async () => {
    const s = await store();
    const reply = await rawRequest(emulator().url, 'POST', '/_emulator/reset', {
      Host: `localhost:${port()}`,
      Origin: `http://localhost:${Number(port()) + 1}`,
      'X-Service-Access-Token': s.token,
    });
    expect(reply.status).toBe(403);
  });

  it('leaves the emulated API to its token header: a cross-site form post to it is 401', async () => {
    const page = { Origin: 'https://evil.example', 'Content-Type': 'application/x-www-form-urlencoded' };
    expect((await rawRequest(emulator().url, 'POST', '/customers', page, 'email=x')).status).toBe(401);
  });
});

describe('a form post to the control API', () => {
  it('regression: an empty urlencoded POST /_emulator/reset from another site no longer empties the store', async () => {
    const s = await store();
    await s.api.post('/customers', { email: 'kept@example.com', first_name: 'K', last_name: 'Ept' });
    const reply = await rawRequest(emulator().url, 'POST', '/_emulator/reset', {
      Origin: 'https://evil.example',
      'Content-Type': 'application/x-www-form-urlencoded',
      'Content-Length': '0',
      'X-Service-Access-Token': s.token,
    });
    expect(reply.status).toBe(403);
    expect((await s.api.get('/customers')).body.customers).toHaveLength(1);
  });

  it.each([
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'text/plain;charset=UTF-8',
  ])('is refused with 415 even when empty and sent with no Origin: %s', async (type) => {
    const s = await store();
    await s.api.post('/customers', { email: 'kept@example.com', first_name: 'K', last_name: 'Ept' });
    const reply = await rawRequest(emulator().url, 'POST', '/_emulator/reset', {
      'Content-Type': type,
      'Content-Length': '0',
      'X-Service-Access-Token': s.token,
    });
    expect(reply.status).toBe(415);
    expect(reply.body).toEqual({
      error: `The request body must be JSON sent with Content-Type: application/json; it came as ${type}.`,
    });
    expect((await s.api.get('/customers')).body.customers).toHaveLength(1);
  });

  it('takes a body-less POST without a content type (curl -X POST), and empty JSON', async () => {
    const s = await store();
    const bare = await rawRequest(emulator().url, 'POST', '/_emulator/webhooks/pause', {
      'X-Service-Access-Token': s.token,
    });
    expect(bare.status).toBe(200);
    const json = await rawRequest(emulator().url, 'POST', '/_emulator/reset', {
      'X-Service-Access-Token': s.token,
      'Content-Type': 'application/json',
      'Content-Length': '0',
    });
    expect(json.status).toBe(200);
  });

  it('leaves the webhook inbox any body a sender posts there', async () => {
    const reply = await rawRequest(
      emulator().url,
      'POST',
      '/_emulator/inbox/forms',
      { 'Content-Type': 'application/x-www-form-urlencoded' },
      'a=1',
    );
    expect(reply.status).toBe(200);
  });
});
