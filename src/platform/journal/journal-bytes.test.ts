import { describe, expect, it } from 'vitest';
import { entryBytes } from './journal-bytes.js';
import { Journal, type JournalEntry, type JournalRequest } from './journal.js';

const request = (path: string): JournalRequest => ({
  atMs: 0,
  startedMs: 0,
  requestId: 'r',
  method: 'POST',
  path,
  querystring: '',
  headers: { accept: '*/*' },
  token: { id: 1, name: 'Default token' },
});

/** Finishes an entry as the HTTP layer does: a body sent, a response kept, a duration. */
function finish(journal: Journal, entry: JournalEntry | undefined, size: number): JournalEntry {
  if (!entry) throw new Error('no entry');
  entry.body = { note: 'x'.repeat(size) };
  entry.response = '{}';
  entry.durationMs = 1;
  journal.finish(entry);
  return entry;
}

const paths = (journal: Journal) => [...journal.newestFirst()].map((entry) => entry.path);

describe('the journal byte budget', () => {
  it('drops the oldest finished entries while the total is over the budget', () => {
    const journal = new Journal(100);
    const scratch = new Journal(1);
    const one = entryBytes(finish(scratch, scratch.begin(request('/a')), 1_000));
    journal.limitBytes(one * 3);
    for (const path of ['/a', '/b', '/c', '/d', '/e']) finish(journal, journal.begin(request(path)), 1_000);
    expect(paths(journal)).toEqual(['/e', '/d', '/c']);
    expect(journal.byteSize).toBe(one * 3);
  });

  it('counts an entry in flight as nothing until it finishes, and may drop it as the oldest', () => {
    const journal = new Journal(100);
    const inFlight = journal.begin(request('/slow'));
    journal.limitBytes(3_000);
    for (const path of ['/a', '/b']) finish(journal, journal.begin(request(path)), 1_000);
    expect(paths(journal)).toEqual(['/b', '/a', '/slow']);
    finish(journal, journal.begin(request('/c')), 1_000);
    expect(paths(journal)).toEqual(['/c', '/b']);
    finish(journal, inFlight, 10); // finishing after it was dropped changes nothing
    expect(paths(journal)).toEqual(['/c', '/b']);
    expect(journal.byteSize).toBeLessThanOrEqual(3_000);
  });

  it('forgets the bytes of entries the ring overwrites, resizes away and clears', () => {
    const journal = new Journal(2);
    journal.limitBytes(1_000_000);
    for (const path of ['/a', '/b', '/c']) finish(journal, journal.begin(request(path)), 100);
    const two = journal.byteSize;
    expect(paths(journal)).toEqual(['/c', '/b']);
    journal.resize(1);
    expect(journal.byteSize).toBe(two / 2);
    journal.clear();
    expect(journal.byteSize).toBe(0);
  });
});
