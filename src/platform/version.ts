import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The package version, from the nearest package.json above this file (works bundled or not). */
function findVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 5; depth++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'billing-emulator' && pkg.version) return pkg.version;
    } catch {
      // not here: look one level up
    }
    dir = dirname(dir);
  }
  return '0.0.0';
}

export const VERSION: string = findVersion();
