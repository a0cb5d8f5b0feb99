// Bundles the dashboard (src/ui) into dist/ui: index.html, app.js (Preact and htm inside), app.css and
// favicon.svg.
// Everything it needs ships in the package and the image: no CDN, no fonts from the network
// (docs/decisions/0023-dashboard.md). `node scripts/bundle-ui.js` alone rebuilds it.
import { build } from 'esbuild';
import { copyFile, mkdir } from 'node:fs/promises';

const outdir = 'dist/ui';
await mkdir(outdir, { recursive: true });
await build({
  entryPoints: { app: 'src/ui/main.ts' },
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: ['chrome110', 'firefox110', 'safari16'],
  outdir,
  minify: true,
  legalComments: 'none',
  logLevel: 'warning',
});
await copyFile('src/ui/index.html', `${outdir}/index.html`);
await copyFile('src/ui/app.css', `${outdir}/app.css`);
await copyFile('src/ui/favicon.svg', `${outdir}/favicon.svg`);
