/**
 * Rough edges of the CLI a newcomer meets in the first hour: a port already taken says which option
 * and variable choose another, and an unknown command names every command there is.
 */
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, runCli } from '../helpers/cli.js';

const run = (args: string[], env: Record<string, string> = {}) =>
  promisify(execFile)(process.execPath, [CLI, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

describe('a port already in use', () => {
  const holder = createServer();
  let port = 0;
  beforeAll(async () => {
    holder.listen(0, '127.0.0.1');
    await once(holder, 'listening');
    port = (holder.address() as AddressInfo).port;
  });
  afterAll(() => holder.close());

  it.each([
    ['--port', (p: number) => [['start', '--port', String(p)], {}] as const],
    ['BILLING_EMULATOR_PORT', (p: number) => [['start'], { BILLING_EMULATOR_PORT: String(p) }] as const],
  ])('given by %s: says so, names --port and BILLING_EMULATOR_PORT, exits 1', async (_, given) => {
    const [args, env] = given(port);
    const { code, stdout, stderr } = await run([...args], env);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toContain(`Port ${port} on 127.0.0.1 is already in use`);
    expect(stderr).toMatch(/--port \d+ or BILLING_EMULATOR_PORT=\d+ \(0 picks a free one\)/);
    expect(stderr).not.toMatch(/EADDRINUSE/);
  });
});

describe('an unknown command', () => {
  it('names every command --help lists', async () => {
    const help = await runCli('--help');
    const commands = help.stdout.slice(help.stdout.indexOf('Commands:'), help.stdout.indexOf('Options:'));
    const listed = [...commands.matchAll(/^ {2}billing-emulator ([a-z-]+)/gm)].map((match) => match[1]);
    expect(listed).toContain('clone');
    const { code, stderr } = await runCli('nope');
    expect(code).toBe(1);
    expect(stderr).toContain(`Unknown command "nope". The commands are: ${listed.join(', ')}.`);
  });
});
