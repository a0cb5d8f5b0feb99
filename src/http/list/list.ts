/**
 * The one list mechanism every list endpoint uses: filters as data, sort per the spec's sorting
 * table, `limit`/`page`, 2021-11 cursors and the 2021-01 `Link` header. Scans stop as soon as a page
 * is full, and index-backed filters narrow the candidates first.
 */
import { errors, FIELD } from '../../errors/messages.js';
import type { Collection, Identified } from '../../platform/persistence/collection.js';
import { dictionary, own } from '../../platform/dictionary.js';
import type { Store } from '../../store/store.js';
import { dialectOf } from '../dialect.js';
import type { JsonText } from '../json-text.js';
import type { ApiRequest, ApiResponse } from '../types.js';
import { decodeCursor, encodeCursor, type SortKey } from './cursor.js';
import { parseIncludes, withIncludes, type IncludeSpec } from './include.js';
import { parseLimit, parsePage } from './params.js';
import { joinTexts, recordText, recordTexts } from './record-texts.js';
import { sortedIds } from './sorted-order.js';

/** What one filter parameter contributes: a record test and/or candidate ids from an index. */
export interface Condition<T> {
  readonly test?: (row: T) => boolean;
  readonly candidates?: Iterable<number>;
}

/** Parses one query parameter (`name` is its name, for error bodies) into a condition. */
export type FilterParser<T> = (raw: string, request: ApiRequest, name: string) => Condition<T>;

export interface ListSpec<T extends Identified> {
  /** Key of the list in the response (`customers`) and the scope of its cursors. */
  readonly name: string;
  readonly collection: (store: Store) => Collection<T>;
  readonly filters: Readonly<Record<string, FilterParser<T>>>;
  /**
   * Sortable fields (`id` is always sortable) and how to read them: functions of the record alone,
   * made once (an order of the collection is kept per function: `sortedIds`).
   */
  readonly sorts: Readonly<Record<string, (row: T) => SortKey>>;
  readonly defaultSort: string;
  readonly serialize: (row: T, request: ApiRequest) => unknown;
  /**
   * The serializer reads nothing but the record, the store's records, settings and clock, and the
   * request's version: pages without `include` are then joined from texts kept per record
   * (`recordTexts`, decision 0053) in a store of the spec's own names.
   */
  readonly keepsTexts?: true;
  readonly includes?: IncludeSpec<T>;
  /** Parameters besides `ids` whose presence leaves the 2021-01 `Link` header out (spec: Cursor pagination). */
  readonly noLinkWith?: readonly string[];
}

const PAGING = new Set(['limit', 'page', 'cursor', 'page_info']);

interface Sort<T> {
  readonly field: string;
  readonly descending: boolean;
  readonly key: (row: T) => SortKey;
}

function parseSort<T extends Identified>(spec: ListSpec<T>, raw: string): Sort<T> {
  const match = /^([a-z_]+)-(asc|desc)$/.exec(raw);
  const field = match?.[1];
  const key = field === 'id' ? (row: T) => row.id : field ? own(spec.sorts, field) : undefined;
  if (!match || !field || !key) {
    const options = ['id', ...Object.keys(spec.sorts)].flatMap((name) => [`${name}-asc`, `${name}-desc`]);
    throw errors.field('sort_by', FIELD.oneOf(options));
  }
  return { field, descending: match[2] === 'desc', key };
}

function compareKeys(a: SortKey, b: SortKey): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Records in the order of the sort, readable by position. */
interface Sequence<T> {
  readonly length: number;
  at(index: number): T | undefined;
}

/**
 * The records to page through, in sort order. Without index candidates it reads an order kept
 * beside the collection (the ids, or `sortedIds` for a field) lazily: the page stops the walk and
 * `test` is applied on the way. A few candidates from an index are filtered and sorted instead.
 */
function sequenceOf<T extends Identified>(
  collection: Collection<T>,
  sort: Sort<T>,
  candidates: readonly number[] | null,
  test: (row: T) => boolean,
): Sequence<T> {
  if (sort.field === 'id' || candidates === null) {
    const ids = candidates ?? (sort.field === 'id' ? collection.ids() : sortedIds(collection, sort.key));
    const last = ids.length - 1;
    return {
      length: ids.length,
      at: (i) => collection.get(ids[sort.descending ? last - i : i] ?? -1),
    };
  }
  const rows: T[] = [];
  for (const id of candidates) {
    const row = collection.get(id);
    if (row && test(row)) rows.push(row);
  }
  const direction = sort.descending ? -1 : 1;
  rows.sort((a, b) => direction * (compareKeys(sort.key(a), sort.key(b)) || a.id - b.id));
  return { length: rows.length, at: (i) => rows[i] };
}

