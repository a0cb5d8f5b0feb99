/** The request journal: what the integration sent to the emulated API, and what it got. */
import * as z from 'zod';
import { controlOf } from '../target.js';
import { answer, storeToken, type ToolModule } from '../tool.js';

/** At most this many characters of a body in a line. */
const BODY_CHARS = 300;

function clip(value: unknown): string {
  if (value === null || value === undefined) return '';
  const json = JSON.stringify(value);
  return json.length > BODY_CHARS ? `${json.slice(0, BODY_CHARS)}...` : json;
}

export const journalTools: ToolModule = (server, target) => {
  server.registerTool(
    'read_journal',
    {
      title: 'Read the request journal',
      description:
        'Requests the store received on the emulated API, newest first: time, method, path, status, fault, and ' +
        'the bodies (cut short); filter by method, path pattern or status.',
      inputSchema: {
        store_token: storeToken(),
        method: z.string().min(1).optional(),
        path: z
          .string()
          .min(1)
          .optional()
          .describe('Path pattern: * is one segment, a trailing ** any number'),
        status: z
          .string()
          .regex(/^[1-5](\d\d|xx)$/)
          .optional()
          .describe('An exact status (422) or a class (4xx)'),
        limit: z.number().int().min(1).max(100).optional().describe('Default 20'),
        bodies: z.boolean().optional().describe('Show request and response bodies (default true)'),
      },
      annotations: { readOnlyHint: true },
    },
    ({ store_token, method, path, status, limit, bodies }) =>
      answer(async () => {
        const entries = await controlOf(target, store_token).requests({
          method,
          path,
          status,
          limit: limit ?? 20,
        });
        if (entries.length === 0) return 'no requests recorded';
        return entries.map((entry) => {
          const query = new URLSearchParams(entry.query).toString();
          const fault = entry.fault ? ` [fault ${entry.fault.id}: ${entry.fault.action}]` : '';
          const head = `#${entry.id} ${entry.at} ${entry.method} ${entry.path}${query ? `?${query}` : ''} -> ${entry.status ?? 'no answer'}${fault}`;
          if (bodies === false) return head;
          const sent = clip(entry.body);
          return `${head}${sent ? `\n  sent: ${sent}` : ''}\n  got: ${clip(entry.response_body)}`;
        });
      }),
  );
};
