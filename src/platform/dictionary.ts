/**
 * Keys a client chooses (query parameter names, body and header names, fault-rule and scenario
 * fields, payment tokens) must never reach `Object.prototype`: `constructor`, `toString`,
 * `hasOwnProperty` and `__proto__` are keys like any other (decision 0021). Objects keyed by such
 * keys are built with `dictionary()` (no prototype), and tables are read with them through `own()`.
 */

/** A record with no prototype: `constructor` or `__proto__` are plain keys in it. */
export type Dictionary<V> = Record<string, V>;

/**
 * A record with no prototype, optionally filled from entries.
 *
 * @example
 * const query = dictionary([['constructor', '1']]);
 * query.constructor; // '1'
 * query.toString; // undefined
 */
export function dictionary<V>(entries?: Iterable<readonly [string, V]>): Dictionary<V> {
  const result = Object.create(null) as Dictionary<V>;
  if (entries) for (const [key, value] of entries) result[key] = value;
  return result;
}

/**
 * `table[key]` when `table` itself holds `key`, else undefined (never an inherited member).
 *
 * @example
 * own({ tok_declined: 1 }, 'constructor'); // undefined, not Object
 */
export function own<V>(table: Readonly<Record<string, V>>, key: string): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
