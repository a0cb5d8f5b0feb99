/**
 * What a newcomer meets in the first hour, through the CLI and HTTP as they meet it: the help of
 * each command, sentences for mistakes, `--data` checked before listening, a banner that says what
 * was loaded, Ctrl-C through `npm start`, output directories made on the way, 415 bodies that say
 * why, the dashboard for a browser at `/`, calendar months on the clock. Each case failed before.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';
import { runCli, startCli } from '../helpers/cli.js';
import { ROOT } from '../helpers/doc-blocks.js';

const dir = mkdtempSync(join(tmpdir(), 'billing-emulator-first-hour-'));

const cli = runCli;

describe('the CLI speaks to people', () => {
  it.each([
    [
      ['start'],
      /Examples:[\s\S]*\[env BILLING_EMULATOR_PORT\]|\[env BILLING_EMULATOR_PORT\][\s\S]*Examples:/,
    ],
    [['scenario', 'run'], /billing-emulator scenario run <scenario>[\s\S]*--junit[\s\S]*Examples:/],
    [['scenario', 'list'], /billing-emulator scenario list[\s\S]*Examples:/],
    [['fixtures', 'generate'], /--customers[\s\S]*\[env BILLING_EMULATOR_CUSTOMERS\][\s\S]*Examples:/],
    [['fixtures', 'check'], /billing-emulator fixtures check <file>[\s\S]*Examples:/],
    [['fixtures', 'validate'], /billing-emulator fixtures check <file>[\s\S]*Examples:/],
    [['record'], /--upstream[\s\S]*\[env BILLING_EMULATOR_UPSTREAM\][\s\S]*Examples:/],
    [['verify'], /billing-emulator verify <recording>[\s\S]*\[env BILLING_EMULATOR_JUNIT\][\s\S]*Examples:/],
    [
      ['check-webhooks'],
      /billing-emulator check-webhooks <url>[\s\S]*\[env BILLING_EMULATOR_TIMEOUT_MS\][\s\S]*Examples:/,
    ],
  ])('%j --help is its own, with examples and environment variables', async (command, pattern) => {
    const { code, stdout } = await cli(...command, '--help');
    expect(code).toBe(0);
    expect(stdout.replace(/\s+/g, ' ')).toMatch(pattern);
  });

  it.each([
    [[], 'Name a command: start, scenario, fixtures, record, verify, clone, mcp, check-webhooks'],
    [
      ['nope'],
      'Unknown command "nope". The commands are: start, scenario, fixtures, record, verify, clone, mcp, check-webhooks.',
    ],
    [['scenario'], 'Name a scenario command: run, list'],
    [['scenario', 'walk'], 'Unknown scenario command "walk". The scenario commands are: run, list.'],
    [['scenario', 'run'], 'scenario run needs a scenario'],
    [['fixtures'], 'Name a fixtures command: generate, check, validate'],
    [['fixtures', 'validate'], 'fixtures validate needs a fixture file'],
    [
      ['start', '--port', 'abc'],
      '--port (BILLING_EMULATOR_PORT) takes a whole number from 0 to 65535, not "abc".',
    ],
    [['start', '--port', '70000'], '--port (BILLING_EMULATOR_PORT) takes a whole number from 0 to 65535'],
    [
      ['start', '--api-version', '1999-01'],
      '--api-version (BILLING_EMULATOR_API_VERSION) takes one of 2021-01, 2021-11',
    ],
    [['start', '--bogus'], 'Unknown option --bogus for start'],
    [
      ['fixtures', 'generate', '--seed', 'x'],
      '--seed (BILLING_EMULATOR_SEED) takes a whole number of at least 0',
    ],
    [['verify'], 'verify needs a recording (a HAR file billing-emulator record wrote)'],
    [['check-webhooks'], 'check-webhooks needs the URL of your webhook handler'],
    [
      ['check-webhooks', 'not-a-url'],
      '--url (BILLING_EMULATOR_URL) takes an http:// or https:// URL, not "not-a-url".',
    ],
    [
      ['verify', join(dir, 'none.har')],
      `Cannot read the recording ${join(dir, 'none.har')}: there is no such file.`,
    ],
    [
      ['scenario', 'run', join(dir, 'none.yaml')],
      `${join(dir, 'none.yaml')}: Cannot read the scenario file: there is no such file.`,
    ],
    [
      ['fixtures', 'check', join(dir, 'none.json')],
      `${join(dir, 'none.json')}: Cannot read the fixture file: there is no such file.`,
    ],
    [['start', '--scenario', dir], `${dir}: Cannot read the scenario file: it is a directory.`],
    [['record'], 'record needs --upstream (BILLING_EMULATOR_UPSTREAM)'],
    [
      ['record', '--upstream', 'api.example.com'],
      '--upstream (BILLING_EMULATOR_UPSTREAM) takes an http:// or https:// URL, not "api.example.com".',
    ],
    [
      ['record', '--upstream', 'https://api.example.com', '--port', 'abc'],
      '--port (BILLING_EMULATOR_PORT) takes a whole number from 0 to 65535, not "abc".',
    ],
  ])('%j is answered with a sentence and exit code 1', async (args, sentence) => {
    const { code, stderr } = await cli(...args);
    expect(code).toBe(1);
    expect(stderr).toContain(sentence);
    expect(stderr).not.toMatch(
      /Not enough non-option arguments|Unknown argument|Missing required|Invalid URL|ENOENT|Received type/,
    );
  });

  it('--junit, --json and --out make their directories (regression: ENOENT after a green run)', async () => {
    const junit = join(dir, 'reports', 'deep', 'fail-then-ok.xml');
    const run = await cli('scenario', 'run', 'fail-then-ok', '--junit', junit);
    expect(run.code).toBe(0);
    expect(existsSync(junit)).toBe(true);
    const out = join(dir, 'fixtures-out', 'shop.json');
    expect((await cli('fixtures', 'generate', '--seed', '1', '--customers', '3', '--out', out)).code).toBe(0);
    expect(existsSync(out)).toBe(true);
    const har = join(dir, 'empty.har');
    writeFileSync(
      har,
      JSON.stringify({ log: { version: '1.2', creator: { name: 't', version: '1' }, entries: [] } }),
    );
    const [parityJunit, parityJson] = [join(dir, 'parity', 'a', 'x.xml'), join(dir, 'parity', 'b', 'x.json')];
    expect((await cli('verify', har, '--junit', parityJunit, '--json', parityJson)).code).toBe(0);
    expect([existsSync(parityJunit), existsSync(parityJson)]).toEqual([true, true]);
  });
});

describe('start', () => {
  it('stops before listening when --data is in a directory that does not exist', async () => {
    const file = join(dir, 'missing', 'shop.json');
    const { code, stdout, stderr } = await cli('start', '--port', '0', '--data', file);
    expect(code).toBe(1);
    expect(stdout).not.toContain('listening');
    expect(stderr).toContain(
      `Cannot keep data in ${file}: the directory ${join(dir, 'missing')} does not exist`,
    );
  });

  it('says what it loaded: the stores of --data, and a scenario it did not apply and why', async () => {
    const file = join(dir, 'banner.json');
    const first = await startCli(['--data', file, '--scenario', 'fail-then-ok']);
    expect(first.output()).toContain(`data:           ${file}, new file (`);
    expect(first.output()).toContain('scenario:       fail-then-ok seeded (1 customer, 1 subscription)');
    expect(await first.stop()).toBe(0);
    const again = await startCli(['--data', file, '--scenario', 'small-shop']);
    expect(again.output()).toContain(`data:           ${file}, 1 store loaded (`);
    expect(again.output()).toContain(
      `scenario:       small-shop not applied: ${file} already holds the default store`,
    );
    expect(await again.stop()).toBe(0);
  });

  it('exits 0 on the two SIGINTs a Ctrl-C through npm delivers (regression: 130)', async () => {
    const running = await startCli([]);
    running.child.kill('SIGINT');
    running.child.kill('SIGINT');
    expect(await running.stop('SIGINT')).toBe(0);
  });

  it('exits 0 when Ctrl-C reaches `npm start` and the emulator together, without building again', async () => {
    const child = spawn('npm', ['start', '--silent', '--', '--port', '0'], {
      cwd: ROOT,
      detached: true, // its own process group, as a terminal's foreground job
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    const exited = once(child, 'exit');
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', () => /dashboard: /.test(out) && resolve());
      void exited.then(() => reject(new Error(out)));
    });
    process.kill(-(child.pid ?? 0), 'SIGINT'); // what a terminal does on Ctrl-C
    const [code] = (await exited) as [number | null];
    expect(code, out).toBe(0);
    expect(out).not.toContain('building');
  }, 60_000);
});

describe('friendly HTTP edges', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await createEmulator({ port: 0, logger: 'silent', token: 'first-hour-token' });
  });
  afterAll(() => emulator.close());

  const post = (body: string, contentType?: string) =>
    fetch(`${emulator.url}/customers`, {
      method: 'POST',
      headers: {
        'X-Service-Access-Token': 'first-hour-token',
        ...(contentType ? { 'Content-Type': contentType } : {}),
      },
      body,
    });

  it.each([
    [
      'a body without Content-Type: application/json',
      '{"email":"a@b.co"}',
      'application/x-www-form-urlencoded',
      'The request body must be JSON sent with Content-Type: application/json; it came as application/x-www-form-urlencoded.',
    ],
    ['malformed JSON', '{"email": "a@b.co",}', 'application/json', 'The request body is not valid JSON: '],
    ['an array', '[1, 2]', 'application/json', 'The request body must be a JSON object, not an array.'],
    ['a string', '"text"', 'application/json', 'The request body must be a JSON object, not a string.'],
  ])('415 for %s says why, in the {"error"} body', async (_, body, contentType, sentence) => {
    const reply = await post(body, contentType);
    expect(reply.status).toBe(415);
    const answer = (await reply.json()) as { error: string };
    expect(Object.keys(answer)).toEqual(['error']);
    expect(answer.error).toContain(sentence);
  });

  it('names the position of malformed JSON', async () => {
    const answer = (await (await post('{"email": "a@b.co",}', 'application/json')).json()) as {
      error: string;
    };
    expect(answer.error).toBe(
      'The request body is not valid JSON: Expected double-quoted property name at line 1, column 20 (character 19).',
    );
    const found = (await (await post('{"a": 1,\n "b": tru}', 'application/json')).json()) as {
      error: string;
    };
    expect(found.error).toBe(
      "The request body is not valid JSON: Unexpected token '}' at line 2, column 10 (character 18).",
    );
  });

  it('sends a browser at / to the dashboard; an API client keeps the API answer', async () => {
    const browser = await fetch(`${emulator.url}/`, {
      headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      redirect: 'manual',
    });
    expect(browser.status).toBe(302);
    expect(browser.headers.get('location')).toBe('/_emulator/ui');
    const client = await fetch(`${emulator.url}/`, { headers: { Accept: 'application/json' } });
    expect(client.status).toBe(401);
    expect(((await client.json()) as { error: string }).error).toContain('access token');
  });

  it('serves a favicon', async () => {
    const icon = await fetch(`${emulator.url}/_emulator/ui/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    const page = await (await fetch(`${emulator.url}/_emulator/ui`)).text();
    expect(page).toContain('rel="icon" href="/_emulator/ui/favicon.svg"');
  });

  it('advances the clock by calendar months, as the dashboard does', async () => {
    const store = await emulator.control.createStore({ clock: { now: '2025-01-31T09:30:00Z' } });
    const control = emulator.control.forStore(store.token);
    expect((await control.advanceClock({ months: 1 })).now).toBe('2025-02-28T09:30:00Z');
    expect((await control.advanceClock({ months: 12 })).now).toBe('2026-02-28T09:30:00Z');
    const refused = await fetch(`${emulator.url}/_emulator/clock/advance`, {
      method: 'POST',
      headers: { 'X-Service-Access-Token': store.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ months: 1.5 }),
    });
    expect(refused.status).toBe(422);
  });
});
