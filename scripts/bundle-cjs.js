// The CommonJS build of the library (dist/cjs/index.cjs, dist/cjs/testcontainers.cjs), for
// `require('billing-emulator')`: Jest's module system loads CommonJS only, and several of the
// library's dependencies are ESM only, so each entry is one bundle with its dependencies inside
// (testcontainers, an optional peer, stays outside). The ESM build (tsc, dist/index.js) is the
// one `import` gets. Decision 0047.
import { build } from 'esbuild';
import { rm } from 'node:fs/promises';

await rm('dist/cjs', { recursive: true, force: true });
await build({
  entryPoints: { index: 'src/index.ts', testcontainers: 'src/testcontainers/index.ts' },
  outdir: 'dist/cjs',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  external: ['testcontainers'],
  // Smaller text loads faster; identifiers stay readable for stack traces.
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
  // Modules find the package's files from their own URL (src/platform/package-files.ts).
  define: { 'import.meta.url': 'importMetaUrl' },
  banner: { js: "'use strict'; var importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
});
