/**
 * The clone's progress on a terminal: one bar per list (records read, of how many when the
 * upstream can count them, records a second, time left), drawn with cli-progress on stderr.
 * Nothing is drawn when stderr is not a terminal (CI logs, `--json` piped into jq).
 */
import cliProgress from 'cli-progress';
import type { CloneProgress } from '../clone/clone.js';
import { monotonicMs } from '../platform/clock.js';
import { noun } from '../platform/plural.js';

export interface CloneBars {
  update(progress: CloneProgress): void;
  stop(): void;
}

const WIDTH = 24;

/**
 * Bars for each list as it is read.
 *
 * @example
 * const bars = cloneBars(); await cloneStore({ ..., onProgress: (p) => bars.update(p) }); bars.stop();
 */
export function cloneBars(stream: NodeJS.WriteStream = process.stderr): CloneBars {
  if (!stream.isTTY) return { update: () => undefined, stop: () => undefined };
  const multi = new cliProgress.MultiBar(
    {
      stream,
      barsize: WIDTH,
      hideCursor: true,
      clearOnComplete: false,
      etaBuffer: 50,
      format: (options, params, payload: { list: string; counted: boolean; rate: string }) => {
        const name = payload.list.padEnd(20);
        const count = params.value.toLocaleString('en-US');
        if (!payload.counted) return `${name} ${count} ${noun(params.value, 'record')}  ${payload.rate}/s`;
        const size = options.barsize ?? WIDTH;
        const filled = Math.round(params.progress * size);
        const bar = '#'.repeat(filled) + '-'.repeat(size - filled);
        const eta = params.value >= params.total ? 'done' : `${params.eta}s left`;
        return `${name} [${bar}] ${count}/${params.total.toLocaleString('en-US')}  ${payload.rate}/s  ${eta}`;
      },
    },
    cliProgress.Presets.legacy,
  );
  const bars = new Map<string, { bar: cliProgress.SingleBar; started: number }>();
  return {
    update(progress) {
      let entry = bars.get(progress.list);
      const counted = progress.total !== null && progress.total > 0;
      if (!entry) {
        const bar = multi.create(Math.max(progress.total ?? 0, 1), 0, {
          list: progress.list,
          counted,
          rate: '0',
        });
        entry = { bar, started: monotonicMs() };
        bars.set(progress.list, entry);
      }
      const seconds = Math.max((monotonicMs() - entry.started) / 1000, 0.001);
      const rate = Math.round(progress.done / seconds).toLocaleString('en-US');
      if (!counted || progress.done > (progress.total ?? 0)) entry.bar.setTotal(Math.max(progress.done, 1));
      entry.bar.update(progress.done, { list: progress.list, counted, rate });
      if (progress.finished) entry.bar.stop();
    },
    stop() {
      multi.stop();
    },
  };
}
