/**
 * docs/webhook-check.md's handlers, run as it prints them: the correct one, and each mistake (its
 * declarations put in place of the correct handler's of the same name). Each runs as a real
 * server in a child process, is checked by the built CLI from a store of its own (the doc's
 * command, with this emulator's URL and the store's token), and must get the report the page
 * shows: the same ✓/✗ lines and score (times and sizes aside) and the CLI's exit code.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator, type WebhookCheckReport } from '../../src/index.js';
import { Api } from '../helpers/api.js';
import { CLI } from '../helpers/cli.js';
import { subscribedCustomer } from '../helpers/factories.js';
import { blocksOf, type DocBlock } from '../helpers/doc-blocks.js';

const PAGE = 'docs/webhook-check.md';
const blocks = blocksOf(PAGE);
const handlerBlocks = blocks.filter((b) => b.lang === 'js');
const correct = handlerBlocks.find((b) => b.marker.includes('runs it as a handler')) as DocBlock;
const mistakes = handlerBlocks.filter((b) => b.marker.includes('runs it in the handler above'));
const reports = blocks.filter((b) => b.lang === 'text');
const command = blocks.find((b) => b.lang === 'sh' && b.marker.includes('runs this command')) as DocBlock;

/** The name a top-level line declares: `function x`, `async function x`, `const x`, an import's module. */
function declared(line: string): string | null {
  const fn = /^(?:async )?function (\w+)/.exec(line) ?? /^const (\w+)/.exec(line);
  if (fn) return fn[1] ?? null;
  return /^import .* from '([^']+)';$/.exec(line)?.[1] ?? null;
}

/** The top-level declarations of `code`: name → its lines (with the doc comment just above). */
function declarations(code: string): Map<string, { start: number; end: number }> {
  const lines = code.split('\n');
  const found = new Map<string, { start: number; end: number }>();
  for (let i = 0; i < lines.length; i++) {
    const name = declared(lines[i] ?? '');
    if (!name) continue;
    let end = i;
    if (!/;\s*(\/\/.*)?$/.test(lines[i] ?? ''))
      while (end < lines.length && !/^}/.test(lines[end] ?? '')) end++;
    const start = /^\/\*\*.*\*\/$/.test(lines[i - 1] ?? '') ? i - 1 : i;
    found.set(name, { start, end });
    i = end;
  }
  return found;
}

/** The correct handler with the mistake's declarations in place of its own. */
function withMistake(base: string, mistake: string): string {
  const lines = base.split('\n');
  const own = declarations(base);
  const given = mistake.split('\n');
  const replacements = [...declarations(mistake)].map(([name, span]) => {
    const target = own.get(name);
    if (!target) throw new Error(`the correct handler has no ${name}`);
    return { target, text: given.slice(span.start, span.end + 1) };
  });
  for (const { target, text } of replacements.sort((a, b) => b.target.start - a.target.start))
    lines.splice(target.start, target.end - target.start + 1, ...text);
  return lines.join('\n');
}

/**
 * The report from its first ✓/✗ line to its score, one entry per check (its wrapped lines joined),
 * with times and the duration made neutral.
 */
function verdicts(text: string): string[] {
  const lines = text.split('\n');
  const first = lines.findIndex((line) => /^[✓✗] /.test(line));
  const score = lines.findIndex((line) => /^\d+\/\d+ checks passed/.test(line));
  return lines
    .slice(first, score + 1)
    .join('\n')
    .split(/\n(?=[✓✗] |\d+\/\d+ checks)/)
    .map((entry) =>
      entry
        .replace(/\s+/g, ' ')
        .replace(/\d+ ms/g, 'N ms')
        .replace(/\(\d+(\.\d+)? s\)/g, '(N s)')
        .trim(),
    );
}

let emulator: Emulator;
const dir = mkdtempSync(join(tmpdir(), 'webhook-check-'));
const children: ChildProcess[] = [];

