/**
 * A snapshot document as a stream, both ways (docs/decisions/0027, 0029). Out: the document of
 * `takeSnapshot` written in chunks from a copy-on-write image of the store, so the store keeps
 * serving (and changing) while a large one is sent, and the server never holds the whole text.
 * Version 1 has one record a line; version 2 (columnar, src/store/snapshot-columns.ts) a line of
 * rows:
 *
 *     {"kind":"billing-emulator/snapshot","version":1,...,"store":{...,"collections":{
 *     "customers":[
 *     {"id":1,...},
 *     {"id":2,...}
 *     ],
 *     ...
 *     }}}
 *
 *     {"kind":"billing-emulator/snapshot","version":2,...,"store":{...,"collections":{
 *     "customers":{"keys":["id",...],"rows":[
 *     [1,...],[2,...],
 *     [501,...],...
 *     ]},
 *     ...
 *     }}}
 *
 * In: a document in either layout is parsed a run of lines at a time as the bytes arrive; any other
 * layout of the same JSON (pretty-printed, one line) is parsed whole at the end.
 */
import { describeJsonError } from '../platform/json-error.js';
import { errors } from '../errors/messages.js';
import { isAscii } from 'node:buffer';
import { TextDecoder } from 'node:util';
import { ApiError } from '../errors/api-error.js';
import { JsonDepth, nestedDeeperThan, spansMoreThan } from '../platform/json-depth.js';
import { imageRows, type CollectionImage } from '../platform/persistence/collection.js';
import { toIso } from '../platform/clock.js';
import { VERSION } from '../platform/version.js';
import { columnKeys, columnKeysProblem, columnRecord, columnRow } from './snapshot-columns.js';
import { SNAPSHOT_COLUMNAR_VERSION, SNAPSHOT_KIND, SNAPSHOT_VERSION } from './snapshots.js';
import type { Store } from './store.js';

/** Records serialized per chunk: large enough to amortize, small enough to let other work in. */
const RECORDS_PER_CHUNK = 500;

/** Longer than any line of the streamed layouts (a record, a version-2 line of rows, the head). */
const LONGEST_LINE = 16 * 1024 * 1024;

const HEAD_END = '"collections":{';
const TAIL = '}}}';
const LINE_END = Buffer.from('\n');
const ROW_SEPARATOR = Buffer.from(',\n');

/** Which layout `snapshotChunks` writes: the version-1 document or the columnar version 2. */
export type SnapshotVersion = typeof SNAPSHOT_VERSION | typeof SNAPSHOT_COLUMNAR_VERSION;

/**
 * The store's snapshot document as chunks of UTF-8 text, taken once the webhook deliveries in
 * flight have their answers. Later writes to the store do not change what the chunks hold. Version
 * 1 has a record a line; version 2 (src/store/snapshot-columns.ts) a line of up to 500 rows, each
 * serialized with one `JSON.stringify` call (one call a record cost a fifth more).
 *
 * @example
 * ctx.body = Readable.from(await snapshotChunks(store, 2));
 */
