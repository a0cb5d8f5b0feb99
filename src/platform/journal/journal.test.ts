import { describe, expect, it } from 'vitest';
import { Journal, type JournalRequest } from './journal.js';

const request = (path: string): JournalRequest => ({
  atMs: Date.parse('2025-01-15T12:00:00Z'),
  startedMs: 0,
  requestId: path,
  method: 'GET',
  path,
  querystring: 'a=1&a=2&b=x%20y',
  headers: { 'x-service-access-token': 'secret-token', accept: '*/*' },
  token: { id: 7, name: 'Default token' },
});

const paths = (journal: Journal) => [...journal.newestFirst()].map((entry) => entry.path);

describe('Journal', () => {
  it('keeps the newest `capacity` entries in a ring, with ids that keep counting', () => {
    const journal = new Journal(3);
    for (const path of ['/a', '/b', '/c', '/d', '/e']) journal.begin(request(path));
    expect(paths(journal)).toEqual(['/e', '/d', '/c']);
    expect([...journal.newestFirst()].map((entry) => entry.id)).toEqual([5, 4, 3]);
    journal.clear();
    expect(journal.size).toBe(0);
    expect(journal.begin(request('/f'))?.id).toBe(6);
  });

  it('resizes keeping the newest entries; capacity 0 records nothing', () => {
    const journal = new Journal(4);
    for (const path of ['/a', '/b', '/c', '/d']) journal.begin(request(path));
    journal.resize(2);
    expect(paths(journal)).toEqual(['/d', '/c']);
    journal.begin(request('/e'));
    expect(paths(journal)).toEqual(['/e', '/d']);
    journal.resize(3);
    journal.begin(request('/f'));
    expect(paths(journal)).toEqual(['/f', '/e', '/d']);
    journal.resize(0);
    expect(journal.begin(request('/g'))).toBeUndefined();
    expect(journal.size).toBe(0);
  });

  it('masks the token header and parses the query (first value) only when read', () => {
    const entry = new Journal(1).begin(request('/a'));
    const view = entry?.view('X-Service-Access-Token');
    expect(view?.headers).toEqual({ 'x-service-access-token': '[redacted]', accept: '*/*' });
    expect(view?.query).toEqual({ a: '1', b: 'x y' });
    expect(view?.at).toBe('2025-01-15T12:00:00Z');
    expect(view?.token).toEqual({ id: 7, name: 'Default token' });
  });
});
