/**
 * `billing-emulator record` and `verify` as users run them: the proxy prints a line per exchange
 * and a summary of what it replaced when stopped; the file holds neither the token nor the
 * personal values the client sent; verify of the recording passes.
 */
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CLI } from '../helpers/cli.js';
import { START } from '../helpers/emulator.js';
import type { Har } from '../../src/parity/har.js';
import { PERSON, realClient, runClientFlow, scratchDir, useRealService } from '../helpers/parity.js';

const service = useRealService();

describe('billing-emulator record and verify', () => {
  it('records with personal data redacted, then verifies with no difference', async () => {
    const store = await service().control.createStore({
      settings: { default_api_version: '2021-01', platform_word: 'shopify' },
      clock: { now: START },
    });
    const out = join(scratchDir(), 'recordings', 'session.har'); // its directory is made
    const child = spawn(
      process.execPath,
      [
        CLI,
        'record',
        '--upstream',
        service().url,
        '--port',
        '0',
        '--out',
        out,
        '--header-prefix',
        'Recharge',
        '--redact-pii',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = once(child, 'exit');
    await expect.poll(() => output, { timeout: 15_000 }).toMatch(/through (http:\/\/127\.0\.0\.1:\d+)/);
    const proxy = /through (\S+)/.exec(output)?.[1] ?? '';

    const sandbox = service().control.forStore(store.token);
    const sent = await runClientFlow(
      realClient(proxy, store.token, '2021-01'),
      '2021-01',
      START,
      async (days) => {
        await sandbox.advanceClock({ days });
      },
    );
    await expect.poll(() => output.match(/^[A-Z]+ \/\S* \d{3} \d+ ms$/gm)?.length ?? 0).toBe(sent);
    expect(output).toMatch(/^POST \/customers 200 \d+ ms$/m);
    child.kill('SIGINT');
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
    // 4 emails: the two customers', the one that is not an email, and the store's own (GET /store
    // answers it); the service's error message about the refused one is not an email.
    expect(output).toMatch(
      new RegExp(
        `${sent} exchanges in .*session\\.har; replaced: \\d+ secret values, personal data \\(4 emails, 1 phone, 2 first names, 1 last name, 2 streets\\)`,
      ),
    );

    const text = readFileSync(out, 'utf8');
    // Real traffic: readable by its owner only, in a directory made for it only.
    expect(statSync(out).mode & 0o777).toBe(0o600);
    expect(statSync(dirname(out)).mode & 0o777).toBe(0o700);
    expect(text).not.toContain(store.token);
    for (const value of Object.values(PERSON)) expect(text).not.toContain(value);
    expect(text).toContain('person1@example.com');
    // The refused email keeps its form (still not an email) and the service's message is its own.
    const entries = (JSON.parse(text) as Har).log.entries;
    const refused = entries.find((entry) => entry.response.status === 422);
    const refusedBody = JSON.parse(refused?.request.postData?.text ?? '{}') as Record<string, unknown>;
    expect(refusedBody.email).toMatch(/^[a-z]{3}-[a-z]{2}-[a-z]{5}$/);
    const direct = await realClient(service().url, store.token, '2021-01')('POST', '/customers', {
      ...refusedBody,
      email: 'not-an-email',
    });
    expect(direct.status).toBe(422);
    expect(JSON.parse(refused?.response.content.text ?? '{}')).toEqual(direct.body);

    const verified = await promisify(execFile)(process.execPath, [CLI, 'verify', out], { encoding: 'utf8' });
    expect(verified.stdout).toMatch(new RegExp(`parity ${sent}/${sent} \\(100\\.0%\\): 0 differences`));
  });

  it('refuses an allow-list that is not one, saying where', async () => {
    const dir = scratchDir();
    const har = join(dir, 'empty.har');
    const allow = join(dir, 'allowed.yaml');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      har,
      JSON.stringify({ log: { version: '1.2', creator: { name: 'x', version: '1' }, entries: [] } }),
    );
    writeFileSync(allow, '- endpoint: GET /store\n  at: store.name\n');
    const failed = await promisify(execFile)(process.execPath, [CLI, 'verify', har, '--allow', allow], {
      encoding: 'utf8',
    }).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toMatch(/allowed\.yaml: item 0\.reason: /);
  });
});
