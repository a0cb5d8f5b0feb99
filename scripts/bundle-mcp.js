// The MCP server as the ESM library loads it (dist/mcp/http.js, imported on the first request to
// /_emulator/mcp): one module with the MCP SDK inside. The SDK is a build-time dependency only: as a
// dependency of the package it brought express 5 into every user's node_modules, whose hoisted
// content-disposition breaks the type check of @types/koa, which the package's declarations use.
// The CLI bundle (dist/cli/cli.cjs) and the CommonJS build (dist/cjs) carry the SDK the same way.
import { build } from 'esbuild';
import { readFile } from 'node:fs/promises';

const pkg = JSON.parse(await readFile('package.json', 'utf8'));
await build({
  entryPoints: ['src/mcp/http.ts'],
  outfile: 'dist/mcp/http.js',
  allowOverwrite: true,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // The package's own dependencies stay imports; the SDK and what it needs are bundled.
  external: [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.peerDependencies ?? {})],
  // The SDK's CommonJS dependencies call require(): give the ES module one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
});
