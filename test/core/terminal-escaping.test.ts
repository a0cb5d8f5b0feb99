/**
 * What `verify` and `scenario` print from a user's files (a HAR recording, a scenario file) reaches
 * the terminal with its control characters escaped: `\u001b]0;pwned\u0007` (retitle the terminal)
 * prints as `\x1b]0;pwned\x07`, and a newline inside a value cannot forge a line of the report.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'terminal-escaping-'));
const HOSTILE = '\u001b]0;pwned\u0007';
/** Any C0 control but newline and tab, DEL and C1: none may reach the terminal raw. */
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

function entry(method: string, url: string, text: string) {
  return {
    startedDateTime: '2025-01-15T12:00:00Z',
    time: 1,
    request: {
      method,
      url,
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'X-Service-Version', value: '2021-11' }],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status: 200,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      cookies: [],
      content: { size: text.length, mimeType: 'application/json', text },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
  };
}

describe('terminal output from user files escapes control characters', () => {
  it('verify: a HAR whose method, URL and body hold an escape sequence', async () => {
    const file = join(dir, 'hostile.har');
    const har = {
      log: {
        version: '1.2',
        creator: { name: 'test', version: '1' },
        entries: [
          entry('GET', 'https://api.example.com/customers', JSON.stringify({ note: HOSTILE })),
          entry(`GET${HOSTILE}`, `https://api.example.com/customers/${HOSTILE}`, '{}'),
        ],
      },
    };
    writeFileSync(file, JSON.stringify(har));
    const { code, stdout, stderr } = await runCli('verify', file);
    expect(code).toBe(1);
    expect(stdout).toContain('- #1 skipped: not an HTTP method: GET\\x1b]0;PWNED\\x07');
    expect(stdout).not.toMatch(RAW_CONTROL);
    expect(stderr).not.toMatch(RAW_CONTROL);
  });

  it('scenario run: a scenario file whose description and step names hold escape sequences', async () => {
    const file = join(dir, 'hostile.json');
    writeFileSync(
      file,
      JSON.stringify({
        description: `Looks harmless${HOSTILE}`,
        timeline: [
          { name: `first\r✓ 9. forged line${HOSTILE}`, expect: { counts: { customers: 0 } } },
          { name: `second${HOSTILE}`, expect: { counts: { customers: 1 } } },
        ],
      }),
    );
    const { code, stdout, stderr } = await runCli('scenario', 'run', file);
    expect(code).toBe(1);
    expect(stdout).toContain('Looks harmless\\x1b]0;pwned\\x07');
    expect(stdout).toContain('✓ 1. first\\r✓ 9. forged line\\x1b]0;pwned\\x07');
    expect(stdout).toContain('✗ 2. second\\x1b]0;pwned\\x07');
    expect(stdout).not.toMatch(RAW_CONTROL);
    expect(stderr).not.toMatch(RAW_CONTROL);
  });

  it('scenario run: an error quoting a broken file', async () => {
    const file = join(dir, `broken${HOSTILE}.yaml`);
    writeFileSync(file, `description: Broken\ntimeline:\n  - advance: "soon${HOSTILE}"\n`);
    const { code, stderr } = await runCli('scenario', 'run', file);
    expect(code).toBe(1);
    expect(stderr).toContain('broken\\x1b]0;pwned\\x07.yaml');
    expect(stderr).not.toMatch(RAW_CONTROL);
  });
});
