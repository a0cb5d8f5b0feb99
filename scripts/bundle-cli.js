// Bundles the CLI: dist/cli/cli.cjs holds src/cli/main.ts and everything it needs (modules a command
// does not need are evaluated on first use), and dist/cli/main.js (src/cli/bin.ts, the package's
// bin) runs it through V8's code cache. One bundle loads faster than ~600 modules (decision 0003);
// CommonJS because Node 20 caches compiled code for scripts only (decision 0039).
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

const require = createRequire(import.meta.url);
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  // Smaller text compiles faster; identifiers stay readable for stack traces.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  // Node 20 has the RegExp v flag. Lowered to `new RegExp(...)`, string-width's emoji patterns were
  // compiled as the CLI loaded (15 ms); as literals they are compiled when first used.
  supported: { 'regexp-set-notation': true },
};

// Clear the old build so dist/cli holds this one only.
await rm('dist/cli', { recursive: true, force: true });

await build({
  ...common,
  entryPoints: ['src/cli/main.ts'],
  format: 'cjs',
  outfile: 'dist/cli/cli.cjs',
  // Modules find the package's files from their own URL (src/platform/package-files.ts).
  define: { 'import.meta.url': 'importMetaUrl' },
  banner: { js: "'use strict'; var importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  // koa's accepts@1 brings a second, older mime-db (150 kB of JSON evaluated at start); one is enough.
  alias: { 'mime-db': dirname(require.resolve('mime-db/package.json')) },
});

const cli = await readFile('dist/cli/cli.cjs');
// src/cli/bin.ts reads the bundle as latin1, which is only right for ASCII (esbuild's default charset).
if (cli.some((byte) => byte > 0x7f)) throw new Error('dist/cli/cli.cjs is not ASCII: see src/cli/bin.ts');
// src/cli/bin.ts gives the script no loader for import(): everything is bundled, nothing loaded by URL.
if (/\bimport\(/.test(cli.toString('latin1')))
  throw new Error('dist/cli/cli.cjs calls import(): bundle the module (src/cli/bin.ts runs it as a script)');
const hash = createHash('sha256').update(cli).digest('hex').slice(0, 16);
await build({
  ...common,
  entryPoints: ['src/cli/bin.ts'],
  format: 'esm',
  outfile: 'dist/cli/main.js',
  define: { CLI_BUNDLE_HASH: JSON.stringify(hash) },
});
