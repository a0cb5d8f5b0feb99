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
  for (const [name, value] of Object.entries(entry.headers))
    bytes += name.length + (Array.isArray(value) ? value.join(', ').length : (value?.length ?? 0));
  return bytes + textBytes(entry.body) + textBytes(entry.response);
}

/**
 * The entries of a journal and their sizes. Entries are measured once finished (`durationMs` set),
 * lazily, when the journal next records or is read; until then they count nothing.
 */
export class JournalBytes {
  private total = 0;
  private readonly sizes = new Map<JournalEntry, number>();
  private readonly unmeasured = new Set<JournalEntry>();

  constructor(public limit: number = Number.POSITIVE_INFINITY) {}

  get bytes(): number {
    return this.total;
  }

  added(entry: JournalEntry): void {
    this.unmeasured.add(entry);
  }

  removed(entry: JournalEntry): void {
    this.unmeasured.delete(entry);
    this.total -= this.sizes.get(entry) ?? 0;
    this.sizes.delete(entry);
  }

  /** Measures the entries finished since the last call; true while the total is over the limit. */
  over(): boolean {
    for (const entry of this.unmeasured) {
      if (entry.durationMs === null) continue;
      const size = entryBytes(entry);
      this.sizes.set(entry, size);
      this.total += size;
      this.unmeasured.delete(entry);
    }
    return this.total > this.limit;
  }

  clear(): void {
    this.total = 0;
    this.sizes.clear();
    this.unmeasured.clear();
  }
}
