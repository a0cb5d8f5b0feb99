/**
 * The MCP server: the emulator's tools and guides for AI agents, one tool module per area, every
 * tool working through the control client and the emulated API over HTTP (decision 0047). Loaded
 * only by the `mcp` command and by the first request to `/_emulator/mcp`, never by `start`.
 *
 * @example
 * const server = createMcpServer({ baseUrl: emulator.url, token: emulator.token });
 * await server.connect(new StdioServerTransport());
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { VERSION } from '../platform/version.js';
import { registerDocResources } from './resources.js';
import type { McpTarget } from './target.js';
import type { ToolModule } from './tool.js';
import { clockTools } from './tools/clock.tool.js';
import { customerTools } from './tools/customers.tool.js';
import { explainTools } from './tools/explain.tool.js';
import { faultTools } from './tools/faults.tool.js';
import { journalTools } from './tools/journal.tool.js';
import { scenarioTools } from './tools/scenarios.tool.js';
import { snapshotTools } from './tools/snapshots.tool.js';
import { storeTools } from './tools/stores.tool.js';
import { webhookTools } from './tools/webhooks.tool.js';

export type { McpTarget } from './target.js';

const TOOL_MODULES: readonly ToolModule[] = [
  storeTools,
  customerTools,
  clockTools,
  faultTools,
  scenarioTools,
  snapshotTools,
  journalTools,
  webhookTools,
  explainTools,
];

const INSTRUCTIONS =
  'billing-emulator: a local emulator of a recurring-billing REST API with a virtual clock. Typical use: ' +
  'create_store (or use the default store), setup_customer with a test card (tok_declined to fail), advance_clock ' +
  'to run charges and retries, explain_charge to see why a charge is where it is, read_inbox and list_deliveries ' +
  'for webhooks, read_journal for the requests your code sent. The docs resources describe the API and the clock.';

export function createMcpServer(target: McpTarget): McpServer {
  const server = new McpServer(
    { name: 'billing-emulator', version: VERSION },
    { instructions: INSTRUCTIONS },
  );
  for (const register of TOOL_MODULES) register(server, target);
  registerDocResources(server);
  return server;
}
