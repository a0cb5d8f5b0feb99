/**
 * What both MCP transports must do, through the SDK's own client: list the tools, call each one,
 * and explain a charge that failed twice and was then paid (the README walkthrough's story).
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { expect } from 'vitest';

export const TOOLS = [
  'list_stores',
  'create_store',
  'setup_customer',
  'clock_status',
  'advance_clock',
  'set_clock_mode',
  'add_fault',
  'list_faults',
  'remove_fault',
  'list_scenarios',
  'run_scenario',
  'save_snapshot',
  'restore_snapshot',
  'list_snapshots',
  'read_journal',
  'read_inbox',
  'list_deliveries',
  'explain_charge',
] as const;

/** Calls a tool and answers its text; fails the test when the tool answered an error. */
export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<string> {
  const result = await client.callTool({ name, arguments: args });
  const content = result.content as { type: string; text?: string }[];
  const text = content.map((part) => part.text ?? '').join('\n');
  expect(result.isError ?? false, `${name}: ${text}`).toBe(false);
  return text;
}

/** The first number after `label` in a tool's text. */
export function idAfter(text: string, label: string): number {
  const match = new RegExp(`${label} (\\d+)`).exec(text);
  if (!match) throw new Error(`no "${label} <id>" in:\n${text}`);
  return Number(match[1]);
}

/** Lines of `text` matching each pattern, in that order (fails on a missing or misplaced one). */
export function expectInOrder(text: string, patterns: readonly RegExp[]): void {
  const lines = text.split('\n');
  let at = -1;
  for (const pattern of patterns) {
    const found = lines.findIndex((line, index) => index > at && pattern.test(line));
    expect(found, `${pattern} after line ${at + 1} of:\n${text}`).toBeGreaterThan(at);
    at = found;
  }
}

/**
 * Every tool once, in a store of the tour's own, and the walkthrough's charge explained.
 * `webhookBase` is the emulator's URL (its inbox takes the store's charge/failed webhooks);
 * `subscribe` makes that webhook through the emulated API.
 */
export async function tour(
  client: Client,
  options: {
    readonly subscribe: (token: string, address: string) => Promise<void>;
    readonly updateCard: (token: string, customerId: number) => Promise<void>;
    readonly inbox: string;
    readonly webhookBase: string;
  },
): Promise<void> {
  const names = (await client.listTools()).tools.map((tool) => tool.name);
  expect([...names].sort()).toEqual([...TOOLS].sort());

  const created = await call(client, 'create_store', { name: 'MCP tour', now: '2025-01-15T12:00:00Z' });
  expect(created).toMatch(/store \d+ "MCP tour": clock 2025-01-15T12:00:00Z/);
  const store_token = /token: (\S+)/.exec(created)?.[1] ?? '';
  expect(created).toMatch(/client secret: \S+/);
  expect(await call(client, 'list_stores')).toContain('"MCP tour"');

  await options.subscribe(store_token, `${options.webhookBase}/_emulator/inbox/${options.inbox}`);
  const setup = await call(client, 'setup_customer', { store_token, card_token: 'tok_declined' });
  const customerId = idAfter(setup, 'customer');
  const chargeId = idAfter(setup, 'queued charge');
  expect(setup).toContain('first charge 2025-01-16');

  expect(await call(client, 'clock_status', { store_token })).toMatch(
    new RegExp(`now 2025-01-15T12:00:00Z \\(frozen\\)[\\s\\S]*charge_attempt charge:${chargeId}`),
  );
  expect(await call(client, 'save_snapshot', { store_token, name: 'before' })).toContain(
    'saved snapshot "before"',
  );
  expect(await call(client, 'list_snapshots', { store_token })).toContain('"before"');

  const first = await call(client, 'advance_clock', { store_token, days: 1 });
  expect(first).toContain(`charge_attempt charge:${chargeId}: failed: CARD_DECLINED`);
  expect(first).toContain('events: charge/failed');
  expect(await call(client, 'advance_clock', { store_token, days: 1 })).toContain('failed: CARD_DECLINED');
  await options.updateCard(store_token, customerId);
  expect(await call(client, 'advance_clock', { store_token, days: 1 })).toContain(
    `charge_attempt charge:${chargeId}: paid`,
  );

  const story = await call(client, 'explain_charge', { store_token, charge_id: chargeId });
  expect(story.split('\n')[0]).toMatch(
    new RegExp(`^charge ${chargeId}: success, recurring 20\\.00 USD, .*; 2 failed attempts, then paid$`),
  );
  expectInOrder(story, [
    /^2025-01-15T12:00:00Z charge created \(api/,
    /^2025-01-16T00:00:00Z attempt 1 failed: CARD_DECLINED \("Your card was declined\."\), retry on 2025-01-17T00:00:00Z$/,
    /^2025-01-16T00:00:00Z +webhook charge\/failed to .*\/_emulator\/inbox\/.*: succeeded, answered 200$/,
    /^2025-01-17T00:00:00Z attempt 2 failed: CARD_DECLINED .*, retry on 2025-01-\d\dT00:00:00Z$/,
    /^2025-01-17T12:00:00Z .*[Pp]ayment method .*updated \(customer_portal/,
    /^2025-01-18T00:00:00Z attempt 3 paid$/,
    /^2025-01-18T00:00:00Z order \d+ created$/,
    /^order \d+: success/,
  ]);

  const inbox = await call(client, 'read_inbox', { name: options.inbox, topic: 'charge/failed' });
  expect(inbox.match(/charge\/failed: valid signature/g)).toHaveLength(2);
  expect(await call(client, 'read_inbox')).toContain(`${options.inbox}: 2 received`);
  expect(await call(client, 'list_deliveries', { store_token })).toMatch(/charge\/failed to .*: succeeded/);

  const fault = await call(client, 'add_fault', {
    store_token,
    path: '/customers',
    method: 'GET',
    action: 'status',
    status: 503,
    next: 1,
  });
  const faultId = idAfter(fault, 'fault');
  expect(await call(client, 'list_faults', { store_token })).toContain(`fault ${faultId}:`);
  expect(await call(client, 'remove_fault', { store_token, id: faultId })).toBe(`removed fault ${faultId}`);
  expect(await call(client, 'list_faults', { store_token })).toBe('no fault rules');

  const journal = await call(client, 'read_journal', { store_token, method: 'POST', path: '/subscriptions' });
  expect(journal).toMatch(/^#\d+ 2025-01-15T12:00:00Z POST \/subscriptions -> 201/);

  expect(await call(client, 'restore_snapshot', { store_token, name: 'before' })).toContain(
    'restored to "before": clock 2025-01-15T12:00:00Z',
  );
  expect(await call(client, 'set_clock_mode', { store_token, mode: 'frozen' })).toContain('(frozen)');

  expect(await call(client, 'list_scenarios')).toMatch(/^dunning \(\d+ steps\): /m);
  expect(await call(client, 'run_scenario', { name: 'dunning' })).toMatch(
    /^dunning: (\d+) steps, \1 passed$/m,
  );

  // A refusal of the emulator is the tool's error, said in a line, not a protocol failure.
  const missing = await client.callTool({
    name: 'explain_charge',
    arguments: { store_token, charge_id: 999 },
  });
  expect(missing.isError).toBe(true);
  expect(JSON.stringify(missing.content)).toContain('404');
}
