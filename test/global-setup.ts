// Builds the dashboard (dist/ui) once before the tests, so its browser tests and the UI route
// serve the current sources even when `vitest` runs without `npm run build` first.
import { execFileSync } from 'node:child_process';

export default function setup(): void {
  execFileSync(process.execPath, ['scripts/bundle-ui.js'], { stdio: 'inherit' });
}