export async function snapshotChunks(
  store: Store,
  version: SnapshotVersion = SNAPSHOT_VERSION,
): Promise<Iterable<Buffer>> {
  await store.settle();
  const image = store.image();
  const head = {
    kind: SNAPSHOT_KIND,
    version,
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
  const columnar = version === SNAPSHOT_COLUMNAR_VERSION;
  // Buffers, not strings: the socket encodes a string chunk by chunk, at three times the cost.
  const utf8 = (text: string): Buffer => Buffer.from(text, 'utf8');
  return (function* chunks() {
    // The head's empty `collections` object is opened instead of closed.
    yield utf8(`${headText.slice(0, -TAIL.length - 1)}{\n`);
    const entries: [string, CollectionImage<object>][] = Object.entries(image.collections);
    for (const [n, [name, collection]] of entries.entries()) {
      // The first record's fields name the columns (records of a collection mostly share them).
      const rows = imageRows(collection);
      const keys = columnar ? columnKeys(rows[0]) : [];
      yield utf8(
        columnar
          ? `${JSON.stringify(name)}:{"keys":${JSON.stringify(keys)},"rows":[\n`
          : `${JSON.stringify(name)}:[\n`,
      );
      let batch: unknown[] = [];
      let left = rows.length;
      for (const row of rows) {
        batch.push(columnar ? columnRow(row, keys) : row);
        left -= 1;
        if (batch.length === RECORDS_PER_CHUNK || left === 0) {
          if (columnar) {
            // The array's bytes without its brackets: a view, where slicing and joining the text
            // made V8 copy it again before encoding (a seventh of an export).
            const bytes = utf8(JSON.stringify(batch));
            yield bytes.subarray(1, bytes.length - 1);
            yield left === 0 ? LINE_END : ROW_SEPARATOR;
          } else yield utf8(`${batch.map((r) => JSON.stringify(r)).join(',\n')}${left === 0 ? '\n' : ',\n'}`);
          batch = [];
        }
      }
      const close = columnar ? ']}' : ']';
      yield utf8(n < entries.length - 1 ? `${close},\n` : `${close}\n`);
    }
    yield utf8(`${TAIL}\n`);
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
  // The same guards as every other body (decision 0021): UTF-8 only, nesting bounded. The reader
  // checks nesting line by line as the bytes arrive; a layout it cannot stream, once read whole.
  const reader = new LineReader(limits.maxDepth);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let bytes = 0;
  // Set while the decoder may hold the first bytes of a character cut between two chunks.
  let decoding = false;
  // What came, kept as it came (Buffers stay out of the JS heap) in case it is to be parsed whole.
  const raw: (Buffer | string)[] = [];
  for await (const chunk of chunks) {
    raw.push(chunk);
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk) : chunk.length;
    if (bytes > limits.limitBytes) throw errors.payloadTooLarge(limits.limitText);
    if (typeof chunk === 'string') reader.push(chunk);
    // ASCII (most of a snapshot) is valid UTF-8 and reads as latin1, a copy: a tenth of the decoder's time.
    else if (!decoding && isAscii(chunk)) reader.push(chunk.toString('latin1'));
    else {
      reader.push(decodeUtf8(decoder, chunk));
      decoding = !isAscii(chunk);
    }
  }
  reader.push(decodeUtf8(decoder));
  let text: string;
  try {
    const document = reader.end();
    if (document !== null) return document;
    // Not a streamed layout: the text is parsed whole (UTF-8 already checked as it came).
    text = Buffer.concat(
      raw.map((chunk) => (typeof chunk === 'string' ? Buffer.from(chunk) : chunk)),
    ).toString('utf8');
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw errors.unsupportedMediaType();
  }
  if (nestedDeeperThan(text, limits.maxDepth)) throw errors.bodyTooDeep(limits.maxDepth);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw errors.bodyNotJson(describeJsonError(text, error as Error));
  }
}

function decodeUtf8(decoder: TextDecoder, chunk?: Buffer): string {
  try {
    return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
  } catch {
    throw errors.bodyNotUtf8();
  }
}

/**
 * Parses lines of the streamed layouts as they come. Text is scanned once for line ends: a chunk
 * without one is only kept (joining the pending text to each chunk and searching it again cost a
 * fifth of an import when a version-2 line spans several chunks). Nesting is checked on the text
 * of the lines around the records, and on the records once parsed (V8's parser does not recurse):
 * scanning the records' text cost three times the walk, a tenth of an import.
 */
class LineReader {
  /** How deep the lines around the records open: the records sit one level below. */
  private readonly depth: JsonDepth;
  /** The text after the last line end, in pieces. */
  private pending: string[] = [];
  private pendingLength = 0;
  private head: { store: { collections: Record<string, unknown> } } | null = null;
  private rows: unknown[] | null = null;
  /** The open collection is a version-2 one (`{"keys":[...],"rows":[...]}`). */
  private columnar = false;
  /** The fields of the open version-2 collection, when they can be. */
  private keys: string[] | null = null;
  private closed = false;
  /** False once a line does not fit the streamed layout: the document is parsed whole at the end. */
  private streaming = true;

  constructor(private readonly maxDepth: number) {
    this.depth = new JsonDepth(maxDepth);
  }

  push(text: string): void {
    if (!this.streaming || text === '') return;
    const last = text.lastIndexOf('\n');
    if (last === -1) {
      this.pending.push(text);
      this.pendingLength += text.length;
      // No line of the streamed layouts is this long: a one-line document is parsed whole.
      if (this.pendingLength > LONGEST_LINE) this.streaming = false;
      return;
    }
    this.pending.push(text.slice(0, last));
    const lines = this.pending.join('');
    this.pending = [text.slice(last + 1)];
    this.pendingLength = text.length - last - 1;
    this.lines(lines);
  }

  /** Whole lines (`text` ends where a line does). */
  private lines(text: string): void {
    let start = 0;
    while (this.streaming && start <= text.length) {
      if (this.rows && text[start] !== ']') {
        // The record lines up to the collection's end or the last line, parsed at once.
        let end = text.indexOf('\n]', start);
        if (end === -1) end = text.length;
        this.records(text.slice(start, end));
        start = end + 1;
        continue;
      }
      let end = text.indexOf('\n', start);
      if (end === -1) end = text.length;
      this.line(text.slice(start, end));
      start = end + 1;
    }
  }

  /** Record lines (`{...},` each) of the open collection. */
  private records(lines: string): void {
    let rows: unknown[];
    try {
      rows = JSON.parse(`[${lines.endsWith(',') ? lines.slice(0, -1) : lines}]`) as unknown[];
    } catch {
      this.streaming = false;
      return;
    }
    // Each row is one level below the lines around it.
    const levels = this.maxDepth - this.depth.level;
    for (const row of rows)
      if (typeof row === 'object' && row !== null && spansMoreThan(row, levels))
        throw errors.bodyTooDeep(this.maxDepth);
    const keys = this.keys;
    const records = this.rows as unknown[];
    // Version 2: records rebuilt now, so the arrays die young (kept until the end, every row was
    // copied twice by the young-generation collector, then its record too).
    if (keys) for (const row of rows) records.push(columnRecord(keys, row));
    else for (const row of rows) records.push(row);
  }

  /** The document read, or null when it was not in a streamed layout (to be parsed whole). */
  end(): unknown {
    const rest = this.pending.join('');
    if (this.streaming && rest.trim() !== '') this.line(rest);
    return this.streaming && this.closed && this.head ? this.head : null;
  }

  private line(line: string): void {
    if (this.depth.push(line)) throw errors.bodyTooDeep(this.maxDepth);
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
      this.head = head as { store: { collections: Record<string, unknown> } };
      return true;
    }
    if (this.rows) {
      const close = this.columnar ? ']}' : ']';
      if (line !== close && line !== `${close},`) return false;
      this.rows = null;
      return true;
    }
    if (line === TAIL) {
      this.closed = true;
      return true;
    }
    // A collection opens: `"name":[` (version 1) or `"name":{"keys":[...],"rows":[` (version 2).
    const open = /^("(?:[^"\\]|\\.)*"):(?:\[|\{"keys":(\[.*\]),"rows":\[)$/.exec(line);
    if (!open?.[1]) return false;
    const name = JSON.parse(open[1]) as string;
    // A name already seen, or one an assignment would not store as a key: parsed whole instead.
    if (name === '__proto__' || Object.hasOwn(this.head.store.collections, name)) return false;
    this.rows = [];
    this.columnar = open[2] !== undefined;
    const keys = this.columnar ? (JSON.parse(open[2] as string) as unknown) : undefined;
    // Rows of keys that cannot name fields stay as they are, for parseSnapshot to refuse.
    this.keys = this.columnar && columnKeysProblem(keys) === null ? (keys as string[]) : null;
    this.head.store.collections[name] = this.columnar ? { keys, rows: this.rows } : this.rows;
    return true;
  }
}
