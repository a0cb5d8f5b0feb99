/** The scenario and fixture commands of the built CLI, as users and CI systems run them. */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Api } from '../helpers/api.js';
import { runCli, startCli, type RunningCli } from '../helpers/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'billing-emulator-cli-'));

const cli = runCli;

let running: RunningCli | undefined;
afterEach(async () => {
  await running?.stop();
  running = undefined;
});

describe('billing-emulator fixtures generate', () => {
  it('writes the same file for the same seed and sizes, another for another seed', async () => {
    const [a, b, c] = ['a.json', 'b.json', 'c.json'].map((name) => join(dir, name)) as [
      string,
      string,
      string,
    ];
    const sizes = ['--customers', '30', '--products', '3'];
    expect((await cli('fixtures', 'generate', '--seed', '42', ...sizes, '--out', a)).code).toBe(0);
    expect((await cli('fixtures', 'generate', '--seed', '42', ...sizes, '--out', b)).code).toBe(0);
    expect((await cli('fixtures', 'generate', '--seed', '43', ...sizes, '--out', c)).code).toBe(0);
    expect(readFileSync(a, 'utf8')).toBe(readFileSync(b, 'utf8'));
    expect(readFileSync(a, 'utf8')).not.toBe(readFileSync(c, 'utf8'));
    const doc = JSON.parse(readFileSync(a, 'utf8')) as {
      kind: string;
      customers: unknown[];
      products: unknown[];
    };
    expect(doc.kind).toBe('billing-emulator/fixture');
    expect(doc.customers).toHaveLength(30);
    expect(doc.products).toHaveLength(3);
  });

  it('names a bad size', async () => {
    const result = await cli('fixtures', 'generate', '--seed', '1', '--plans-per-product', '9');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--plans-per-product');
  });

  it('checks a fixture file against the API (fixtures check)', async () => {
    const file = join(dir, 'check.json');
    expect((await cli('fixtures', 'generate', '--seed', '5', '--customers', '10', '--out', file)).code).toBe(
      0,
    );
    const ok = await cli('fixtures', 'check', file);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain("every record passes the API's validation");
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      '{\n  "customers": [{ "email": "not an email", "first_name": "A", "last_name": "B" }]\n}\n',
    );
    const refused = await cli('fixtures', 'check', bad);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `${bad}:2:28 customers[0].email: customer refused (422): Not a valid email address.`,
    );
  });
});

describe('billing-emulator scenario', () => {
  it('lists the built-ins with their descriptions', async () => {
    const { code, stdout } = await cli('scenario', 'list');
    expect(code).toBe(0);
    expect(stdout).toMatch(/^dunning\s+A declined and an expired card/m);
    expect(stdout).toMatch(/^empty\s+/m);
  });

  it('runs a built-in timeline, printing each step and check as it passes', async () => {
    const { code, stdout } = await cli('scenario', 'run', 'prepaid-cycle');
    expect(code).toBe(0);
    expect(stdout).toContain('scenario prepaid-cycle: ');
    expect(stdout).toContain('✓ 4. the second order is released on its date');
    expect(stdout).toMatch(/prepaid-cycle: 8 steps, 8 passed/);
  });

  it('exits 1 when an expectation fails and writes a JUnit report', async () => {
    const file = join(dir, 'failing.yaml');
    writeFileSync(
      file,
      `description: Expects a customer in an empty store
timeline:
  - name: nobody yet
    expect: { counts: { customers: 0 } }
  - name: somebody already
    api: GET /customers
    expect:
      body: { customers: { $length: 1 } }
`,
    );
    const junit = join(dir, 'report.xml');
    const { code, stdout } = await cli('scenario', 'run', file, '--junit', junit);
    expect(code).toBe(1);
    expect(stdout).toContain('✓ 1. nobody yet');
    expect(stdout).toContain('✗ 2. somebody already');
    expect(stdout).toContain('✗ body customers {"$length":1}: customers length: expected 1, got 0');
    expect(stdout).toContain('failing: 2 steps, 1 passed, 1 failed');
    const xml = readFileSync(junit, 'utf8');
    expect(xml).toContain('<testsuite name="failing" tests="2" failures="1" errors="0"');
    expect(xml).toContain('<testcase classname="failing" name="1. nobody yet"');
    expect(xml).toMatch(/<failure message="body customers \{&quot;\$length&quot;:1\}">/);
  });

  it('exits 1 with the file, line and field of a broken scenario', async () => {
    const file = join(dir, 'broken.yaml');
    writeFileSync(file, 'description: Broken\ntimeline:\n  - advance: soon\n');
    const { code, stderr } = await cli('scenario', 'run', file);
    expect(code).toBe(1);
    expect(stderr).toContain(`${file}:3:14 timeline[0].advance: Write an amount and a unit`);
  });
});

describe('billing-emulator start --scenario', () => {
  it('seeds the default store from a built-in scenario', async () => {
    running = await startCli(['--scenario', 'small-shop']);
    const api = new Api(running.url, running.token, '2021-01');
    expect((await api.get('/customers/count')).body).toEqual({ count: 25 });
  });

  it('takes BILLING_EMULATOR_SCENARIO, and a fixture file written by fixtures generate', async () => {
    const file = join(dir, 'shop.json');
    expect((await cli('fixtures', 'generate', '--seed', '8', '--customers', '12', '--out', file)).code).toBe(
      0,
    );
    running = await startCli([], { BILLING_EMULATOR_SCENARIO: file });
    const api = new Api(running.url, running.token, '2021-01');
    expect((await api.get('/customers/count')).body).toEqual({ count: 12 });
  });
});
