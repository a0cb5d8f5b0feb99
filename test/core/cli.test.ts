import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseStartBanners } from '../../src/cli/start-banner.js';
import { Api } from '../helpers/api.js';
import { CLI, startCli } from '../helpers/cli.js';
import { createCustomer } from '../helpers/factories.js';

describe('billing-emulator CLI', () => {
  it('documents every start option in --help', () => {
    const help = execFileSync(process.execPath, [CLI, 'start', '--help'], { encoding: 'utf8' });
    for (const option of [
      '--port',
      '--host',
      '--token',
      '--data',
      '--api-version',
      '--seed',
      '--admin-token',
      '--header-prefix',
      '--flush-interval',
      '--log-level',
      '--rate-limit',
      '--rate-limit-size',
      '--rate-limit-leak',
      '--journal-size',
    ]) {
      expect(help).toContain(option);
    }
  });

  it('prints the base URL and token, serves the API, and flushes the store on SIGTERM', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'billing-emulator-cli-')), 'shop.json');
    const cli = await startCli(['--token', 'cli-token', '--data', file, '--flush-interval', '600000']);
    expect(cli.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(cli.token).toBe('cli-token');
    expect(cli.clientSecret).toMatch(/^secret_/);
    expect(parseStartBanners(cli.output())).toEqual([
      {
        version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        url: cli.url,
        storeId: 1,
        apiVersion: '2021-11',
        token: 'cli-token',
        clientSecret: cli.clientSecret,
        data: `${file}, new file (changes logged to ${file}.log within 600000 ms)`,
        tokenHeader: 'X-Service-Access-Token',
      },
    ]);
    expect(cli.output()).toContain(`  dashboard:      ${cli.url}/_emulator/ui\n`);
    const page = await fetch(`${cli.url}/_emulator/ui`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/_emulator/ui/app.js');
    const customer = await createCustomer(new Api(cli.url, cli.token));
    expect(await cli.stop('SIGTERM')).toBe(0);
    expect(readFileSync(`${file}.log`, 'utf8')).toContain(customer.email);

    const again = await startCli(['--data', file]);
    const reply = await new Api(again.url, 'cli-token').get(`/customers/${customer.id}`);
    expect(reply.status).toBe(200);
    expect(await again.stop('SIGINT')).toBe(0);
  });

  it('takes every option from BILLING_EMULATOR_* variables too', async () => {
    const cli = await startCli([], {
      BILLING_EMULATOR_TOKEN: 'env-token',
      BILLING_EMULATOR_API_VERSION: '2021-01',
    });
    try {
      expect(cli.token).toBe('env-token');
      expect(cli.output()).toContain('API version 2021-01');
      const reply = await new Api(cli.url, 'env-token').get('/customers/count');
      expect(reply.body).toEqual({ count: 0 });
    } finally {
      await cli.stop();
    }
  });

  it('turns the rate limit on from BILLING_EMULATOR_RATE_LIMIT and sizes the journal', async () => {
    const cli = await startCli(['--rate-limit-leak', '0.001', '--journal-size', '2'], {
      BILLING_EMULATOR_RATE_LIMIT: 'true',
      BILLING_EMULATOR_RATE_LIMIT_SIZE: '3',
    });
    try {
      const api = new Api(cli.url, cli.token);
      const limits = [];
      for (let i = 0; i < 4; i++) {
        const reply = await api.get('/customers');
        limits.push(`${reply.status} ${reply.headers.get('X-Service-Limit')}`);
      }
      expect(limits).toEqual(['200 1/3', '200 2/3', '200 3/3', '429 3/3']);
      const journal = (await (
        await fetch(`${cli.url}/_emulator/requests`, { headers: { 'X-Service-Access-Token': cli.token } })
      ).json()) as { requests: { status: number }[] };
      expect(journal.requests.map((entry) => entry.status)).toEqual([429, 200]);
    } finally {
      await cli.stop();
    }
  });

  it('refuses a BILLING_EMULATOR_RATE_LIMIT other than true or false rather than ignore it', () => {
    let failure: { status: number; stderr: string } | undefined;
    try {
      execFileSync(process.execPath, [CLI, 'start', '--port', '0'], {
        encoding: 'utf8',
        stdio: 'pipe',
        env: { ...process.env, BILLING_EMULATOR_RATE_LIMIT: '1' },
      });
    } catch (error) {
      failure = error as { status: number; stderr: string };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr).toContain('BILLING_EMULATOR_RATE_LIMIT must be true or false');
  });

  it('logs a failed write of --data, keeps serving, reports it on health and exits 1 (regressions: the bundled logger crashed; the failure was silent)', async () => {
    const gone = join(mkdtempSync(join(tmpdir(), 'billing-emulator-cli-')), 'gone');
    mkdirSync(gone);
    const missingDir = join(gone, 'shop.json');
    const cli = await startCli(['--data', missingDir]);
    // The directory goes away while it runs (a start in a missing one is refused: first-hour.test.ts).
    rmSync(gone, { recursive: true });
    await new Api(cli.url, cli.token).post('/customers', {
      email: 'gone@example.com',
      first_name: 'G',
      last_name: 'O',
    });
    let code: number | null = null;
    try {
      await cli.waitForOutput(/writing the data files failed/);
      const api = new Api(cli.url, cli.token);
      expect((await api.get('/customers')).status).toBe(200);
      const health = await fetch(`${cli.url}/_emulator/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({
        status: 'degraded',
        persistence: { state: 'failing', file: missingDir, error: expect.stringContaining('ENOENT') },
      });
    } finally {
      code = await cli.stop();
    }
    expect(code).toBe(1);
    expect(cli.output()).toContain(`billing-emulator: changes could not be written to ${missingDir}`);
    expect(cli.output().match(/writing the data files failed/g)).toHaveLength(1);
  });

  it('exits with a message for bad options', () => {
    let failure: { status: number; stderr: string } | undefined;
    try {
      execFileSync(process.execPath, [CLI, 'start', '--api-version', '1999-01'], {
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (error) {
      failure = error as { status: number; stderr: string };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr).toContain('api-version');
  });

  it("speaks the real service's names with --header-prefix, --platform-word and --value-names", async () => {
    const cli = await startCli(
      ['--header-prefix', 'Recharge', '--platform-word', 'shopify', '--api-version', '2021-01'],
      {
        BILLING_EMULATOR_VALUE_NAMES: 'platform_a=shopify',
      },
    );
    try {
      const headers = { 'X-Recharge-Access-Token': cli.token, 'Content-Type': 'application/json' };
      const created = await fetch(`${cli.url}/customers`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          email: 'cli@example.com',
          first_name: 'Cli',
          last_name: 'User',
          shopify_customer_id: '12',
          billing_address1: '1 Navy Way',
          billing_city: 'Arlington',
          billing_country: 'United States',
          billing_first_name: 'Cli',
          billing_last_name: 'User',
          billing_province: 'Virginia',
          billing_zip: '22201',
        }),
      });
      expect(((await created.json()) as { customer: Record<string, unknown> }).customer).toMatchObject({
        shopify_customer_id: '12',
      });
      const store = await fetch(`${cli.url}/store`, { headers });
      expect(((await store.json()) as { store: Record<string, unknown> }).store.external_platform).toBe(
        'shopify',
      );
    } finally {
      await cli.stop();
    }
  });

  it('exits with a message for a bad platform word or value name', () => {
    for (const args of [
      ['--platform-word', 'Shop ify'],
      ['--value-names', 'platform_a'],
    ]) {
      let failure: { status: number; stderr: string } | undefined;
      try {
        execFileSync(process.execPath, [CLI, 'start', '--port', '0', ...args], {
          encoding: 'utf8',
          stdio: 'pipe',
        });
      } catch (error) {
        failure = error as { status: number; stderr: string };
      }
      expect(failure?.status).toBe(1);
      expect(failure?.stderr).toMatch(/Invalid (platform word|value name)/);
    }
  });
});
