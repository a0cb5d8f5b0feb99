/**
 * `/_emulator/mcp`: the MCP server for AI agents over streamable HTTP, behind the same checks as
 * every control route (the admin token when the emulator has one). The SDK is loaded on the first
 * request, never at start (decision 0047). Its tools act on the store of the access token sent, or
 * on the default store, and call this emulator over its own loopback URL.
 */
import { errors } from '../errors/messages.js';
import type { ControlEndpoint } from './control.types.js';

/** Stateless: no stream to open (GET) and no session to end (DELETE), as the SDK's own example answers. */
const noSession = {
  status: 405,
  headers: { Allow: 'POST' },
  body: {
    jsonrpc: '2.0',
    error: { code: -32000, message: 'Method not allowed: send JSON-RPC with POST.' },
    id: null,
  },
};

export const mcpControlEndpoints: readonly ControlEndpoint[] = [
  {
    method: 'POST',
    path: '/mcp',
    summary:
      'The MCP server for AI agents (streamable HTTP, stateless, JSON answers): tools over the control API for the store of the token sent (docs/agents.md)',
    // Its tools reach across stores (list, create): the admin token on a shared instance.
    access: 'admin',
    takesOver: true,
    handle: async ({ deps, store, exchange }) => {
      const baseUrl = deps.selfUrl?.();
      if (!baseUrl || !exchange) throw errors.notFound();
      const { serveMcpRequest } = await import('../mcp/http.js');
      await serveMcpRequest(
        {
          baseUrl,
          adminToken: deps.adminToken,
          headerPrefix: deps.headers.prefix,
          token: store.tokens[0]?.token,
        },
        exchange.req,
        exchange.res,
      );
      return {};
    },
  },
  {
    method: 'GET',
    path: '/mcp',
    summary: 'Answers 405: the MCP endpoint is stateless (POST only)',
    access: 'public',
    handle: () => noSession,
  },
  {
    method: 'DELETE',
    path: '/mcp',
    summary: 'Answers 405: the MCP endpoint has no sessions to end',
    access: 'public',
    handle: () => noSession,
  },
];
