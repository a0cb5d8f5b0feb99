/**
 * A store's request journal: the last N API requests (method, path, query, headers, body, status,
 * response, duration, fault) in a fixed-size ring, so a long run cannot exhaust memory. Recording
 * must be cheap: an entry keeps references (the request's header object, the parsed body, the
 * response text the client is sent) and is turned into its public form only when read.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { toIso } from '../clock.js';
import type { FaultRecord } from '../faults/fault.types.js';
import { redactJournalParts } from './journal-redact.js';
import { JournalBytes } from './journal-bytes.js';

/** Request bodies larger than this are recorded as their size only. */
export const JOURNAL_BODY_LIMIT = 64 * 1024;

/**
 * Responses larger than this are recorded as their size only. Lower than the request limit: a
 * thousand retained 40 KB list pages made list requests ~12% dearer in CPU (GC of the old
 * generation), and the client already has every response it got.
 */
export const JOURNAL_RESPONSE_LIMIT = 16 * 1024;

/** The value that stands for the access token in recorded headers. */
export const MASKED = '[redacted]';

/** A recorded request as `GET /_emulator/requests` lists it. */
/** What `GET /_emulator/requests` and `POST /_emulator/requests/count` filter entries by. */
export interface JournalFilter {
  readonly method?: string;
  /** A path pattern: `*` is one segment, a trailing `**` any number of them. */
  readonly path?: string;
  /** An exact status (`503`, `"503"`) or a class (`"5xx"`). */
  readonly status?: number | string;
  /** Entries after this entry id, or at or after this ISO time (the store's virtual time). */
  readonly since?: number | string;
  readonly request_id?: string;
}

export interface JournalEntryView {
  /** Position in the store's journal (1, 2, ...): `since` filters by it. */
  readonly id: number;
  /** Virtual time of the store when the request arrived. */
  readonly at: string;
  readonly request_id: string;
  readonly method: string;
  readonly path: string;
  readonly query: Record<string, string>;
  /** Request headers, credentials (`Authorization`, cookies, `*-Access-Token`, ...) masked. */
  readonly headers: Record<string, string | string[] | undefined>;
  /** The token used (its id and name, never its value). */
  readonly token: { readonly id: number; readonly name: string };
  /** The JSON body sent, or null. */
  readonly body: unknown;
  /** Status the client got; null while in flight or when the connection was reset. */
  readonly status: number | null;
  /** The JSON body the client was sent (or was being sent when a fault cut it). */
  readonly response_body: unknown;
  /** Null while in flight. */
  readonly duration_ms: number | null;
  readonly fault: FaultRecord | null;
}

export interface JournalRequest {
  readonly atMs: number;
  readonly startedMs: number;
  readonly requestId: string;
  readonly method: string;
  readonly path: string;
  readonly querystring: string;
  readonly headers: IncomingHttpHeaders;
  readonly token: { readonly id: number; readonly name: string };
}

/**
 * One request; the HTTP layer fills in the outcome when the request ends. The request's fields are
 * copied in, so the ring holds one object per request.
 */
export class JournalEntry implements JournalRequest {
  readonly atMs: number;
  readonly startedMs: number;
  readonly requestId: string;
  readonly method: string;
  readonly path: string;
  readonly querystring: string;
  readonly headers: IncomingHttpHeaders;
  readonly token: { readonly id: number; readonly name: string };
  body: unknown = null;
  status: number | null = null;
  /** The response as sent (JSON text), a size note, or null (no body). */
  response: string | null = null;
  durationMs: number | null = null;
  fault: FaultRecord | null = null;
  /** What the journal's byte budget counts for it: 0 until it finishes (journal-bytes.ts). */
  bytes = 0;
  /** Set once the journal has dropped it: finishing it then counts nothing. */
  dropped = false;

  constructor(
    readonly id: number,
    request: JournalRequest,
  ) {
    this.atMs = request.atMs;
    this.startedMs = request.startedMs;
    this.requestId = request.requestId;
    this.method = request.method;
    this.path = request.path;
    this.querystring = request.querystring;
    this.headers = request.headers;
    this.token = request.token;
  }

