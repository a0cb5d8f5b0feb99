// Bundles the CLI into dist/cli/main.js (one file plus lazily loaded chunks). Loading one bundle
// instead of ~600 modules halves the time from `billing-emulator start` to the first answer
// (docs/decisions/0003-bundled-cli.md). The library (dist/index.js) stays plain tsc output.
import { build } from 'esbuild';
import { rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

// Chunk names carry a hash: clear the old ones so dist/cli holds this build only.
await rm('dist/cli', { recursive: true, force: true });

await build({
  entryPoints: ['src/cli/main.ts'],
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  outdir: 'dist/cli',
  chunkNames: 'chunks/[name]-[hash]',
  // CommonJS dependencies call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  // koa's accepts@1 brings a second, older mime-db (150 kB of JSON evaluated at start); one is enough.
  alias: { 'mime-db': dirname(createRequire(import.meta.url).resolve('mime-db/package.json')) },
  // Smaller text compiles faster; identifiers stay readable for stack traces.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
});