beforeAll(async () => {
  emulator = await createEmulator({ port: 0, logger: 'silent' });
});
afterAll(async () => {
  for (const child of children) child.kill();
  await emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts a handler's code with a store's secret and token; resolves with its URL. */
async function startHandler(name: string, code: string, store: { token: string; secret: string }) {
  const file = join(dir, `${name}.mjs`);
  writeFileSync(file, code);
  const child = spawn(process.execPath, [file], {
    env: {
      ...process.env,
      PORT: '0',
      WEBHOOK_SECRET: store.secret,
      EMULATOR_URL: emulator.url,
      EMULATOR_TOKEN: store.token,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  return new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (\S+)/.exec(out)?.[1];
      if (url) resolve(url);
    });
    child.on('exit', (code) => reject(new Error(`the handler exited (${code}): ${out}`)));
  });
}

/** The page's command with this run's URLs and token; answers the CLI's exit code, output and JSON report. */
function runCommand(handlerUrl: string, token: string, extra: string[]) {
  const json = join(dir, `report-${token}.json`);
  const args = command.code
    .replace(/\\\n/g, ' ')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map((arg) =>
      arg
        .replace('http://127.0.0.1:3000/webhooks', handlerUrl)
        .replace('http://127.0.0.1:4010', emulator.url)
        .replace('test-token', token),
    );
  return new Promise<{ code: number; stdout: string; report: WebhookCheckReport }>((resolve) => {
    execFile(process.execPath, [CLI, ...args, ...extra, '--json', json], (error, stdout, stderr) => {
      const code = error ? Number((error as { code?: number }).code ?? 1) : 0;
      if (code !== 0 && code !== 1) throw new Error(`check-webhooks failed: ${stderr}`);
      resolve({ code, stdout, report: JSON.parse(readFileSync(json, 'utf8')) as WebhookCheckReport });
    });
  });
}

/** The examples in the page's order, each with the checks that must fail. */
const EXAMPLES = [
  { name: 'correct', failing: [] },
  { name: 'hmac', failing: ['valid', 'hmac', 'duplicate-answered', 'out-of-order', 'service-fate'] },
  { name: 'unverified', failing: ['wrong-signature', 'changed-body', 'no-signature', 'hmac'] },
  { name: 'slow', failing: ['valid', 'duplicate-answered', 'service-fate'], extra: ['--timeout-ms', '200'] },
  { name: 'duplicate', failing: ['duplicate-no-write'] },
  { name: 'unknown', failing: ['unknown-topic'] },
] as const;

describe('docs/webhook-check.md', () => {
  it('has a correct handler, five mistakes and a report for each', () => {
    expect(correct).toBeDefined();
    expect(command).toBeDefined();
    expect(mistakes).toHaveLength(EXAMPLES.length - 1);
    expect(reports).toHaveLength(EXAMPLES.length);
  });

  it.each(EXAMPLES.map((example, index) => [example.name, example, index] as const))(
    'the %s handler gets the report the page shows',
    async (name, example, index) => {
      const mistake = index === 0 ? null : mistakes[index - 1];
      const code = mistake ? withMistake(correct.code, mistake.code) : correct.code;
      const created = await emulator.control.createStore();
      const url = await startHandler(name, code, { token: created.token, secret: created.client_secret });
      const run = await runCommand(url, created.token, 'extra' in example ? [...example.extra] : []);
      const failing = run.report.checks.filter((check) => !check.passed).map((check) => check.id);
      expect(failing, run.stdout).toEqual(example.failing);
      expect(run.code).toBe(failing.length === 0 ? 0 : 1);
      expect(verdicts(run.stdout)).toEqual(verdicts(reports[index]?.code ?? ''));
    },
    60_000,
  );

  it('the correct handler passes every check with every topic, an order among the records it reads', async () => {
    const created = await emulator.control.createStore({ clock: { now: '2025-01-15T12:00:00Z' } });
    const control = emulator.control.forStore(created.token);
    // A paid charge and its order, so every topic has its record (the check never moves this clock).
    await subscribedCustomer(new Api(emulator.url, created.token, '2021-11'));
    await control.advanceClock({ days: 2 });
    const url = await startHandler('correct-all', correct.code, {
      token: created.token,
      secret: created.client_secret,
    });
    const report = await control.checkWebhooks({ url, store: 'current' });
    expect(report.skipped).toEqual([]);
    expect(report.topics.length).toBeGreaterThan(50);
    expect(report.checks.filter((check) => !check.passed)).toEqual([]);
    expect(report.passed).toBe(true);
  }, 60_000);
});
