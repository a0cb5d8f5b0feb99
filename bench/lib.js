// Helpers shared by the benchmarks: child servers, waiting for a port, autocannon runs.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CLI = fileURLToPath(new URL('../dist/cli/main.js', import.meta.url));
export const BARE = fileURLToPath(new URL('./bare-server.js', import.meta.url));
export const BARE_KOA = fileURLToPath(new URL('./bare-koa-server.js', import.meta.url));

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
    pid: child.pid,
    output: () => out,
    stop: async () => {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

/**
 * CPU seconds (user + system) a process has used so far, from /proc; null where there is none.
 * Assumes the usual 100 clock ticks a second.
 */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * Requests per second of `url` under load (autocannon, 10 connections), after a warm-up run. With
 * the server's `pid`, also the server's CPU time per request in microseconds (`usPerRequest`):
 * steadier than throughput on a shared machine, where the load generator and neighbours take
 * cores from the server.
 */
export async function measure(url, { headers = {}, duration = 5, warmup = 3, pid } = {}) {
  // The JIT and the CPU need a few seconds under load before figures settle.
  await autocannon({ url, headers, connections: 10, pipelining: 1, duration: warmup });
  const cpuBefore = pid === undefined ? null : cpuSeconds(pid);
  const result = await autocannon({ url, headers, connections: 10, pipelining: 1, duration });
  const cpuAfter = pid === undefined ? null : cpuSeconds(pid);
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  if (pid === undefined) return result.requests.average;
  const usPerRequest =
    cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) * 1e6) / result.requests.total;
  return { rps: result.requests.average, usPerRequest };
}

/**
 * Creates a store on a running emulator with its clock at `now`; `post(path, body)` sends to it and
 * throws on any answer but a success.
 */
export async function createBenchStore(url, name, now) {
  const reply = await fetch(`${url}/_emulator/stores`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, clock: { now } }),
  });
  const created = await reply.json();
  const headers = { 'X-Service-Access-Token': created.token, 'Content-Type': 'application/json' };
  const post = async (path, body) => {
    const res = await fetch(`${url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  return { created, headers, post };
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