/** Index of the first record after (key, id) in the sequence's order, or at it when `inclusive`. */
function boundary<T extends Identified>(
  seq: Sequence<T>,
  sort: Sort<T>,
  key: SortKey,
  id: number,
  inclusive: boolean,
): number {
  const direction = sort.descending ? -1 : 1;
  let low = 0;
  let high = seq.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const row = seq.at(mid);
    const order = row ? direction * (compareKeys(sort.key(row), key) || row.id - id) : 1;
    if (order < 0 || (order === 0 && !inclusive)) low = mid + 1;
    else high = mid;
  }
  return low;
}

interface Page<T> {
  readonly rows: T[];
  readonly hasNext: boolean;
  readonly hasPrevious: boolean;
}

function collectForward<T>(seq: Sequence<T>, from: number, limit: number, test: (row: T) => boolean) {
  const rows: T[] = [];
  let i = from;
  for (; i < seq.length && rows.length < limit; i++) {
    const row = seq.at(i);
    if (row && test(row)) rows.push(row);
  }
  return { rows, stoppedAt: i };
}

function anyMatch<T>(seq: Sequence<T>, from: number, step: 1 | -1, test: (row: T) => boolean): boolean {
  for (let i = from; i >= 0 && i < seq.length; i += step) {
    const row = seq.at(i);
    if (row && test(row)) return true;
  }
  return false;
}

/**
 * Merges the conditions of a request: the smallest index hit becomes the candidates to scan (when
 * it is small enough to beat a scan in id order); every other condition becomes a test.
 */
function combine<T extends Identified>(
  conditions: readonly Condition<T>[],
  total: number,
): {
  test: (row: T) => boolean;
  candidates: readonly number[] | null;
} {
  const tests = conditions.flatMap((c) => (c.test ? [c.test] : []));
  const hits = conditions.flatMap((c) =>
    c.candidates
      ? [c.candidates instanceof Set ? (c.candidates as ReadonlySet<number>) : new Set(c.candidates)]
      : [],
  );
  hits.sort((a, b) => a.size - b.size);
  const smallest = hits[0];
  const scan = smallest !== undefined && smallest.size * 4 < total ? smallest : undefined;
  const others = scan ? hits.slice(1) : hits;
  const test = (row: T): boolean => tests.every((t) => t(row)) && others.every((set) => set.has(row.id));
  return { test, candidates: scan ? [...scan].sort((a, b) => a - b) : null };
}

function pageOf<T extends Identified>(
  seq: Sequence<T>,
  sort: Sort<T>,
  test: (row: T) => boolean,
  limit: number,
  position: { page: number } | { key: SortKey; id: number; direction: 'next' | 'previous' },
): Page<T> {
  if ('page' in position) {
    let skip = (position.page - 1) * limit;
    let i = 0;
    for (; i < seq.length && skip > 0; i++) {
      const row = seq.at(i);
      if (row && test(row)) skip -= 1;
    }
    const { rows, stoppedAt } = collectForward(seq, i, limit, test);
    return { rows, hasNext: anyMatch(seq, stoppedAt, 1, test), hasPrevious: position.page > 1 && i > 0 };
  }
  if (position.direction === 'next') {
    const start = boundary(seq, sort, position.key, position.id, false);
    const { rows, stoppedAt } = collectForward(seq, start, limit, test);
    return {
      rows,
      hasNext: anyMatch(seq, stoppedAt, 1, test),
      hasPrevious: anyMatch(seq, start - 1, -1, test),
    };
  }
  // Walking back: collect the records before the edge item (which may have been deleted since).
  const end = boundary(seq, sort, position.key, position.id, true);
  const rows: T[] = [];
  let i = end - 1;
  for (; i >= 0 && rows.length < limit; i--) {
    const row = seq.at(i);
    if (row && test(row)) rows.push(row);
  }
  rows.reverse();
  return { rows, hasNext: anyMatch(seq, end, 1, test), hasPrevious: anyMatch(seq, i, -1, test) };
}

function parseConditions<T extends Identified>(
  spec: ListSpec<T>,
  params: Readonly<Record<string, string>>,
  request: ApiRequest,
): Condition<T>[] {
  const conditions: Condition<T>[] = [];
  for (const [name, raw] of Object.entries(params)) {
    // Parameter names are the client's: `?constructor=1` must not find Object's members.
    const filter = own(spec.filters, name);
    if (filter) conditions.push(filter(raw, request, name));
  }
  return conditions;
}

