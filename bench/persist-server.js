// The emulator in a process of its own for bench/persistence.bench.js: createEmulator (from dist/)
// on the data file argv[2] with the createEmulator options of argv[3] (JSON: `storage.engine` is
// `log`, the default, or `whole-file`, the approach before decision 0025), and the event loop's
// delays measured. Over IPC: 'reset' starts
// a measurement, 'report' answers the longest pause, the 99th percentile, the longest stretch of
// persistence work and the longest a change waited before it was in the files (as the persistence
// measures them; the whole-file writer reports neither) in ms. SIGTERM stops
// it as the CLI does (exit 0, or 1 when the last write failed).
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { createEmulator } from '../dist/index.js';

const started = performance.now();
const [data, json = '{}'] = process.argv.slice(2);
const options = JSON.parse(json);
// The longest stretch of persistence work, as the persistence itself measures it.
let longestSlice = 0;
// The longest a change waited before it was written: what a kill -9 could have lost.
let longestWait = 0;
const emulator = await createEmulator({
  port: 0,
  logger: 'warn',
  token: 'bench-token',
  data,
  ...options,
  storage: {
    ...options.storage,
    onSlice: (ms) => (longestSlice = Math.max(longestSlice, ms)),
    onWritten: (ms) => (longestWait = Math.max(longestWait, ms)),
  },
});
const loadMs = performance.now() - started;
const delays = monitorEventLoopDelay({ resolution: 5 });
delays.enable();
process.on('message', (message) => {
  if (message === 'reset') {
    delays.reset();
    longestSlice = 0;
    longestWait = 0;
  }
  if (message === 'report')
    process.send({
      maxMs: delays.max / 1e6,
      p99Ms: delays.percentile(99) / 1e6,
      sliceMs: longestSlice,
      waitMs: longestWait,
    });
});
process.once('SIGTERM', () => {
  emulator.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
console.log(`listening on ${emulator.url} (loaded in ${loadMs.toFixed(0)} ms)`);
