/** The request journal of the calling store: read with filters, count, empty. */
import { parseWith } from '../errors/validation.js';
import { onFirstUse } from '../platform/first-use.js';
import type { JournalEntry } from '../platform/journal/journal.js';
import type { Store } from '../store/store.js';
import { limitParam } from './limit-param.js';
import type { ControlEndpoint } from './control.types.js';
import { compileJournalFilter, journalFilterSchema, type JournalFilter } from './requests.filter.js';

/** Entries `GET /_emulator/requests` answers unless `limit` says otherwise. */
export const DEFAULT_REQUESTS_LIMIT = 100;

/** The query of `GET /requests`: the filters and a limit, built on first use (src/platform/first-use.ts). */
const requestsQuery = onFirstUse(() =>
  journalFilterSchema().extend({
    limit: limitParam(),
  }),
);

function matching(store: Store, filter: JournalFilter): Generator<JournalEntry> {
  const accepts = compileJournalFilter(filter);
  return (function* () {
    for (const entry of store.traffic.journal.newestFirst()) if (accepts(entry)) yield entry;
  })();
}

export const requestControlEndpoints: readonly ControlEndpoint[] = [
  {
    method: 'GET',
    path: '/requests',
    access: 'store',
    summary:
      "The calling store's recorded API requests, newest first; filters method, path (glob), status (503 or 5xx), " +
      'since (an entry id or an ISO time of the store clock), request_id; limit (default 100)',
    query: requestsQuery,
    handle: ({ store, query, deps }) => {
      const { limit, ...filter } = parseWith(requestsQuery(), query);
      const wanted = limit ?? DEFAULT_REQUESTS_LIMIT;
      const requests = [];
      for (const entry of matching(store, filter)) {
        if (requests.length >= wanted) break;
        requests.push(entry.view(deps.headers.accessToken));
      }
      return { body: { requests } };
    },
  },
  {
    method: 'POST',
    path: '/requests/count',
    access: 'store',
    summary: 'How many recorded requests match the filters in the body (the same as those of GET /requests)',
    body: journalFilterSchema,
    handle: ({ store, body }) => {
      let count = 0;
      for (const _entry of matching(store, parseWith(journalFilterSchema(), body))) count += 1;
      return { body: { count } };
    },
  },
  {
    method: 'DELETE',
    path: '/requests',
    access: 'store',
    summary: "Empty the calling store's request journal (entry ids keep counting)",
    status: 204,
    handle: ({ store }) => {
      store.traffic.journal.clear();
      return { status: 204 };
    },
  },
];
