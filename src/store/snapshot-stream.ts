/**
 * A snapshot document as a stream, both ways (docs/decisions/0027). Out: the document of
 * `takeSnapshot` written in chunks from a copy-on-write image of the store, so the store keeps
 * serving (and changing) while a large one is sent, and the server never holds the whole text. The
 * layout is still the version-1 JSON document, with one record a line:
 *
 *     {"kind":"billing-emulator/snapshot",...,"store":{...,"collections":{
 *     "customers":[
 *     {"id":1,...},
 *     {"id":2,...}
 *     ],
 *     ...
 *     }}}
 *
 * In: a document in that layout is parsed a line (a record) at a time as the bytes arrive; any other
 * layout of the same JSON (pretty-printed, one line) is parsed whole at the end.
 */
import { errors } from '../errors/messages.js';
import { TextDecoder } from 'node:util';
import { JsonDepth } from '../platform/json-depth.js';
import { imageRows, type CollectionImage } from '../platform/persistence/collection.js';
import { toIso } from '../platform/clock.js';
import { VERSION } from '../version.js';
import { SNAPSHOT_KIND, SNAPSHOT_VERSION } from './snapshots.js';
import type { Store } from './store.js';

/** Records serialized per chunk: large enough to amortize, small enough to let other work in. */
const RECORDS_PER_CHUNK = 500;

/** Longer than any line of the streamed layout (a record, or the head with the settings). */
const LONGEST_LINE = 4 * 1024 * 1024;

const HEAD_END = '"collections":{';
const TAIL = '}}}';

/**
 * The store's snapshot document as text chunks, taken once the webhook deliveries in flight have
 * their answers. Later writes to the store do not change what the chunks hold.
 *
 * @example
 * ctx.body = Readable.from(await snapshotChunks(store));
 */
export async function snapshotChunks(store: Store): Promise<Iterable<string>> {
  await store.settle();
  const image = store.image();
  const head = {
    kind: SNAPSHOT_KIND,
    version: SNAPSHOT_VERSION,
    emulator_version: VERSION,
    store_id: store.id,
    taken_at: toIso(image.clock.now),
    store: {
      settings: image.settings,
      clock: { now: toIso(image.clock.now), mode: image.clock.mode },
      sequences: image.sequences,
      uninstalled_at: image.uninstalled_at,
      collections: {},
    },
  };
  const headText = JSON.stringify(head);
  return (function* chunks() {
    // The head's empty `collections` object is opened instead of closed.
    yield `${headText.slice(0, -TAIL.length - 1)}{\n`;
    const entries: [string, CollectionImage<unknown>][] = Object.entries(image.collections);
    for (const [n, [name, collection]] of entries.entries()) {
      yield `${JSON.stringify(name)}:[\n`;
      let batch: string[] = [];
      let left = collection.size;
      for (const row of imageRows(collection)) {
        batch.push(JSON.stringify(row));
        left -= 1;
        if (batch.length === RECORDS_PER_CHUNK || left === 0) {
          yield `${batch.join(',\n')}${left === 0 ? '\n' : ',\n'}`;
          batch = [];
        }
      }
      yield n < entries.length - 1 ? '],\n' : ']\n';
    }
    yield `${TAIL}\n`;
  })();
}

/**
 * Reads a snapshot document from `chunks` (a request body), refusing more than `limitBytes` with
 * 413 and text that is not JSON with 415. Answers the parsed document, to be checked by
 * `parseSnapshot`.
 *
 * @example
 * const doc = parseSnapshot(
 *   await readSnapshot(ctx.req, { limitBytes: 512 * 1024 ** 2, limitText: '512mb', maxDepth: 80 }),
 * );
 */
