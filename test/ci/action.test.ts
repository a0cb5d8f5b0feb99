/**
 * The GitHub Action (action.yml) as a job runs it: its step's command, with the inputs put in its
 * environment the way the runner does, GITHUB_OUTPUT a file; then the outputs are read back and
 * the emulator they name is called with them.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { verifyWebhook } from '../../src/index.js';
import { CLI } from '../helpers/cli.js';
import { ROOT } from '../helpers/doc-blocks.js';

interface Action {
  readonly runs: {
    readonly using: string;
    readonly steps: readonly { id: string; shell: string; run: string; env: Record<string, string> }[];
  };
  readonly inputs: Record<string, { default?: string }>;
  readonly outputs: Record<string, { value: string }>;
}

const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as Action;

// A job's workspace: a project with billing-emulator installed (the built CLI as its bin).
const workspace = mkdtempSync(join(tmpdir(), 'billing-emulator-action-'));
mkdirSync(join(workspace, 'node_modules', '.bin'), { recursive: true });
symlinkSync(CLI, join(workspace, 'node_modules', '.bin', 'billing-emulator'));
const started: number[] = [];
afterAll(() => {
  for (const pid of started)
    try {
      process.kill(pid, 'SIGTERM');
    } catch {
      // already gone
    }
  rmSync(workspace, { recursive: true, force: true });
});

/** Runs the action's step as the runner would, with `inputs` over the defaults; answers its outputs. */
async function runAction(
  inputs: Record<string, string>,
): Promise<{ code: number; log: string; outputs: Record<string, string> }> {
  const [step] = action.runs.steps;
  if (!step) throw new Error('action.yml has no step');
  const value = (name: string) => inputs[name] ?? action.inputs[name]?.default ?? '';
  const env: Record<string, string> = {};
  for (const [name, expression] of Object.entries(step.env))
    env[name] = expression.replace(/\$\{\{ inputs\.([\w-]+) \}\}/g, (_, input: string) => value(input));
  const outputFile = join(workspace, `output-${started.length}-${Math.random()}`);
  writeFileSync(outputFile, '');
  const result = await new Promise<{ code: number; log: string }>((resolve) => {
    execFile(
      step.shell,
      ['-e', '-c', step.run],
      {
        cwd: workspace,
        env: {
          ...process.env,
          ...env,
          GITHUB_ACTION_PATH: ROOT,
          GITHUB_OUTPUT: outputFile,
          RUNNER_TEMP: workspace,
        },
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, log: `${stdout}${stderr}` }),
    );
  });
  const outputs: Record<string, string> = {};
  for (const line of readFileSync(outputFile, 'utf8').split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) outputs[line.slice(0, at)] = line.slice(at + 1);
  }
  if (outputs.pid) started.push(Number(outputs.pid));
  return { ...result, outputs };
}

describe('action.yml', () => {
  it("is a composite action whose outputs are its step's url, token, client-secret and pid", () => {
    expect(action.runs.using).toBe('composite');
    expect(action.runs.steps).toHaveLength(1);
    for (const name of ['url', 'token', 'client-secret', 'pid'])
      expect(action.outputs[name]?.value).toBe(`\${{ steps.start.outputs.${name} }}`);
    // Every input reaches the script.
    const env = Object.values(action.runs.steps[0]?.env ?? {}).join(' ');
    for (const input of Object.keys(action.inputs)) expect(env).toContain(`\${{ inputs.${input} }}`);
  });

  it("starts the project's billing-emulator, waits for health, and gives URL, token and client secret", async () => {
    const run = await runAction({ port: '0', token: 'ci-token', args: '--api-version 2021-01' });
    expect(run.code, run.log).toBe(0);
    const { url = '', token, 'client-secret': secret = '' } = run.outputs;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(token).toBe('ci-token');
    expect(run.log).toContain(`billing-emulator is up at ${url}`);

    const health = await fetch(`${url}/_emulator/health`);
    expect(health.status).toBe(200);
    const customers = await fetch(`${url}/customers`, { headers: { 'X-Service-Access-Token': 'ci-token' } });
    expect(customers.status).toBe(200);
    expect(customers.headers.get('x-service-version')).toBe('2021-01');
    // The client secret is the default store's: a webhook it signs verifies with it.
    const inbox = `${url}/_emulator/inbox/action`;
    const headers = {
      'X-Service-Access-Token': 'ci-token',
      'X-Service-Version': '2021-11',
      'Content-Type': 'application/json',
    };
    const webhook = await fetch(`${url}/webhooks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ address: inbox, topic: 'customer/created' }),
    });
    expect(webhook.ok, await webhook.text()).toBe(true);
    const customer = await fetch(`${url}/customers`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'ci@example.com', first_name: 'C', last_name: 'I' }),
    });
    expect(customer.ok, await customer.text()).toBe(true);
    await fetch(`${url}/_emulator/webhooks/flush`, {
      method: 'POST',
      headers: { 'X-Service-Access-Token': 'ci-token' },
    });
    const read = (await (await fetch(inbox)).json()) as {
      inbox: { entries: { body: string; headers: Record<string, string> }[] };
    };
    const [entry] = read.inbox.entries;
    expect(verifyWebhook(entry?.body ?? '', entry?.headers['x-service-hmac-sha256'] ?? '', secret)).toBe(
      true,
    );
  }, 60_000);

  it("fails the step with the emulator's own words when it cannot start", async () => {
    const run = await runAction({ port: '0', args: '--api-version 1999-01' });
    expect(run.code).not.toBe(0);
    expect(run.log).toContain('::error::billing-emulator: it exited before listening');
    expect(run.log).toMatch(/api-version/);
    expect(run.outputs).toEqual({});
  }, 60_000);
});
