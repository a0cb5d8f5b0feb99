/**
 * A clone never reads a link-local or cloud metadata address: refused by the URL's host or by what
 * its name resolves to, before any request (422 on `from` from the control API, a sentence and a
 * failed exit from the CLI), and it follows no redirect. No test sends anything to 169.254.x.x:
 * names are resolved by a fake resolver and a refusal happens before any connection.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo, LookupFunction } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator, type Emulator } from '../../src/index.js';
import { CLI, startCli } from '../helpers/cli.js';

const lookup: LookupFunction = (hostname, options, callback) => {
  const done = callback as unknown as (error: Error | null, found: unknown, family?: number) => void;
  const address = { address: '169.254.169.254', family: 4 };
  if (options.all) done(null, [address]);
  else done(null, address.address, address.family);
};

let emulator: Emulator;
const servers: Server[] = [];

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  emulator = await createEmulator({ port: 0, logger: 'silent', outboundLookup: lookup });
});
afterAll(async () => {
  await emulator?.close();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

async function cloneFrom(from: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${emulator.url}/_emulator/stores`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ clone: { from, token: 't' } }),
  });
  return { status: response.status, body: await response.json() };
}

describe('clone from a metadata address', () => {
  it.each([
    ['http://169.254.169.254/', '169.254.169.254 is a link-local or cloud metadata address'],
    ['http://metadata.google.internal/', 'metadata.google.internal is the name of a cloud metadata service'],
    ['http://api.rebound.test/', 'api.rebound.test resolves to 169.254.169.254'],
  ])('POST /_emulator/stores refuses %s with 422 on from, creating no store', async (from, reason) => {
    const before = (await emulator.control.listStores()).length;
    const answer = await cloneFrom(from);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      errors: { clone: { from: [expect.stringContaining(reason)] } },
    });
    expect(JSON.stringify(answer.body)).toContain('--allow-metadata-addresses');
    expect(await emulator.control.listStores()).toHaveLength(before);
  });

  it('follows no redirect: a 302 stops the clone where it is', async () => {
    let reached = 0;
    const elsewhere = await serve((_request, response) => {
      reached += 1;
      response.end('{}');
    });
    const upstream = await serve((_request, response) => {
      response.writeHead(302, { Location: `${elsewhere}/store` }).end();
    });
    const answer = await cloneFrom(upstream);
    expect(answer.status).toBe(502);
    expect(JSON.stringify(answer.body)).toContain('answered 302');
    expect(reached).toBe(0);
  });

  it('billing-emulator clone refuses it with a sentence and writes nothing', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'clone-metadata-')), 'store.json');
    const failed = (await promisify(execFile)(
      process.execPath,
      [CLI, 'clone', '--from', 'http://[fd00:ec2::254]/', '--token', 't', '--out', out],
      { encoding: 'utf8' },
    ).catch((error: unknown) => error)) as { code: number; stderr: string };
    expect(failed.code).not.toBe(0);
    expect(failed.stderr).toContain('fd00:ec2::254 is a link-local or cloud metadata address');
    expect(failed.stderr).toContain('--allow-metadata-addresses');
    expect(existsSync(out)).toBe(false);
  });

  it('start takes --allow-metadata-addresses and its variable, which must be true or false', async () => {
    const refused = (await promisify(execFile)(process.execPath, [CLI, 'start', '--port', '0'], {
      encoding: 'utf8',
      env: { ...process.env, BILLING_EMULATOR_ALLOW_METADATA_ADDRESSES: '1' },
    }).catch((error: unknown) => error)) as { code: number; stderr: string };
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'BILLING_EMULATOR_ALLOW_METADATA_ADDRESSES must be true or false, not "1"',
    );
    const started = await startCli(['--allow-metadata-addresses']);
    expect(await started.stop()).toBe(0);
    const byVariable = await startCli([], { BILLING_EMULATOR_ALLOW_METADATA_ADDRESSES: 'true' });
    expect(await byVariable.stop()).toBe(0);
  });
});