  /** The public form, its secrets masked (journal-redact.ts; `tokenHeader` is the store's token header). */
  view(tokenHeader: string): JournalEntryView {
    const { headers, query, body, response } = redactJournalParts(
      {
        headers: this.headers,
        querystring: this.querystring,
        body: this.body,
        response: this.response === null ? null : parseOrText(this.response),
      },
      tokenHeader,
    );
    return {
      id: this.id,
      at: toIso(this.atMs),
      request_id: this.requestId,
      method: this.method,
      path: this.path,
      query,
      headers,
      // Only the id and name: the entry holds the token record itself, whose value must not show.
      token: { id: this.token.id, name: this.token.name },
      body,
      status: this.status,
      response_body: response,
      duration_ms: this.durationMs === null ? null : Math.round(this.durationMs * 1000) / 1000,
      fault: this.fault,
    };
  }
}

function parseOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** What stands for a body too large to keep. */
export function omittedBody(bytes: number, limit: number): string {
  return `[${bytes} bytes, not kept: larger than ${limit}]`;
}

/**
 * The ring of a store's last `capacity` entries (0 records nothing).
 *
 * @example
 * const journal = new Journal(1000);
 * const entry = journal.begin(request); // undefined when the capacity is 0
 * // ... the request runs; then entry.status = 201, entry.durationMs = ...
 * journal.newestFirst().next().value?.view('X-Service-Access-Token');
 */
export class Journal {
  private ring: (JournalEntry | undefined)[];
  /** Index of the oldest entry. */
  private start = 0;
  private count = 0;
  private lastId = 0;
  /** The byte budget (`--journal-bytes`): the oldest entries go while the journal holds more. */
  private readonly bytes = new JournalBytes();

  constructor(private capacity: number) {
    this.ring = new Array<JournalEntry | undefined>(capacity);
  }

  /** Keeps at most `limit` bytes of entries (measured by `entryBytes`), dropping the oldest first. */
  limitBytes(limit: number): void {
    this.bytes.limit = limit;
    this.trim();
  }

  /** Bytes the finished entries hold (as `entryBytes` measures them). */
  get byteSize(): number {
    this.trim();
    return this.bytes.bytes;
  }

  /** Drops the oldest entries while the measured entries are over the byte budget. */
  private trim(): void {
    while (this.count > 0 && this.bytes.over()) {
      const oldest = this.ring[this.start];
      this.ring[this.start] = undefined;
      this.start = (this.start + 1) % this.capacity;
      this.count -= 1;
      if (oldest) this.bytes.removed(oldest);
    }
  }

  get size(): number {
    return this.count;
  }

  /** Records a request as it arrives; the oldest entry makes room when the ring is full. */
  begin(request: JournalRequest): JournalEntry | undefined {
    if (this.capacity === 0) return undefined;
    this.trim();
    const entry = new JournalEntry(++this.lastId, request);
    if (this.count < this.capacity) {
      this.ring[(this.start + this.count) % this.capacity] = entry;
      this.count += 1;
    } else {
      const oldest = this.ring[this.start];
      if (oldest) this.bytes.removed(oldest);
      this.ring[this.start] = entry;
      this.start = (this.start + 1) % this.capacity;
    }
    return entry;
  }

  /** Counts a finished entry (its outcome filled in) in the byte budget; the next record trims. */
  finish(entry: JournalEntry): void {
    this.bytes.finished(entry);
  }

  /** Entries from the newest to the oldest. */
  *newestFirst(): Generator<JournalEntry> {
    this.trim();
    for (let i = this.count - 1; i >= 0; i--) {
      const entry = this.ring[(this.start + i) % this.capacity];
      if (entry) yield entry;
    }
  }

  /** Changes the capacity, keeping the newest entries that fit. */
  resize(capacity: number): void {
    if (capacity === this.capacity) return;
    const all = [...this.newestFirst()];
    for (const dropped of all.slice(capacity)) this.bytes.removed(dropped);
    const kept = all.slice(0, capacity).reverse();
    this.capacity = capacity;
    this.ring = new Array<JournalEntry | undefined>(capacity);
    kept.forEach((entry, i) => (this.ring[i] = entry));
    this.start = 0;
    this.count = kept.length;
  }

  get limit(): number {
    return this.capacity;
  }

  /** Forgets every entry; ids keep counting, so `since` stays meaningful. */
  clear(): void {
    for (const entry of this.ring) if (entry) this.bytes.removed(entry);
    this.ring = new Array<JournalEntry | undefined>(this.capacity);
    this.start = 0;
    this.count = 0;
  }
}
