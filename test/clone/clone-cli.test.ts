/**
 * `billing-emulator clone` and `start --clone-from`, run as users run them (the built CLI), against
 * an emulator that plays the real service with real names.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';
import { cloneStore } from '../../src/clone/clone.js';
import { cloneIntoEmulator } from '../../src/clone/into.js';
import { ControlError } from '../../src/client/client.js';
import { CLI, startCli } from '../helpers/cli.js';
import { PREFIX, readAll, startRealService } from '../helpers/upstream.js';

const run = promisify(execFile);
let upstream: Emulator;
let target: Emulator;
let dir: string;

beforeAll(async () => {
  upstream = await startRealService();
  target = await createEmulator({ port: 0, logger: 'silent', headerPrefix: PREFIX });
  dir = await mkdtemp(join(tmpdir(), 'clone-cli-'));
}, 60_000);

afterAll(async () => {
  await upstream?.close();
  await target?.close();
});

const from = () => [
  '--from',
  upstream.url,
  '--token',
  upstream.token,
  '--header-prefix',
  PREFIX,
  '--platform-word',
  'shopify',
];

/** Runs the CLI to its end: exit code, stdout and stderr. */
async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const customersOf = async (url: string, token: string) =>
  (await readAll({ url, token, prefix: PREFIX }, '/customers', 'customers', '2021-11')).length;

