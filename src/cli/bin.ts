#!/usr/bin/env node
/**
 * The `billing-emulator` command's entry (dist/cli/main.js): runs the CLI bundle (dist/cli/cli.cjs,
 * src/cli/main.ts and everything it needs) through V8's code cache, so that every run after the
 * first skips parsing and compiling its 3 MB of JavaScript (decision 0039).
 *
 * It keeps what Node 22's `module.enableCompileCache()` keeps, on Node 20 too, and also the code
 * compiled while the command ran, not only at load: one file per bundle, Node version and command,
 * written as the command ends when it had none (or V8 refused it). Node's own variables steer it:
 * NODE_COMPILE_CACHE=<dir> moves it, NODE_DISABLE_COMPILE_CACHE=1 turns it off;
 * NODE_DEBUG=billing-emulator says what it did.
 *
 * The directory may be a user's own (NODE_COMPILE_CACHE): the cache reads, writes and removes only
 * regular files named as it names them (`billing-emulator-<bundle hash>-<node>-<arch>-<command>.bin`),
 * and never follows a symlink inside it (decision 0042).
 */
import {
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { debuglog } from 'node:util';
import { Script } from 'node:vm';

/** The bundle's content hash, set by scripts/bundle-cli.js: a cache only serves the bundle it was made from. */
declare const CLI_BUNDLE_HASH: string;

const debug = debuglog('billing-emulator');
const here = dirname(fileURLToPath(import.meta.url));
const bundle = join(here, 'cli.cjs');

/** What this build names its cache files: one prefix, the bundle's hash, then the rest. */
const OWN_PREFIX = `billing-emulator-${CLI_BUNDLE_HASH}-`;

/**
 * A cache file of any build (and its temporary name while written): the only names the clean-up
 * removes. Also the names before the `billing-emulator-` prefix (`<hash>-v20.1.0-x64-start.bin`).
 */
const CACHE_FILE =
  /^(?:billing-emulator-)?[0-9a-f]{16}-v\d+\.\d+\.\d+-[a-z0-9]+-[a-z][a-z-]{0,31}\.bin(?:\.\d+\.tmp)?$/;

/**
 * The cache directory: NODE_COMPILE_CACHE as the user named it, else one per user under the
 * temporary directory, used only when it is a real directory (not a symlink) that this user owns and
 * no one else may write (a cache is code this process runs). Undefined when turned off or unsafe.
 */
function cacheDirectory(): string | undefined {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  if (process.env.NODE_COMPILE_CACHE) return process.env.NODE_COMPILE_CACHE;
  const uid = process.getuid?.();
  const dir = join(tmpdir(), `billing-emulator-compile-cache${uid === undefined ? '' : `-${uid}`}`);
  try {
    const found = lstatSync(dir);
    if (!found.isDirectory() || (uid !== undefined && found.uid !== uid) || (found.mode & 0o022) !== 0) {
      debug('compile cache: off: %s is not a directory of this user only', dir);
      return undefined;
    }
  } catch {
    // not made yet: made with the first cache
  }
  return dir;
}

/** `start`, `scenario`, ...: each command compiles other code, so each keeps its own cache. */
function commandName(): string {
  const first = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
  return first && /^[a-z][a-z-]{0,31}$/.test(first) ? first : 'other';
}

/** The cache in `file` when it is a regular file (a symlink is not followed: O_NOFOLLOW). */
function readCache(file: string): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
    return fstatSync(fd).isFile() ? readFileSync(fd) : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Removes the cache files of other builds: regular files with a cache's name only, never a link. */
function dropOtherBuilds(dir: string): void {
  for (const name of readdirSync(dir)) {
    if (name.startsWith(OWN_PREFIX) || !CACHE_FILE.test(name)) continue;
    const path = join(dir, name);
    try {
      if (lstatSync(path).isFile()) unlinkSync(path);
    } catch {
      // gone already, or not ours to remove
    }
  }
}

/**
 * Writes whole files only (a new temporary file, 0600, then a rename; the directory made 0700) and
 * drops the caches of other bundles.
 */
function writeCache(dir: string, file: string, data: Buffer): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.tmp`;
    // A temporary file a killed run left (or a link planted there) goes; the new one is made afresh.
    rmSync(temporary, { force: true });
    writeFileSync(temporary, data, { mode: 0o600, flag: 'wx' });
    renameSync(temporary, file);
    dropOtherBuilds(dir);
    debug('compile cache: wrote %s (%d bytes)', file, data.length);
  } catch (error) {
    debug('compile cache: not written: %s', (error as Error).message);
  }
}

const dir = cacheDirectory();
const file = dir && join(dir, `${OWN_PREFIX}${process.version}-${process.arch}-${commandName()}.bin`);
const cachedData = file ? readCache(file) : undefined;
// The bundle is ASCII (esbuild escapes the rest; scripts/bundle-cli.js checks): latin1 reads it as is,
// without the UTF-8 decoding of 3 MB.
const source = readFileSync(bundle, 'latin1');
// Node's own CommonJS wrapper, on the bundle's first line so that line numbers stay the bundle's.
const script = new Script(`(function (exports, require, module, __filename, __dirname) { ${source}\n})`, {
  filename: bundle,
  cachedData,
});
debug(
  'compile cache: %s',
  !file ? 'off' : !cachedData ? `none at ${file}` : script.cachedDataRejected ? 'refused by V8' : 'used',
);
if (dir && file && (!cachedData || script.cachedDataRejected))
  // At the end, the cache also holds the functions compiled while the command ran.
  process.once('exit', () => writeCache(dir, file, script.createCachedData()));

const run = script.runInThisContext() as (
  exports: object,
  require: NodeJS.Require,
  module: { exports: object },
  filename: string,
  dirname: string,
) => void;
const module = { exports: {} };
run(module.exports, createRequire(bundle), module, bundle, here);