/** Answers a list request: `{<name>: [...]}` plus cursors (2021-11) or a `Link` header (2021-01). */
export function listResponse<T extends Identified>(
  spec: ListSpec<T>,
  request: ApiRequest,
  fixed: readonly Condition<T>[] = [],
): ApiResponse {
  const { query, store } = request;
  const cursorParam =
    query.cursor !== undefined ? 'cursor' : query.page_info !== undefined ? 'page_info' : null;
  const limit = parseLimit(query.limit);
  let params: Record<string, string>;
  let position: Parameters<typeof pageOf>[4];
  if (cursorParam) {
    const extra = Object.keys(query).find((name) => name !== 'limit' && name !== cursorParam);
    if (extra) throw errors.field(extra, 'Only limit may be sent together with a cursor.');
    const state = decodeCursor(query[cursorParam] ?? '', spec.name, store.clientSecret, cursorParam);
    params = dictionary(Object.entries(state.params));
    position = state;
  } else {
    params = dictionary(Object.entries(query).filter(([name]) => !PAGING.has(name)));
    position = { page: parsePage(query.page) };
  }
  const sort = parseSort(spec, params.sort_by ?? spec.defaultSort);
  const includes = parseIncludes(spec.includes, params.include, request.version);
  const collection = spec.collection(store);
  const { test, candidates } = combine(
    [...fixed, ...parseConditions(spec, params, request)],
    collection.size,
  );
  const seq = sequenceOf(collection, sort, candidates, test);
  const page = pageOf(seq, sort, test, limit, position);

  const cursor = (row: T | undefined, direction: 'next' | 'previous'): string | null =>
    row
      ? encodeCursor(
          { list: spec.name, params, key: sort.key(row), id: row.id, direction },
          store.clientSecret,
        )
      : null;
  const next = page.hasNext ? cursor(page.rows.at(-1), 'next') : null;
  const previous = page.hasPrevious ? cursor(page.rows[0], 'previous') : null;
  const body =
    spec.keepsTexts && includes.length === 0 && dialectOf(store).neutral
      ? pageText(spec, page.rows, request, next, previous)
      : pageValue(spec, page.rows, includes, request, next, previous);
  if (request.version === '2021-11') return { body };
  // Spec: requests filtering by ids get no Link header.
  const suppressed = ['ids', ...(spec.noLinkWith ?? [])].some((name) => params[name] !== undefined);
  const links: string[] = [];
  const url = (token: string) => `${request.origin}${request.path}?limit=${limit}&page_info=${token}`;
  if (!suppressed && next) links.push(`<${url(next)}>; rel="next"`);
  if (!suppressed && previous) links.push(`<${url(previous)}>; rel="previous"`);
  return { body, headers: links.length ? { Link: links.join(', ') } : undefined };
}

/** The page's body: `{<name>: [...]}`, with the cursors in 2021-11. */
function pageValue<T extends Identified>(
  spec: ListSpec<T>,
  rows: readonly T[],
  includes: readonly string[],
  request: ApiRequest,
  next: string | null,
  previous: string | null,
): unknown {
  const items = rows.map((row) =>
    withIncludes(spec.serialize(row, request), row, includes, spec.includes, request),
  );
  return request.version === '2021-11'
    ? { [spec.name]: items, next_cursor: next, previous_cursor: previous }
    : { [spec.name]: items };
}

/**
 * `pageValue` as the text `JSON.stringify` gives for it (no whitespace, the same members in the
 * same order), joined from the records' kept texts: each record is serialized once until the store
 * changes (`recordTexts`).
 */
function pageText<T extends Identified>(
  spec: ListSpec<T>,
  rows: readonly T[],
  request: ApiRequest,
  next: string | null,
  previous: string | null,
): JsonText {
  const texts = recordTexts(request.store, spec.name, request.version);
  const items = rows.map(
    (row) =>
      texts.get(row.id) ?? texts.keep(row.id, recordText(JSON.stringify(spec.serialize(row, request)))),
  );
  const tail =
    request.version === '2021-11'
      ? `],"next_cursor":${JSON.stringify(next)},"previous_cursor":${JSON.stringify(previous)}}`
      : ']}';
  return joinTexts(`{${JSON.stringify(spec.name)}:[`, items, tail);
}

/** Answers a 2021-01 count request with the filters named in `allowed`. */
export function countResponse<T extends Identified>(
  spec: ListSpec<T>,
  request: ApiRequest,
  allowed: readonly string[],
  fixed: readonly Condition<T>[] = [],
): ApiResponse {
  const params = dictionary(Object.entries(request.query).filter(([name]) => allowed.includes(name)));
  const collection = spec.collection(request.store);
  const { test, candidates } = combine(
    [...fixed, ...parseConditions(spec, params, request)],
    collection.size,
  );
  let count = 0;
  for (const id of candidates ?? collection.ids()) {
    const row = collection.get(id);
    if (row && test(row)) count += 1;
  }
  return { body: { count } };
}