describe('billing-emulator clone', () => {
  it('--into makes a new store of a running emulator and --json says which, with its token', async () => {
    const { code, stdout } = await cli(['clone', ...from(), '--into', target.url, '--json']);
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary).toMatchObject({
      store_id: expect.any(Number),
      token: expect.any(String),
      file: null,
      counts: { customers: 25, addresses: 25, subscriptions: 25, charges: expect.any(Number) },
      skipped: expect.arrayContaining([expect.objectContaining({ collection: 'webhooks' })]),
      requests: expect.any(Number),
      rate_limit_waits: 0,
    });
    expect(await customersOf(target.url, summary.token)).toBe(25);
  });

  it('--out writes the snapshot document, which an emulator imports', async () => {
    const file = join(dir, 'store.json');
    const { code, stdout } = await cli(['clone', ...from(), '--out', file, '--only', 'subscriptions']);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^Cloned 25 customers, 25 addresses, 25 subscriptions in \d+\.\d s: \d+ requests, 0 waits on the rate limit \(0\.0 s\)\.\nSnapshot written to .*store\.json/,
    );
    // A real shop's customers: readable by its owner only.
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const store = await target.control.createStore({ settings: { platform_word: 'shopify' } });
    await target.control.forStore(store.token).importSnapshot(file);
    expect(await customersOf(target.url, store.token)).toBe(25);
  });

  it('--redact-pii replaces emails, phones, names and street lines, each value by one stand-in', async () => {
    const file = join(dir, 'redacted.json');
    const { code, stdout } = await cli(['clone', ...from(), '--out', file, '--redact-pii', '--json']);
    expect(code).toBe(0);
    // 25 customers' emails and the store's.
    expect(JSON.parse(stdout).redacted).toMatchObject({ email: 26, first_name: expect.any(Number) });
    const text = await readFile(file, 'utf8');
    const real = await readAll(
      { url: upstream.url, token: upstream.token, prefix: PREFIX },
      '/customers',
      'customers',
      '2021-11',
    );
    for (const customer of real) {
      expect(text).not.toContain(customer.email);
      expect(text).not.toContain(`"${customer.last_name}"`);
    }
    const doc = JSON.parse(text);
    const emails = doc.store.collections.customers.map((c: { email: string }) => c.email);
    expect(new Set(emails).size).toBe(25);
    expect(emails.every((email: string) => /^person\d+@example\.com$/.test(email))).toBe(true);
    expect(doc.store.collections.addresses[0].address1).toMatch(/^\d+ Example Street$/);
    // One customer, one stand-in: the charges' billing names are the customers' stand-ins.
    const names = new Set(doc.store.collections.customers.map((c: { first_name: string }) => c.first_name));
    expect(
      doc.store.collections.charges.every((c: { billing_address: { first_name: string } }) =>
        names.has(c.billing_address.first_name),
      ),
    ).toBe(true);
  });

  it('--customer, --api-version and --now: chosen customers read in 2021-01, at the time given', async () => {
    const [first] = await readAll(
      { url: upstream.url, token: upstream.token, prefix: PREFIX },
      '/customers',
      'customers',
      '2021-11',
    );
    const args = [
      '--customer',
      String(first.id),
      '--api-version',
      '2021-01',
      '--now',
      '2025-03-01T00:00:00Z',
    ];
    const { code, stdout } = await cli(['clone', ...from(), ...args, '--into', target.url, '--json']);
    expect(code).toBe(0);
    const summary = JSON.parse(stdout);
    expect(summary.counts).toMatchObject({ customers: 1, addresses: 1, subscriptions: 1 });
    const copy = { url: target.url, token: summary.token, prefix: PREFIX };
    const [customer] = await readAll(copy, '/customers', 'customers', '2021-11');
    expect(customer).toEqual(first);
    expect(await target.control.forStore(summary.token).clock()).toMatchObject({
      now: expect.stringMatching(/^2025-03-01T00:00:00/),
    });
  });

  it('refuses a list it does not read and a time it cannot read, naming them', async () => {
    const list = await cli([
      'clone',
      ...from(),
      '--only',
      'customers,invoices',
      '--out',
      join(dir, 'x.json'),
    ]);
    expect(list.code).toBe(1);
    expect(list.stderr).toContain('--only: no list invoices (lists: customers, addresses,');
    const time = await cli(['clone', ...from(), '--now', 'yesterday', '--out', join(dir, 'x.json')]);
    expect(time.code).toBe(1);
    expect(time.stderr).toContain('--now: not an ISO-8601 time: yesterday');
  });

  it('says where the clone should go when neither --out nor --into is given', async () => {
    const { code, stderr } = await cli(['clone', ...from()]);
    expect(code).toBe(1);
    expect(stderr).toContain('Say where the clone goes: --out <file> or --into <emulator URL>');
  });

  it("stops with the upstream's reason and leaves no store behind", async () => {
    const before = (await target.control.listStores()).length;
    const { code, stderr } = await cli([
      'clone',
      '--from',
      upstream.url,
      '--token',
      'wrong-token',
      '--header-prefix',
      PREFIX,
      '--into',
      target.url,
    ]);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^billing-emulator: The upstream refused the token \(401\)/);
    expect(await target.control.listStores()).toHaveLength(before);
  });

  it('deletes the new store again when the emulator refuses the import', async () => {
    const result = await cloneStore({
      baseUrl: upstream.url,
      token: upstream.token,
      headerPrefix: PREFIX,
      only: ['customers'],
    });
    const broken = structuredClone(result.document) as unknown as {
      store: { collections: { customers: object[] } };
    };
    broken.store.collections.customers.push({ id: 5 });
    const before = (await target.control.listStores()).length;
    const attempt = cloneIntoEmulator(
      { baseUrl: target.url, headerPrefix: PREFIX },
      { ...result, document: broken as never },
    );
    await expect(attempt).rejects.toBeInstanceOf(ControlError);
    expect(await target.control.listStores()).toHaveLength(before);
  });
});

describe('billing-emulator start --clone-from', () => {
  it('starts with the clone as its default store, under the token given', async () => {
    const started = await startCli([
      '--header-prefix',
      PREFIX,
      '--platform-word',
      'shopify',
      '--token',
      'clone-start-token',
      '--clone-from',
      upstream.url,
      '--clone-token',
      upstream.token,
    ]);
    try {
      expect(started.token).toBe('clone-start-token');
      expect(started.output()).toMatch(
        new RegExp(`clone of: +${upstream.url} \\(25 customers, 25 addresses, .*25 subscriptions, `),
      );
      expect(await customersOf(started.url, started.token)).toBe(25);
    } finally {
      await started.stop();
    }
  });
});
