/**
 * The byte budget of a store's request journal: each finished entry is measured once, and the
 * journal drops its oldest entries while the total is over the budget (`--journal-bytes`). Kept
 * apart from the ring and from what an entry records, so either can change without the other.
 */
import type { JournalEntry } from './journal.js';

/** What an entry costs beyond its texts (its object, the token and fault references). */
const ENTRY_OVERHEAD = 200;

function textBytes(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'string') return value.length;
  return JSON.stringify(value)?.length ?? 0;
}

/**
 * About how many bytes a finished entry holds: its texts' lengths (request line, headers, body and
 * response as kept) and a fixed overhead.
 *
 * @example
 * entryBytes(entry); // 1342
 */
export function entryBytes(entry: JournalEntry): number {
  let bytes = ENTRY_OVERHEAD + entry.path.length + entry.querystring.length + entry.requestId.length;
  // A plain loop: `Object.entries` made an array a header on every request (decision 0052).
  const headers = entry.headers;
  for (const name in headers) {
    if (!Object.hasOwn(headers, name)) continue;
    const value = headers[name];
    bytes += name.length + (Array.isArray(value) ? value.join(', ').length : (value?.length ?? 0));
  }
  return bytes + textBytes(entry.body) + textBytes(entry.response);
}

/**
 * The byte total of a journal's entries. Each entry is measured once, when it finishes
 * (`finished`); an entry in flight counts nothing, and one dropped before it finishes never counts.
 * The size sits on the entry itself (`bytes`, `dropped`), so a request costs no map or set updates.
 */
export class JournalBytes {
  private total = 0;

  constructor(public limit: number = Number.POSITIVE_INFINITY) {}

  get bytes(): number {
    return this.total;
  }

  /** Counts a finished entry the journal still holds. */
  finished(entry: JournalEntry): void {
    if (entry.dropped || entry.bytes !== 0) return;
    entry.bytes = entryBytes(entry);
    this.total += entry.bytes;
  }

  /** Forgets an entry the journal drops (its size if it was counted; a later finish counts nothing). */
  removed(entry: JournalEntry): void {
    this.total -= entry.bytes;
    entry.bytes = 0;
    entry.dropped = true;
  }

  /** Whether the total is over the limit. */
  over(): boolean {
    return this.total > this.limit;
  }
}
