/**
 * How a tool module registers its tools: typed inputs (a zod shape), a short text answer, and a
 * failure of the emulator answered as the tool's error (`isError`), not thrown at the agent.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as z from 'zod';
import { describeFailure, type McpTarget } from './target.js';

/** A tool module: registers its area's tools on the server. */
export type ToolModule = (server: McpServer, target: McpTarget) => void;

/** The text answer of a tool. */
export function text(lines: string | readonly string[]): CallToolResult {
  return { content: [{ type: 'text', text: typeof lines === 'string' ? lines : lines.join('\n') }] };
}

/** Runs a tool's work; a failure becomes its error answer. */
export async function answer(work: () => Promise<string | readonly string[]>): Promise<CallToolResult> {
  try {
    return text(await work());
  } catch (error) {
    return { ...text(describeFailure(error)), isError: true };
  }
}

/** The `store_token` input every store tool takes. */
export const storeToken = () =>
  z
    .string()
    .min(1)
    .optional()
    .describe('Access token of the store to act on (create_store answers one); default: the default store');
