import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from './package-files.js';

/** The package version, from billing-emulator's package.json (works bundled or not). */
function findVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export const VERSION: string = findVersion();
