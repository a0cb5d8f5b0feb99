/**
 * The CLI's compile cache (decision 0039): the first run of a command writes it, later runs use it,
 * a cache V8 refuses (another build, a damaged file) is replaced, and a cache that cannot be written
 * never stops the command. NODE_DEBUG=billing-emulator says what happened.
 */
import { execFile } from 'node:child_process';
import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, startCli } from '../helpers/cli.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function cacheDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'compile-cache-'));
  dirs.push(dir);
  return dir;
}

/** Starts, answers one request, stops: the output and the stop's exit code. */
async function startAndStop(env: Record<string, string>): Promise<{ output: string; code: number | null }> {
  const cli = await startCli([], { NODE_DEBUG: 'billing-emulator', ...env });
  const answer = await fetch(`${cli.url}/customers`, { headers: { 'X-Service-Access-Token': cli.token } });
  expect(answer.status).toBe(200);
  const code = await cli.stop();
  return { output: cli.output(), code };
}

describe('the compile cache of the CLI', () => {
  it('is written by the first start (a file per build, Node version and command) and used by the next', async () => {
    const dir = cacheDir();
    const first = await startAndStop({ NODE_COMPILE_CACHE: dir });
    expect(first.code).toBe(0);
    expect(first.output).toMatch(/compile cache: none at /);
    expect(first.output).toMatch(/compile cache: wrote .*-start\.bin/);
    const files = readdirSync(dir);
    expect(files).toEqual([
      expect.stringMatching(new RegExp(`-${process.version}-${process.arch}-start\\.bin$`)),
    ]);
    expect(statSync(join(dir, files[0] ?? '')).size).toBeGreaterThan(100_000);

    const second = await startAndStop({ NODE_COMPILE_CACHE: dir });
    expect(second.code).toBe(0);
    expect(second.output).toMatch(/compile cache: used/);
    expect(second.output).not.toMatch(/compile cache: wrote/);
  });

  it('replaces a cache V8 refuses, and the start still answers', async () => {
    const dir = cacheDir();
    await startAndStop({ NODE_COMPILE_CACHE: dir });
    const [file] = readdirSync(dir);
    writeFileSync(join(dir, file ?? ''), 'not a code cache');
    const damaged = await startAndStop({ NODE_COMPILE_CACHE: dir });
    expect(damaged.code).toBe(0);
    expect(damaged.output).toMatch(/compile cache: refused by V8/);
    expect(damaged.output).toMatch(/compile cache: wrote /);
    expect(statSync(join(dir, file ?? '')).size).toBeGreaterThan(100_000);
  });

  it('drops the caches of other builds when it writes its own', async () => {
    const dir = cacheDir();
    writeFileSync(
      join(dir, `0123456789abcdef-${process.version}-${process.arch}-start.bin`),
      'an older build',
    );
    await startAndStop({ NODE_COMPILE_CACHE: dir });
    expect(readdirSync(dir)).toEqual([expect.not.stringMatching(/^0123456789abcdef-/)]);
  });

  it('is off with NODE_DISABLE_COMPILE_CACHE, and a directory it cannot write stops nothing', async () => {
    const dir = cacheDir();
    const off = await startAndStop({ NODE_COMPILE_CACHE: dir, NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(off.code).toBe(0);
    expect(off.output).toMatch(/compile cache: off/);
    expect(readdirSync(dir)).toEqual([]);

    // A file where the directory should be: no test runs as a user a permission would stop.
    const blocked = join(dir, 'a-file');
    writeFileSync(blocked, '');
    const unwritable = await startAndStop({ NODE_COMPILE_CACHE: join(blocked, 'cache') });
    expect(unwritable.code).toBe(0);
    expect(unwritable.output).toMatch(/compile cache: not written: /);
  });

  it('is written 0600 in a directory it makes 0700', async () => {
    const dir = join(cacheDir(), 'made', 'cache');
    await startAndStop({ NODE_COMPILE_CACHE: dir });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const [file] = readdirSync(dir);
    expect(file).toMatch(/^billing-emulator-[0-9a-f]{16}-/);
    expect(statSync(join(dir, file ?? '')).mode & 0o777).toBe(0o600);
  });

  it("leaves a user's files, links and folders in NODE_COMPILE_CACHE alone, and follows no link (scenario list)", async () => {
    const dir = cacheDir();
    const outside = cacheDir();
    const precious = join(outside, 'precious.txt');
    writeFileSync(precious, 'a user file');
    // Names a careless clean-up would take: any name, another build's name on a link, a folder.
    const other = `0123456789abcdef-${process.version}-${process.arch}-scenario.bin`;
    writeFileSync(join(dir, 'notes.txt'), 'mine');
    writeFileSync(join(dir, 'billing-emulator-notes.bin'), 'mine too');
    symlinkSync(precious, join(dir, 'link-to-precious'));
    symlinkSync(precious, join(dir, `billing-emulator-${other}`));
    mkdirSync(join(dir, 'v22.11.0-x64-node-cache'));
    const { stdout } = await promisify(execFile)(process.execPath, [CLI, 'scenario', 'list'], {
      env: { ...process.env, NODE_COMPILE_CACHE: dir, NODE_DEBUG: 'billing-emulator' },
      encoding: 'utf8',
    });
    expect(stdout).toMatch(/dunning/);
    const names = readdirSync(dir);
    expect(names).toEqual(
      expect.arrayContaining([
        'notes.txt',
        'billing-emulator-notes.bin',
        'link-to-precious',
        `billing-emulator-${other}`,
        'v22.11.0-x64-node-cache',
        expect.stringMatching(/^billing-emulator-[0-9a-f]{16}-.*-scenario\.bin$/),
      ]),
    );
    expect(names).toHaveLength(6);
    expect(lstatSync(join(dir, `billing-emulator-${other}`)).isSymbolicLink()).toBe(true);
    expect(readFileSync(precious, 'utf8')).toBe('a user file');
  });

  it('reads no cache through a link planted under its own name', async () => {
    const dir = cacheDir();
    await startAndStop({ NODE_COMPILE_CACHE: dir });
    const [file] = readdirSync(dir);
    const real = join(cacheDir(), 'elsewhere.bin');
    writeFileSync(real, readFileSync(join(dir, file ?? '')));
    rmSync(join(dir, file ?? ''));
    symlinkSync(real, join(dir, file ?? ''));
    const run = await startAndStop({ NODE_COMPILE_CACHE: dir });
    expect(run.code).toBe(0);
    expect(run.output).toMatch(/compile cache: none at /);
    // The link was replaced by a file of its own; what it pointed at is unchanged.
    expect(lstatSync(join(dir, file ?? '')).isFile()).toBe(true);
    expect(statSync(real).size).toBeGreaterThan(100_000);
  });
});
