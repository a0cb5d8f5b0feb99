/**
 * The columnar layout of a snapshot's records (document version 2, docs/decisions/0029): each
 * collection names its fields once and gives each record as an array of its values in that order,
 *
 *     "customers":{"keys":["id","email",...],"rows":[[1,"a@example.com",...],[2,...]]}
 *
 * so the field names are neither written nor parsed 135,000 times: the text of `large-shop` is 58%
 * of the version-1 one and cheaper both ways. A record that does not have exactly those fields in
 * that order (another shape, a field added later) is written as itself, an object, in `rows`; either
 * kind of row comes back as the same record, fields in the same order.
 */

import { recordBuilder } from '../platform/persistence/record-shape.js';

/** A collection of a version-2 document. */
export interface ColumnarCollection {
  readonly keys: readonly string[];
  readonly rows: readonly unknown[];
}

/**
 * The fields (those with a defined value, in order) of `row`, the `keys` of its collection; none
 * for a record with a field named `__proto__`, which an assignment would not store as a field.
 *
 * @example
 * columnKeys({ id: 1, email: 'a@example.com', note: undefined }); // ['id', 'email']
 */
export function columnKeys(row: object | undefined): string[] {
  const keys: string[] = [];
  if (row === undefined) return keys;
  const fields = row as Record<string, unknown>;
  for (const key in fields) if (fields[key] !== undefined) keys.push(key);
  return keys.includes('__proto__') ? [] : keys;
}

/**
 * The row written for `record`: its values in the order of `keys` when it has exactly those fields
 * (undefined ones are left out, as JSON leaves them out of an object), the record itself otherwise.
 *
 * @example
 * columnRow({ id: 1, email: 'a@example.com' }, ['id', 'email']); // [1, 'a@example.com']
 * columnRow({ email: 'a@example.com', id: 1 }, ['id', 'email']); // the record itself
 */
export function columnRow(record: object, keys: readonly string[]): unknown {
  const fields = record as Record<string, unknown>;
  // Pushed, not `new Array(n)`: JSON.stringify takes a slow path for holey arrays.
  const values: unknown[] = [];
  for (const key in fields) {
    const value = fields[key];
    if (value === undefined) continue;
    if (key !== keys[values.length]) return record;
    values.push(value);
  }
  return values.length === keys.length ? values : record;
}

/** Why `keys` cannot name a collection's fields, or null when they can. */
export function columnKeysProblem(keys: unknown): string | null {
  if (!Array.isArray(keys)) return 'keys must be an array of field names.';
  const seen = new Set<string>();
  for (const key of keys as unknown[]) {
    if (typeof key !== 'string') return 'keys must be an array of field names (strings).';
    if (key === '__proto__') return 'keys cannot name a field __proto__ (write such a record as an object).';
    if (seen.has(key)) return `keys name the field ${JSON.stringify(key)} twice.`;
    seen.add(key);
  }
  return null;
}

/**
 * The records of a version-2 collection (`{keys, rows}`), rebuilt in place in `rows` (which must be
 * the caller's own array, as parsed): an array row becomes the record with `keys` as its fields, an
 * object row is the record already; anything else is left for the record checks to refuse. Answers
 * the message of the 422 when the collection is malformed.
 *
 * @example
 * recordsOfColumns({ keys: ['id'], rows: [[1], { id: 2 }] }); // [{ id: 1 }, { id: 2 }]
 */
export function recordsOfColumns(collection: unknown): unknown[] | string {
  if (typeof collection !== 'object' || collection === null || Array.isArray(collection))
    return 'Expected {"keys": [field names], "rows": [records]}.';
  const { keys, rows, ...rest } = collection as { keys?: unknown; rows?: unknown };
  if (Object.keys(rest).length > 0) return `Unknown member ${JSON.stringify(Object.keys(rest)[0])}.`;
  const problem = columnKeysProblem(keys);
  if (problem !== null) return problem;
  if (!Array.isArray(rows)) return 'rows must be an array of records.';
  const names = keys as string[];
  const list = rows as unknown[];
  const build = recordBuilder(names);
  for (let i = 0; i < list.length; i++) {
    const row = list[i];
    if (!Array.isArray(row)) continue;
    if (row.length !== names.length) return `Row ${i} has ${row.length} values for ${names.length} keys.`;
    list[i] = build(row as unknown[]);
  }
  return list;
}

/**
 * The record of a row of a collection whose fields are `keys` (checked by `columnKeysProblem`):
 * an array of as many values rebuilt, anything else as it is (`recordsOfColumns` judges it).
 *
 * @example
 * columnRecord(['id', 'email'], [1, 'a@example.com']); // { id: 1, email: 'a@example.com' }
 */
export function columnRecord(keys: readonly string[], row: unknown): unknown {
  return Array.isArray(row) && row.length === keys.length ? recordBuilder(keys)(row as unknown[]) : row;
}
