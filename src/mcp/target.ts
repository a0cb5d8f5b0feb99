/**
 * What the MCP tools act on: an emulator by its URL, through the typed control client and the
 * emulated API over HTTP, as any client of it would (decision 0047). The same code serves the
 * `mcp` command (stdio) and `/_emulator/mcp` on a running emulator.
 */
import { ControlClient, ControlError } from '../client/client.js';
import { headerNames } from '../http/headers.js';
import { VERSION } from '../platform/version.js';

/** The User-Agent of the tools' own requests: `explain_charge` leaves them out of a story. */
export const MCP_USER_AGENT = `billing-emulator-mcp/${VERSION}`;

export interface McpTarget {
  /** The emulator's base URL, e.g. `http://127.0.0.1:4010`. */
  readonly baseUrl: string;
  /** Sent as `Authorization: Bearer` when the emulator has `--admin-token`. */
  readonly adminToken?: string;
  /** Middle word of the custom headers (`--header-prefix`), default `Service`. */
  readonly headerPrefix?: string;
  /** The store the tools act on when a call names none (the default store's token). */
  readonly token?: string;
}

/** A non-2xx answer of the emulated API. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly request: string,
  ) {
    super(`${request} answered ${status}: ${JSON.stringify(body)}`);
    this.name = 'ApiCallError';
  }
}

/** The control client of a store: the one of `token`, else the target's. */
export function controlOf(target: McpTarget, token?: string): ControlClient {
  return new ControlClient({
    baseUrl: target.baseUrl,
    token: token ?? target.token,
    adminToken: target.adminToken,
    headerPrefix: target.headerPrefix,
  });
}

/** Calls the emulated API as the store of `token` (else the target's) and answers the parsed body. */
export async function callApi<T = Record<string, unknown>>(
  target: McpTarget,
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const store = token ?? target.token;
  if (!store)
    throw new Error(
      'No store token: pass store_token (create_store answers one), or start `billing-emulator mcp` with --token.',
    );
  const names = headerNames(target.headerPrefix);
  // The tools read and write 2021-11 shapes, whatever the store's default version.
  const headers: Record<string, string> = {
    [names.accessToken]: store,
    [names.version]: '2021-11',
    'User-Agent': MCP_USER_AGENT,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${target.baseUrl.replace(/\/$/, '')}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const parsed: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw new ApiCallError(response.status, parsed, `${method} ${path}`);
  return parsed as T;
}

/** One line saying why a call failed, for a tool's error result. */
export function describeFailure(error: unknown): string {
  if (error instanceof ControlError)
    return `The control API answered ${error.status}: ${JSON.stringify(error.body)}`;
  if (error instanceof ApiCallError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
