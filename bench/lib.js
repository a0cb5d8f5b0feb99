// Helpers shared by the benchmarks: child servers, waiting for a port, autocannon runs.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
export const BARE = fileURLToPath(new URL('./bare-server.js', import.meta.url));

/** Starts `node <args>` and resolves with the child and the URL it prints. */
export async function startServer(args, pattern = /(http:\/\/\S+)/) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const url = await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = pattern.exec(out);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${out}`)));
  });
  return {
    url,
    output: () => out,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/** Requests per second of `url` under load (autocannon, 10 connections), after a warm-up run. */
export async function measure(url, { headers = {}, duration = 5, warmup = 3 } = {}) {
  // The JIT and the CPU need a few seconds under load before figures settle.
  await autocannon({ url, headers, connections: 10, pipelining: 1, duration: warmup });
  const result = await autocannon({ url, headers, connections: 10, pipelining: 1, duration });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return result.requests.average;
}

/** Runs `task(i)` for i in [0, count) with `concurrency` in flight. */
export async function pool(count, concurrency, task) {
  let next = 0;
  const workers = Array.from({ length: concurrency }, async () => {
    while (next < count) await task(next++);
  });
  await Promise.all(workers);
}

export function report(title, rows) {
  console.log(`\n${title}`);
  const width = Math.max(...rows.map(([name]) => name.length));
  for (const [name, value, verdict] of rows)
    console.log(`  ${name.padEnd(width)}  ${value}${verdict ? `  ${verdict}` : ''}`);
}

export const verdict = (ok) => (ok ? 'ok' : 'BELOW TARGET');
