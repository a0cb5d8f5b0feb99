/**
 * Endpoints marked `readOnly` run without a store command (decision 0052): nothing they write would
 * be undone if they failed, and effects would not wait for a commit. So none may write. Every such
 * endpoint is called over HTTP, in each version it serves, against a store a scenario seeded and a
 * month of billing filled (charges, orders, events, webhooks, metafields), with the ids of its
 * records in the path; its store must see no record written, no collection cleared or loaded, no id
 * taken, and its settings, clock and tokens as they were.
 */
import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/resources/index.js';
import type { Endpoint } from '../../src/http/types.js';
import { API_VERSIONS, type ApiVersion } from '../../src/model/versions.js';
import type { Store } from '../../src/store/store.js';
import { Api } from '../helpers/api.js';
import { useEmulator } from '../helpers/emulator.js';

const stores = new Map<number, Store>();
const { emulator } = useEmulator({ seed: 1, observers: [(store) => void stores.set(store.id, store)] });

/** The collection a path segment names, where the names differ. */
const COLLECTION_OF: Record<string, string> = { collections: 'product_collections' };

/** `path` with each `:param` replaced by a record of the collection named by the segment before it. */
function pathFor(store: Store, path: string): string {
  const segments = path.split('/');
  return segments
    .map((segment, i) => {
      if (!segment.startsWith(':')) return segment;
      const owner = segments[i - 1] ?? '';
      const collections = store.collections as unknown as Record<string, { values(): Iterable<object> }>;
      const collection = collections[COLLECTION_OF[owner] ?? owner];
      const first = collection ? (collection.values()[Symbol.iterator]().next().value as unknown) : undefined;
      const record = (first ?? {}) as { id?: number; token?: string };
      return String(segment === ':token' ? (record.token ?? 'none') : (record.id ?? 1));
    })
    .join('/');
}

/** Counts every write the store's collections see (records, clears, loads). */
function watchWrites(store: Store): { count: number } {
  const seen = { count: 0 };
  for (const collection of Object.values(store.collections)) {
    collection.onWrite(() => void (seen.count += 1));
    collection.onBulk(() => void (seen.count += 1));
  }
  return seen;
}

/** What of the store itself a write would change, as comparable values. */
function stateOf(store: Store) {
  // The clock's document reads the wall clock (its anchor): its time and mode stand for it.
  const { collections: _collections, clock: _clock, ...state } = store.toJSON();
  const clock = { now: store.clock.now(), mode: store.clock.mode };
  return { state: JSON.stringify(state), clock, settings: store.settings, tokens: store.tokens };
}

const versionsOf = (endpoint: Endpoint): readonly ApiVersion[] => endpoint.versions ?? API_VERSIONS;

describe('read-only endpoints', () => {
  it('are every GET endpoint, and only those', () => {
    const marked = endpoints.filter((endpoint) => endpoint.readOnly);
    expect(marked.length).toBeGreaterThan(50);
    expect(endpoints.filter((endpoint) => endpoint.readOnly && endpoint.locks)).toEqual([]);
  });

  it('write nothing to their store, in any version, found or not', async () => {
    const created = await emulator().control.createStore({ name: 'Read-only shop', scenario: 'small-shop' });
    const control = emulator().control.forStore(created.token);
    const api = new Api(emulator().url, created.token, '2021-11');
    const hook = await api.post('/webhooks', { address: 'http://localhost/hooks', topic: 'charge/paid' });
    expect(hook.status, hook.text).toBeLessThan(300);
    await control.advanceClock({ days: 31 });
    const store = stores.get(created.store.id);
    if (!store) throw new Error('the store was not observed');

    const writes = watchWrites(store);
    const before = stateOf(store);
    const answered: string[] = [];
    for (const endpoint of endpoints.filter((candidate) => candidate.readOnly)) {
      for (const version of versionsOf(endpoint)) {
        for (const path of [pathFor(store, endpoint.path), endpoint.path.replaceAll(/:[a-z_]+/g, '999999')]) {
          const reply = await api.call(endpoint.method, path, undefined, { version });
          answered.push(`${version} ${endpoint.method} ${path} ${reply.status}`);
          expect(reply.status, `${version} ${endpoint.method} ${path}: ${reply.text}`).toBeLessThan(500);
          expect(writes.count, `${version} ${endpoint.method} ${path} wrote`).toBe(0);
        }
      }
    }
    expect(stateOf(store)).toEqual(before);
    // The instrument sees writes: a write endpoint counts.
    const write = await api.post('/customers', {
      email: 'read.only@example.com',
      first_name: 'Read',
      last_name: 'Only',
    });
    expect(write.status, write.text).toBe(201);
    expect(writes.count).toBeGreaterThan(0);
    // Most calls found their record: the writes looked for were on the paths that do the work.
    expect(answered.filter((line) => line.endsWith(' 200')).length).toBeGreaterThan(answered.length / 3);
  });
});
