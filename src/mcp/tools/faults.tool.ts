/** Tools for fault rules: break the emulated API on purpose, list and remove the rules. */
import * as z from 'zod';
import type { FaultAction, FaultRuleInput, FaultRuleView } from '../../client/client.js';
import { controlOf } from '../target.js';
import { answer, storeToken, type ToolModule } from '../tool.js';

const describeFault = (fault: FaultRuleView) =>
  `fault ${fault.id}: ${fault.description} (seen ${fault.seen}, fired ${fault.fired})`;

function actionOf(input: { action: FaultAction['type']; status?: number; ms?: number }): FaultAction {
  switch (input.action) {
    case 'status':
      return { type: 'status', status: input.status ?? 503 };
    case 'latency':
      return { type: 'latency', ms: input.ms ?? 1000 };
    case 'reset':
      return { type: 'reset' };
    case 'truncate':
      return input.status === undefined ? { type: 'truncate' } : { type: 'truncate', status: input.status };
  }
}

export const faultTools: ToolModule = (server, target) => {
  server.registerTool(
    'add_fault',
    {
      title: 'Add a fault rule',
      description:
        'Makes matching requests of the emulated API fail: answer a status (503, 429, ...), wait, reset the connection ' +
        'or cut the body short; always, or for the next n requests; optionally after the change was made (after_commit).',
      inputSchema: {
        store_token: storeToken(),
        path: z
          .string()
          .min(1)
          .describe('Path pattern: * is one segment (/customers/*), a trailing ** any number'),
        method: z
          .enum(['GET', 'POST', 'PUT', 'DELETE', 'HEAD'])
          .optional()
          .describe('Any method when absent'),
        action: z.enum(['status', 'latency', 'reset', 'truncate']).describe('What the rule does'),
        status: z
          .number()
          .int()
          .min(100)
          .max(599)
          .optional()
          .describe('For status and truncate (default 503)'),
        ms: z.number().int().min(0).max(60_000).optional().describe('For latency (default 1000)'),
        next: z.number().int().min(1).optional().describe('Fire for the next n matching requests only'),
        after_commit: z
          .boolean()
          .optional()
          .describe('Serve the request (the store changes), then lose the answer'),
      },
    },
    (input) =>
      answer(async () => {
        const rule: FaultRuleInput = {
          match: { path: input.path, ...(input.method ? { method: input.method } : {}) },
          action: actionOf(input),
          ...(input.next === undefined ? {} : { when: { mode: 'next', n: input.next } }),
          ...(input.after_commit ? { after: 'commit' } : {}),
        };
        return describeFault(await controlOf(target, input.store_token).addFault(rule));
      }),
  );

  server.registerTool(
    'list_faults',
    {
      title: 'List fault rules',
      description: "The store's fault rules, with how many requests each saw and answered.",
      inputSchema: { store_token: storeToken() },
      annotations: { readOnlyHint: true },
    },
    ({ store_token }) =>
      answer(async () => {
        const faults = await controlOf(target, store_token).listFaults();
        return faults.length === 0 ? 'no fault rules' : faults.map(describeFault);
      }),
  );

  server.registerTool(
    'remove_fault',
    {
      title: 'Remove fault rules',
      description: 'Removes one fault rule by id, or all of them.',
      inputSchema: {
        store_token: storeToken(),
        id: z
          .number()
          .int()
          .min(1)
          .optional()
          .describe('The rule to remove (add_fault and list_faults show it)'),
        all: z.boolean().optional().describe('Remove every rule of the store'),
      },
    },
    ({ store_token, id, all }) =>
      answer(async () => {
        const control = controlOf(target, store_token);
        if (all === true && id === undefined) {
          await control.clearFaults();
          return 'removed every fault rule';
        }
        if (id === undefined || all === true) throw new Error('Give either id or all, not both or neither.');
        await control.removeFault(id);
        return `removed fault ${id}`;
      }),
  );
};
