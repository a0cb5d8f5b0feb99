// The emulator in a process of its own for bench/persistence.bench.js: createEmulator (from dist/)
// with `--data` kept by the engine named in argv[3] (`log`, the default, or `whole-file`, the
// approach before decision 0025), and the event loop's delays measured. Over IPC: 'reset' starts
// a measurement, 'report' answers the longest pause and the 99th percentile in ms. SIGTERM stops
// it as the CLI does (exit 0, or 1 when the last write failed).
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createEmulator } from '../dist/index.js';

const started = performance.now();
const [data, engine = 'log', token = 'bench-token'] = process.argv.slice(2);
const emulator = await createEmulator({
  port: 0,
  logger: 'warn',
  token,
  data: data === '-' ? undefined : data,
  storage: { engine },
});
const loadMs = performance.now() - started;
const delays = monitorEventLoopDelay({ resolution: 5 });
delays.enable();
process.on('message', (message) => {
  if (message === 'reset') delays.reset();
  if (message === 'report')
    process.send({ maxMs: delays.max / 1e6, p99Ms: delays.percentile(99) / 1e6, meanMs: delays.mean / 1e6 });
});
process.once('SIGTERM', () => {
  emulator.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
console.log(`listening on ${emulator.url} (loaded in ${loadMs.toFixed(0)} ms)`);
