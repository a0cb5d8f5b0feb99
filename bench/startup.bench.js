// Issue 2 target: time from process start to the first answered request <= 3x that of a bare
// node:http server. Median of several runs each. Run: npm run bench
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { BARE, CLI, report, verdict } from './lib.js';

const RUNS = 11;

async function timeToFirstAnswer(args, path, headers = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  const url = await new Promise((resolve) => {
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /(http:\/\/\S+)/.exec(out);
      if (match) resolve(match[1]);
    });
  });
  const res = await fetch(`${url}${path}`, { headers });
  if (!res.ok) throw new Error(`${url}${path} answered ${res.status}`);
  await res.arrayBuffer();
  const elapsed = performance.now() - started;
  child.kill('SIGTERM');
  await once(child, 'exit');
  return elapsed;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const bare = [];
const emulator = [];
for (let i = 0; i < RUNS; i++) {
  bare.push(await timeToFirstAnswer([BARE, '{}'], '/'));
  emulator.push(
    await timeToFirstAnswer([CLI, 'start', '--port', '0', '--token', 'startup'], '/customers', {
      'X-Service-Access-Token': 'startup',
    }),
  );
}
const ratio = median(emulator) / median(bare);
report(`Time from process start to first answered request (median of ${RUNS})`, [
  ['bare node:http', `${median(bare).toFixed(0)} ms`],
  [
    'billing-emulator start',
    `${median(emulator).toFixed(0)} ms = ${ratio.toFixed(2)}x bare`,
    `${verdict(ratio <= 3)} (target <= 3x)`,
  ],
]);
