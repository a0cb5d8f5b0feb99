/**
 * `billing-emulator mcp`: the MCP server on stdio, started as agents start it (the SDK's own
 * StdioClientTransport spawning the built CLI), with an emulator of its own or attached to one;
 * and the configurations docs/agents.md shows start exactly that command.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { Api } from '../helpers/api.js';
import { CLI } from '../helpers/cli.js';
import { blocksOf, ROOT } from '../helpers/doc-blocks.js';
import { useEmulator } from '../helpers/emulator.js';
import { ControlClient } from '../../src/client/client.js';
import { call, TOOLS, tour } from './tour.js';

const ADMIN = 'attach-admin';
const { emulator } = useEmulator({ adminToken: ADMIN, token: 'attach-token' });

let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

/** Connects the SDK's client to `command args`, and collects what the server says on stderr. */
async function spawnServer(
  command: string,
  args: string[],
  cwd?: string,
): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command, args, cwd, stderr: 'pipe' });
  let said = '';
  (transport.stderr as Readable | null)?.on('data', (chunk: Buffer) => (said += chunk.toString()));
  const connected = new Client({ name: 'mcp-stdio-test', version: '1.0.0' });
  await connected.connect(transport);
  return { client: connected, stderr: () => said };
}

describe('billing-emulator mcp', () => {
  it('starts an emulator of its own: lists the tools, calls each one, and explains a charge that failed twice and was then paid', async () => {
    const server = await spawnServer(process.execPath, [CLI, 'mcp']);
    client = server.client;
    // stderr says where its emulator listens (the dashboard can watch it); stdout is MCP only.
    const url = /started an emulator at (\S+)/.exec(server.stderr())?.[1] ?? '';
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const control = new ControlClient({ baseUrl: url });
    await tour(client, {
      inbox: 'mcp-stdio-tour',
      webhookBase: url,
      subscribe: async (token, address) => {
        const reply = await new Api(url, token).call('POST', '/webhooks', {
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
  }, 90_000);

  it('attaches to a running emulator with --url, --token and --admin-token', async () => {
    const server = await spawnServer(process.execPath, [
      CLI,
      'mcp',
      '--url',
      emulator().url,
      '--token',
      'attach-token',
      '--admin-token',
      ADMIN,
    ]);
    client = server.client;
    expect(server.stderr()).toContain(`attached to the emulator at ${emulator().url}`);
    const setup = await call(client, 'setup_customer', { email: 'grace@example.com' });
    expect(setup).toContain('(grace@example.com)');
    // The customer is in the store of --token, the running emulator's default store.
    const reply = await new Api(emulator().url, 'attach-token').call(
      'GET',
      '/customers?email=grace@example.com',
    );
    expect(reply.body.customers).toHaveLength(1);
  }, 60_000);

  it('says what is wrong when the admin token is missing, as a tool error', async () => {
    const server = await spawnServer(process.execPath, [CLI, 'mcp', '--url', emulator().url]);
    client = server.client;
    const result = await client.callTool({ name: 'list_stores', arguments: {} });
    expect(result.isError).toBe(true);
    expect(JSON.stringify(result.content)).toContain('401');
  }, 60_000);
});

describe('the configurations of docs/agents.md', () => {
  const blocks = blocksOf('docs/agents.md');
  const configs = blocks
    .filter((block) => block.lang === 'json')
    .map((block) => JSON.parse(block.code) as Record<string, Record<string, Record<string, unknown>>>);
  const stdio = configs
    .map((config) => (config.mcpServers ?? config.servers)?.['billing-emulator'])
    .filter((server): server is Record<string, unknown> => typeof server?.command === 'string');
  const http = configs
    .map((config) => config.mcpServers?.['billing-emulator'])
    .filter((server): server is Record<string, unknown> => typeof server?.url === 'string');

  // A project with billing-emulator installed, as the page assumes (this checkout, linked).
  const project = mkdtempSync(join(tmpdir(), 'billing-emulator-agents-'));
  mkdirSync(join(project, 'node_modules', '.bin'), { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'agent-project', private: true }));
  symlinkSync(ROOT, join(project, 'node_modules', 'billing-emulator'));
  symlinkSync(join(CLI), join(project, 'node_modules', '.bin', 'billing-emulator'));
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it('starts the server each stdio configuration names, in a project that has the package', async () => {
    expect(stdio).toHaveLength(2);
    for (const server of stdio) {
      const started = await spawnServer(String(server.command), server.args as string[], project);
      const names = (await started.client.listTools()).tools.map((tool) => tool.name);
      await started.client.close();
      expect([...names].sort()).toEqual([...TOOLS].sort());
    }
  }, 120_000);

  it('names the same command for Claude Code and Codex', () => {
    const [first] = stdio;
    const command = [String(first?.command), ...(first?.args as string[])];
    const claude = blocks.find((block) => block.code.startsWith('claude mcp add billing-emulator'));
    expect(claude?.code.trim().split(' -- ')[1]?.split(' ')).toEqual(command);
    const codex = blocks.find((block) => block.lang === 'toml')?.code ?? '';
    expect(codex).toContain('[mcp_servers.billing-emulator]');
    expect(codex).toContain(`command = ${JSON.stringify(command[0])}`);
    expect(codex).toContain(`args = ${JSON.stringify(command.slice(1)).replace(/,/g, ', ')}`);
  });

  it('reaches /_emulator/mcp at the path the HTTP configuration names', async () => {
    expect(http).toHaveLength(1);
    const path = new URL(String(http[0]?.url)).pathname;
    const reply = await fetch(`${emulator().url}${path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${ADMIN}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    expect(reply.status).toBe(200);
    const body = (await reply.json()) as { result: { tools: { name: string }[] } };
    expect(body.result.tools.map((tool) => tool.name).sort()).toEqual([...TOOLS].sort());
  });
});
