/**
 * The append-only change log beside a base file: JSON lines, one change a line, written in
 * batches. A batch ends with a commit line `{"op":"commit","seq":N}`; on reading, only committed
 * batches count, so a batch cut short by a crash (a torn last line, or lines with no commit after
 * them) is dropped as a whole and the store comes back as it was after the batch before.
 */
import { open, readFile, rename, truncate } from 'node:fs/promises';
import { writePrivateFile } from '../private-files.js';
import { tempBeside } from './chunked-write.js';
import type { LogPosition } from './persistence.types.js';

/** The line that ends batch `seq` of the log `log` (the id its base names). */
export function commitLine(seq: number, log: string): string {
  return `{"op":"commit","seq":${seq},"log":${JSON.stringify(log)}}\n`;
}

/**
 * The lines of batch `seq` of the log `log`: `lines`, then the commit line.
 *
 * @example
 * [...withCommit(['{"op":"drop","store":2}\n'], 7, 'f3c1')]; // [..., '{"op":"commit","seq":7,"log":"f3c1"}\n']
 */
export function* withCommit(lines: Iterable<string>, seq: number, log: string): Generator<string> {
  yield* lines;
  yield commitLine(seq, log);
}

/**
 * The base document's place in its log (`log_id`, `log_seq`); null for a base written before logs.
 *
 * @example
 * positionOf({ log_id: 'f3c1', log_seq: 7, stores: [] }); // { id: 'f3c1', seq: 7 }
 */
export function positionOf(base: unknown): LogPosition | null {
  if (typeof base !== 'object' || base === null) return null;
  const { log_id: id, log_seq: seq } = base as { log_id?: unknown; log_seq?: unknown };
  if (typeof id !== 'string' || typeof seq !== 'number' || !Number.isInteger(seq) || seq < 0) return null;
  return { id, seq };
}

export interface LogBatch {
  readonly seq: number;
  /** The id of the log it was written to (the base it extends names it). */
  readonly log: string;
  /** The batch's change records, parsed, in the order they were written. */
  readonly records: readonly unknown[];
}

export interface LogContent {
  readonly batches: readonly LogBatch[];
  /** Bytes up to the end of the last commit line: the part of the file that counts. */
  readonly committedBytes: number;
  /** Size of the file (more than `committedBytes` when a batch was cut short). */
  readonly totalBytes: number;
}

/** A log whose lines cannot be read (other than a batch cut short at its end). */
export class CorruptLog extends Error {}

/**
 * Reads the committed batches of a change log (none when the file does not exist).
 *
 * @example
 * const { batches } = await readChangeLog('shop.json.log'); // [{ seq: 1, records: [...] }, ...]
 */
export async function readChangeLog(file: string): Promise<LogContent> {
  let buffer: Buffer;
  try {
    buffer = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { batches: [], committedBytes: 0, totalBytes: 0 };
    throw error;
  }
  const batches: LogBatch[] = [];
  let pending: unknown[] = [];
  let committedBytes = 0;
  let start = 0;
  let line = 0;
  while (start < buffer.length) {
    const newline = buffer.indexOf(0x0a, start);
    const end = newline === -1 ? buffer.length : newline;
    line += 1;
    let record: unknown;
    try {
      record = JSON.parse(buffer.toString('utf8', start, end));
    } catch {
      // A torn last line is what a crash in the middle of an append leaves: the batch is dropped.
      if (newline === -1 || newline === buffer.length - 1) break;
      throw new CorruptLog(`line ${line} of ${file} is not JSON`);
    }
    // A line without its newline was cut short, even when what arrived happens to parse.
    if (newline === -1) break;
    const commit = commitOf(record);
    if (commit === null) pending.push(record);
    else {
      batches.push({ ...commit, records: pending });
      pending = [];
      committedBytes = end + 1;
    }
    start = end + 1;
  }
  return { batches, committedBytes, totalBytes: buffer.length };
}

/** Cuts a log back to its committed part (what a crash left after it is dropped). */
export async function dropUncommitted(file: string, content: LogContent): Promise<void> {
  if (content.totalBytes > content.committedBytes) await truncate(file, content.committedBytes);
}

function commitOf(record: unknown): { seq: number; log: string } | null {
  if (typeof record !== 'object' || record === null) return null;
  const { op, seq, log } = record as { op?: unknown; seq?: unknown; log?: unknown };
  return op === 'commit' && typeof seq === 'number' ? { seq, log: typeof log === 'string' ? log : '' } : null;
}

/**
 * Removes the first `offset` bytes of the log `file`, of which the first `length` count (its
 * committed part): the rest is written to a temporary file renamed over the log, so a kill at any
 * moment leaves either the whole log or the rest. `beforeRename` runs once the rest is written.
 *
 * @example
 * await dropLogPrefix('shop.json.log', 4_096, 6_000); // the log holds what was at 4,096..6,000
 */
export async function dropLogPrefix(
  file: string,
  offset: number,
  length: number,
  beforeRename: () => void = () => undefined,
): Promise<void> {
  if (offset >= length) return truncate(file, 0);
  const rest = Buffer.alloc(length - offset);
  const handle = await open(file, 'r');
  try {
    for (let read = 0; read < rest.length;) {
      const { bytesRead } = await handle.read(rest, read, rest.length - read, offset + read);
      if (bytesRead === 0) throw new Error(`${file} is shorter than expected`);
      read += bytesRead;
    }
  } finally {
    await handle.close();
  }
  const temp = tempBeside(file);
  await writePrivateFile(temp, rest);
  beforeRename();
  await rename(temp, file);
}
