/** A one-line progress bar on a terminal's stderr; nothing at all when stderr is not a terminal. */

export interface Progress {
  update(done: number, total: number): void;
  finish(): void;
}

const WIDTH = 30;

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
  let shown = -1;
  let drawn = false;
  return {
    update(done, total) {
      if (!stream.isTTY || total < minimum) return;
      const percent = Math.floor((100 * done) / total);
      if (percent === shown) return;
      shown = percent;
      drawn = true;
      const filled = Math.round((WIDTH * done) / total);
      stream.write(
        `\r${label} [${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${String(percent).padStart(3)}% ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}`,
      );
    },
    finish() {
      if (drawn) stream.write('\n');
      drawn = false;
    },
  };
}
