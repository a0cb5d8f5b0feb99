/**
 * Writes a HAR 1.2 file one entry at a time. The file is a complete HAR document after every
 * entry (each append overwrites the closing brackets and writes them again after the new entry),
 * so a recording stopped at any moment, even killed, is readable up to its last exchange.
 */
import type { FileHandle } from 'node:fs/promises';
import type { Entry, Log } from 'har-format';
import { openPrivateFile } from '../platform/private-files.js';

const TAIL = '\n]}}\n';

export interface HarWriter {
  /** Appends one entry; appends are written in the order they are called. */
  append(entry: Entry): Promise<void>;
  /** Entries written so far. */
  readonly count: number;
  close(): Promise<void>;
}

/**
 * Creates (or empties) `file` and returns a writer for it. `log` holds everything but the entries.
 *
 * @example
 * const writer = await createHarWriter('session.har', { version: '1.2', creator: { name: 'me', version: '1' } });
 * await writer.append(entry);
 * await writer.close();
 */
export async function createHarWriter(file: string, log: Omit<Log, 'entries'>): Promise<HarWriter> {
  // Real traffic, personal data included: owner only (0600).
  const handle: FileHandle = await openPrivateFile(file);
  const head = `${JSON.stringify({ log: { ...log, entries: [] } }).slice(0, -3)}\n`;
  await handle.write(head + TAIL.slice(1), 0);
  let position = Buffer.byteLength(head) - 1;
  let count = 0;
  let queue: Promise<void> = Promise.resolve();
  return {
    get count() {
      return count;
    },
    append(entry) {
      const text = `${count === 0 ? '\n' : ',\n'}${JSON.stringify(entry)}`;
      count += 1;
      const write = async () => {
        const bytes = Buffer.from(text + TAIL);
        await handle.write(bytes, 0, bytes.length, position);
        position += Buffer.byteLength(text);
      };
      queue = queue.then(write, write);
      return queue;
    },
    async close() {
      await queue.catch(() => undefined);
      await handle.close();
    },
  };
}
