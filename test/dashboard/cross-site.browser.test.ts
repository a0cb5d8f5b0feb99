/**
 * The attack as a browser makes it: a page of another site (here another port of 127.0.0.1, as a
 * second app on the developer's machine) submits a form to `POST /_emulator/reset` and sends
 * `no-cors` fetches to pause webhooks and fill the inbox. Chromium sends its `Origin` and
 * `Sec-Fetch-Site`; the emulator refuses every one, and the default store is as it was.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from '../helpers/api.js';
import { browserSkipReason, browserSuite, useBrowser } from '../helpers/browser.js';
import { useEmulator } from '../helpers/emulator.js';

const { emulator } = useEmulator();
const browser = useBrowser();

let hostile: Server;
let hostileUrl = '';

/** The other site's page: a form posted at once, and two fetches that need no preflight. */
function attackPage(target: string): string {
  return `<!doctype html><html><body>
<form id="f" method="POST" action="${target}/_emulator/reset" enctype="application/x-www-form-urlencoded"></form>
<script>
  Promise.allSettled([
    fetch('${target}/_emulator/webhooks/pause', { method: 'POST', mode: 'no-cors' }),
    fetch('${target}/_emulator/inbox/planted', { method: 'POST', mode: 'no-cors', body: 'spam' }),
  ]).then(() => { document.title = 'fetched'; document.getElementById('f').submit(); });
</script></body></html>`;
}

beforeAll(async () => {
  hostile = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html' }).end(attackPage(emulator().url));
  });
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
  hostileUrl = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => hostile.close(() => resolve()));
});

describe.skipIf(browserSkipReason)(browserSuite('dashboard: another site cannot drive the emulator'), () => {
  it("refuses another site's form post and fetches; the default store keeps its data", async () => {
    const api = new Api(emulator().url, emulator().token, '2021-11');
    expect(
      (await api.post('/customers', { email: 'kept@example.com', first_name: 'K', last_name: 'E' })).status,
    ).toBe(201);
    const page = await browser.page();
    const answered = page.waitForResponse((response) => response.url().endsWith('/_emulator/reset'));
    await page.goto(hostileUrl);
    const reset = await answered;
    expect(reset.status()).toBe(403);
    expect(await reset.json()).toEqual({ error: expect.stringMatching(/^Cross-site request refused/) });
    expect((await api.get('/customers')).body.customers).toHaveLength(1);
    const store = await emulator().control.getStore(emulator().storeId);
    expect(store.settings).toMatchObject({ webhooks: { paused: false } });
    expect((await emulator().control.inbox('planted').read()).received).toBe(0);
  });
});
