/**
 * Writing large text without stalling the event loop: text is produced piece by piece (a
 * generator), gathered into chunks of a few milliseconds of work each, and every chunk is handed
 * to the file system before the next is made, so requests are served between chunks.
 */
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { monotonicMs } from '../clock.js';
import { openPrivateFile } from '../private-files.js';

export interface ChunkOptions {
  /** Longest run of serialization between two writes (default 4 ms). */
  budgetMs?: number;
  /** Largest chunk handed to one write (default 1 MiB). */
  maxChunkChars?: number;
  /** Checked between chunks: true stops the write (it then throws {@link WriteAborted}). */
  shouldStop?: () => boolean;
  /** Told how long each chunk took to make, in ms (the event loop waits that long). */
  onSlice?: (ms: number) => void;
  /** Called after each chunk was handed to the sink. */
  onChunk?: () => void;
  /** Awaited after each chunk, before the next is made: other work that must come first. */
  pause?: () => Promise<unknown>;
}

/** Thrown when `shouldStop` asked a chunked write to stop before it was done. */
export class WriteAborted extends Error {
  constructor() {
    super('write aborted');
  }
}

/**
 * Pulls text from `pieces` in chunks of about `budgetMs` of work and gives each to `sink`.
 * Resolves with the number of bytes written.
 *
 * @example
 * await writeInChunks(lines(), (chunk) => handle.write(chunk));
 */
export async function writeInChunks(
  pieces: Iterable<string>,
  sink: (chunk: string) => Promise<unknown>,
  options: ChunkOptions = {},
): Promise<number> {
  const budget = options.budgetMs ?? 4;
  const maxChars = options.maxChunkChars ?? 1 << 20;
  let bytes = 0;
  let parts: string[] = [];
  let chars = 0;
  let started = monotonicMs();
  let count = 0;
  const drain = async () => {
    if (parts.length === 0) return;
    if (options.shouldStop?.()) throw new WriteAborted();
    const chunk = parts.join('');
    options.onSlice?.(monotonicMs() - started);
    parts = [];
    chars = 0;
    bytes += Buffer.byteLength(chunk);
    await sink(chunk);
    options.onChunk?.();
    await options.pause?.();
    started = monotonicMs();
  };
  for (const piece of pieces) {
    parts.push(piece);
    chars += piece.length;
    // Reading the time costs more than a small piece: look every 32 pieces.
    if (chars >= maxChars || (++count % 32 === 0 && monotonicMs() - started >= budget)) await drain();
  }
  await drain();
  return bytes;
}

/**
 * The temporary file `file` is written to before it is renamed over it (`.shop.json.tmp` beside
 * `shop.json`). Only a process killed between the two leaves one: it is never read, only removed.
 */
export function tempBeside(file: string): string {
  return join(dirname(file), `.${basename(file)}.tmp`);
}

/**
 * Replaces `file` atomically with the text of `pieces`, written in chunks to a temporary file
 * beside it, then renamed over it, so `file` ends 0600 (src/platform/private-files.ts). The temporary
 * file is removed when anything fails.
 *
 * @example
 * const bytes = await replaceFileInChunks('shop.json', jsonPieces(doc));
 */
export async function replaceFileInChunks(
  file: string,
  pieces: Iterable<string>,
  options: ChunkOptions = {},
): Promise<number> {
  const temp = tempBeside(file);
  // Private (0600): the file holds every store's tokens and client secrets.
  const handle = await openPrivateFile(temp);
  let bytes: number;
  try {
    bytes = await writeInChunks(pieces, (chunk) => handle.appendFile(chunk), options);
    await handle.close();
    await rename(temp, file);
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  }
  return bytes;
}
