/**
 * `POST /_emulator/mcp`: the MCP server over streamable HTTP, stateless (a server and a transport
 * per request, as the SDK does it without sessions), answering JSON rather than an event stream.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpServer } from './server.js';
import type { McpTarget } from './target.js';

export async function serveMcpRequest(
  target: McpTarget,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const server = createMcpServer(target);
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res);
}
