/** The MCP server on stdin and stdout, for agents that start their tools themselves (`billing-emulator mcp`). */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createMcpServer } from './server.js';
import type { McpTarget } from './target.js';

/** Serves until the agent closes stdin (or the transport closes); then resolves. */
export async function serveStdio(target: McpTarget): Promise<void> {
  const server = createMcpServer(target);
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = resolve;
    process.stdin.once('end', resolve);
  });
  await server.connect(transport);
  await closed;
  await server.close();
}
