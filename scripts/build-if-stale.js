// `npm start` runs this first: it builds (npm run build) only when a source is newer than the
// build, so starting again costs no build. Sources: src/, the build scripts, package.json and the
// tsconfig files; the build: the CLI bundle, the library and the dashboard it writes.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SOURCES = [
  'src',
  'scripts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
];
const OUTPUTS = [
  'dist/cli/main.js',
  'dist/index.js',
  'dist/ui/app.js',
  'dist/ui/index.html',
  'dist/cjs/index.cjs',
];

/** The newest modification time under `path` (a file or a folder), 0 when it does not exist. */
function newest(path) {
  let stats;
  try {
    stats = statSync(path);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (latest, name) => Math.max(latest, newest(join(path, name))),
    stats.mtimeMs,
  );
}

/** The oldest output's time, 0 when one is missing. */
function built() {
  return Math.min(...OUTPUTS.map((path) => newest(path)));
}

if (Math.max(...SOURCES.map(newest)) > built()) {
  process.stderr.write('billing-emulator: sources changed since the last build; building (npm run build)\n');
  const result = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
