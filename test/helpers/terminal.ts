/** A stream standing in for a terminal (or a pipe), keeping what is written to it: for progress bars. */
import { Writable } from 'node:stream';

/**
 * A writable that says whether it is a terminal, 120 columns wide, and gives back its text.
 *
 * @example
 * const stream = terminal(); progressBar('x', 1, stream).update(1, 1); stream.text();
 */
export function terminal(isTTY = true): NodeJS.WriteStream & { text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  }) as unknown as NodeJS.WriteStream & { text: () => string };
  Object.assign(stream, { isTTY, columns: 120, rows: 40, text: () => text });
  return stream;
}
