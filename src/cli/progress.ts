/**
 * A one-line progress bar on a terminal's stderr, drawn with cli-progress (as the clone's bars
 * are); nothing at all when stderr is not a terminal. Commands import it when they need it, so a
 * start without seeding never loads cli-progress.
 */
import cliProgress from 'cli-progress';

export interface Progress {
  update(done: number, total: number): void;
  finish(): void;
}

const WIDTH = 30;

/** Counts as people read them: 10,000. */
function counts(value: number, _options: cliProgress.Options, type: cliProgress.ValueType): string {
  return type === 'value' || type === 'total' ? value.toLocaleString('en-US') : String(value);
}

/**
 * A bar for `label`, drawn only on a TTY and only for at least `minimum` items.
 *
 * @example
 * const bar = progressBar('customers', 1000); bar.update(500, 10000); bar.finish();
 */
export function progressBar(
  label: string,
  minimum = 1000,
  stream: NodeJS.WriteStream = process.stderr,
): Progress {
  let bar: cliProgress.SingleBar | undefined;
  return {
    update(done, total) {
      if (!stream.isTTY || total < minimum) return;
      if (!bar) {
        bar = new cliProgress.SingleBar({
          stream,
          barsize: WIDTH,
          barCompleteChar: '#',
          barIncompleteChar: '-',
          hideCursor: true,
          format: `${label} [{bar}] {percentage}% {value}/{total}`,
          formatValue: counts,
        });
        bar.start(total, done);
        return;
      }
      bar.setTotal(total);
      bar.update(done);
    },
    finish() {
      bar?.stop();
      bar = undefined;
    },
  };
}
