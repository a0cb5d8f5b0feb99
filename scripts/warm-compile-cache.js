// Writes the CLI's compile cache of `start` (docs/decisions/0039-compile-cache.md) into
// NODE_COMPILE_CACHE: starts the emulator once, asks for its health and stops it, as the cache is
// written when a command ends. The Docker image runs it at build time, so every container starts
// from the cache. Exits non-zero when no cache was written.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync } from 'node:fs';

const dir = process.env.NODE_COMPILE_CACHE;
if (!dir) throw new Error('NODE_COMPILE_CACHE names no directory');
const cli = spawn(process.execPath, ['dist/cli/main.js', 'start', '--port', '0'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
let out = '';
const url = await new Promise((resolve, reject) => {
  cli.stdout.on('data', (chunk) => {
    out += chunk;
    const match = /listening on (\S+)/.exec(out);
    if (match) resolve(match[1]);
  });
  cli.once('exit', (code) => reject(new Error(`billing-emulator start exited with ${code}: ${out}`)));
});
const health = await fetch(`${url}/_emulator/health`);
await health.arrayBuffer();
cli.kill('SIGINT');
const [code] = await once(cli, 'exit');
const written = readdirSync(dir).filter((name) => name.endsWith('-start.bin'));
if (code !== 0 || written.length === 0) throw new Error(`no compile cache in ${dir} (start exited ${code})`);
process.stdout.write(`compile cache of start: ${written.join(', ')}\n`);