export async function readSnapshot(
  chunks: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  limits: { limitBytes: number; limitText: string; maxDepth: number },
): Promise<unknown> {
  const reader = new LineReader();
  // The same guards as every other body (decision 0021): UTF-8 only, nesting bounded as it arrives.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const depth = new JsonDepth(limits.maxDepth);
  let bytes = 0;
  const take = (text: string): void => {
    if (depth.push(text)) throw errors.bodyTooDeep(limits.maxDepth);
    reader.push(text);
  };
  for await (const chunk of chunks) {
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    if (bytes > limits.limitBytes) throw errors.payloadTooLarge(limits.limitText);
    take(typeof chunk === 'string' ? chunk : decodeUtf8(decoder, chunk));
  }
  take(decodeUtf8(decoder));
  try {
    return reader.end();
  } catch {
    throw errors.unsupportedMediaType();
  }
}

function decodeUtf8(decoder: TextDecoder, chunk?: Buffer): string {
  try {
    return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
  } catch {
    throw errors.bodyNotUtf8();
  }
}

/** Parses lines of the streamed layout as they come; keeps the raw text to parse whole otherwise. */
class LineReader {
  private pending = '';
  /** Every text received, to parse whole if a line turns out not to fit the streamed layout. */
  private readonly raw: string[] = [];
  private head: { store: { collections: Record<string, unknown[]> } } | null = null;
  private rows: unknown[] | null = null;
  private closed = false;
  /** False once a line does not fit the streamed layout: the document is parsed whole at the end. */
  private streaming = true;

  push(text: string): void {
    if (text === '') return;
    this.raw.push(text);
    if (!this.streaming) return;
    const buffer = this.pending + text;
    let start = 0;
    while (this.streaming) {
      if (this.rows && buffer[start] !== ']') {
        // The record lines up to the collection's end or the last whole line, parsed at once.
        let end = buffer.indexOf('\n]', start);
        if (end === -1) end = buffer.lastIndexOf('\n');
        if (end < start) break;
        this.records(buffer.slice(start, end));
        start = end + 1;
        continue;
      }
      const end = buffer.indexOf('\n', start);
      if (end === -1) break;
      this.line(buffer.slice(start, end));
      start = end + 1;
    }
    this.pending = buffer.slice(start);
    // No line of the streamed layout is this long: a one-line document is parsed whole.
    if (this.pending.length > LONGEST_LINE) this.streaming = false;
  }

  /** Record lines (`{...},` each) of the open collection. */
  private records(lines: string): void {
    try {
      const rows = JSON.parse(`[${lines.endsWith(',') ? lines.slice(0, -1) : lines}]`) as unknown[];
      for (const row of rows) this.rows?.push(row);
    } catch {
      this.streaming = false;
    }
  }

  end(): unknown {
    if (this.streaming && this.pending.trim() !== '') this.line(this.pending);
    if (this.streaming && this.closed && this.head) return this.head;
    return JSON.parse(this.raw.join('')) as unknown;
  }

  private line(line: string): void {
    try {
      if (!this.take(line)) this.streaming = false;
    } catch {
      this.streaming = false;
    }
  }

  /** Takes one line of the streamed layout; false when it is not one. */
  private take(line: string): boolean {
    if (this.closed) return line.trim() === '';
    if (!this.head) {
      if (!line.startsWith('{') || !line.endsWith(HEAD_END)) return false;
      const head = JSON.parse(`${line}${TAIL}`) as { store?: { collections?: unknown } };
      if (typeof head.store?.collections !== 'object' || head.store.collections === null) return false;
      this.head = head as { store: { collections: Record<string, unknown[]> } };
      return true;
    }
    if (this.rows) {
      if (line !== ']' && line !== '],') return false;
      this.rows = null;
      return true;
    }
    if (line === TAIL) {
      this.closed = true;
      return true;
    }
    const open = /^("(?:[^"\\]|\\.)*"):\[$/.exec(line);
    if (!open?.[1]) return false;
    const name = JSON.parse(open[1]) as string;
    // A name already seen, or one an assignment would not store as a key: parsed whole instead.
    if (name === '__proto__' || Object.hasOwn(this.head.store.collections, name)) return false;
    this.rows = [];
    this.head.store.collections[name] = this.rows;
    return true;
  }
}
