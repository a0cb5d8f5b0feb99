/**
 * `/_emulator/mcp`: the MCP server over streamable HTTP on a running emulator, driven by the SDK's
 * own client, behind the admin token like every control route.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';
import { Api } from '../helpers/api.js';
import { ROOT } from '../helpers/doc-blocks.js';
import { useEmulator } from '../helpers/emulator.js';
import { tour } from './tour.js';

const ADMIN = 'mcp-admin-secret';
const { emulator } = useEmulator({ adminToken: ADMIN });

let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

async function connect(headers: Record<string, string>): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(`${emulator().url}/_emulator/mcp`), {
    requestInit: { headers },
  });
  const connected = new Client({ name: 'mcp-http-test', version: '1.0.0' });
  await connected.connect(transport);
  return connected;
}

describe('POST /_emulator/mcp', () => {
  it('lists the tools, calls each one, and explains a charge that failed twice and was then paid', async () => {
    client = await connect({ Authorization: `Bearer ${ADMIN}` });
    const control = emulator().control;
    await tour(client, {
      inbox: 'mcp-http-tour',
      webhookBase: emulator().url,
      subscribe: async (token, address) => {
        const reply = await new Api(emulator().url, token).call('POST', '/webhooks', {
          address,
          topic: 'charge/failed',
        });
        expect(reply.status).toBe(201);
      },
      updateCard: async (token, customerId) => {
        await control
          .forStore(token)
          .portalUpdatePaymentMethod(customerId, { processor_payment_method_token: 'tok_ok' });
      },
    });
  }, 60_000);

  it('serves the guides an agent needs as resources, read from the package', async () => {
    client = await connect({ Authorization: `Bearer ${ADMIN}` });
    const uris = (await client.listResources()).resources.map((resource) => resource.uri);
    expect(uris).toEqual([
      'billing-emulator://docs/api-behaviour.md',
      'billing-emulator://docs/time-travel.md',
      'billing-emulator://docs/webhooks.md',
    ]);
    const read = await client.readResource({ uri: 'billing-emulator://docs/time-travel.md' });
    expect(read.contents[0]).toMatchObject({
      mimeType: 'text/markdown',
      text: readFileSync(join(ROOT, 'docs/time-travel.md'), 'utf8'),
    });
  });

  it('acts on the store of the access token sent when a call names none', async () => {
    const created = await emulator().control.createStore({
      name: 'By header',
      clock: { now: '2025-03-01T00:00:00Z' },
    });
    client = await connect({ Authorization: `Bearer ${ADMIN}`, 'X-Service-Access-Token': created.token });
    const result = await client.callTool({ name: 'clock_status', arguments: {} });
    expect(JSON.stringify(result.content)).toContain('now 2025-03-01T00:00:00Z');
  });

  it('needs the admin token, as every control route does', async () => {
    const reply = await fetch(`${emulator().url}/_emulator/mcp`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(reply.status).toBe(401);
    await expect(connect({})).rejects.toThrow(/Bearer admin token/);
  });

  it('answers GET and DELETE with 405: it is stateless, with no stream or session', async () => {
    for (const method of ['GET', 'DELETE']) {
      const reply = await fetch(`${emulator().url}/_emulator/mcp`, {
        method,
        headers: { Authorization: `Bearer ${ADMIN}`, Accept: 'text/event-stream' },
      });
      expect(reply.status).toBe(405);
      expect(reply.headers.get('allow')).toBe('POST');
      expect(await reply.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    }
  });

  it('refuses a body that is not JSON-RPC with a JSON-RPC error, never a 500', async () => {
    const reply = await fetch(`${emulator().url}/_emulator/mcp`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${ADMIN}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: '{"not": "json-rpc"',
    });
    expect(reply.status).toBe(400);
    expect(await reply.json()).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
  });
});
