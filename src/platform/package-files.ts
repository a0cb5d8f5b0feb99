/**
 * Files shipped beside the code (`scenarios/`, `fixtures/`): found from the package root, the
 * nearest directory above this module with billing-emulator's package.json. That holds for the
 * sources, the tsc output, the CLI bundle and its chunks, the npm package and the Docker image
 * (which copies both directories next to its package.json).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/** The directory holding billing-emulator's package.json. */
export function packageRoot(): string {
  if (root) return root;
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string };
      if (pkg.name === 'billing-emulator') return (root = dir);
    } catch {
      // not here: look one level up
    }
    dir = dirname(dir);
  }
  throw new Error(`billing-emulator's package.json was not found above ${fileURLToPath(import.meta.url)}`);
}

/** Where the built-in scenarios are (`scenarios/<name>.yaml`). */
export function builtinScenariosDir(): string {
  return join(packageRoot(), 'scenarios');
}
