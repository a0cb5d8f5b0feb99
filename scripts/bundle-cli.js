// Bundles the CLI into dist/cli/main.js (one file plus lazily loaded chunks). Loading one bundle
// instead of ~600 modules halves the time from `billing-emulator start` to the first answer
// (docs/decisions/0003-bundled-cli.md). The library (dist/index.js) stays plain tsc output.
import { build } from 'esbuild';

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
  // Smaller text compiles faster; identifiers stay readable for stack traces.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
});
