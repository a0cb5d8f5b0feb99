/**
 * Copies of records made as object literals of their fields. V8 keeps a literal's fields inside the
 * object; a copy made with a spread (`{...record}`) keeps only four there and the rest in a second,
 * oversized array, which `Object.freeze` then copies again. For a record of 40 fields, copying and
 * freezing that way allocated about five times the memory and took three times as long: most of
 * what seeding `large-shop` allocated for the records it keeps.
 *
 * One copier is compiled per list of field names (records of a collection share one or a few), and
 * each collection remembers the lists it met last, so finding the copier costs a walk over the keys.
 */

/** Makes a literal copy of a record that has exactly these fields, in this order. */
interface Shape {
  readonly keys: readonly string[];
  readonly copy: (source: object) => object;
}

/** Compiled copiers by their fields' names (joined). */
const compiled = new Map<string, Shape>();
const MAX_SHAPES = 1_000;
const MAX_FIELDS = 250;

/** Whether `row`'s own enumerable fields are `keys`, in order (no array built). */
function hasKeys(row: object, keys: readonly string[]): boolean {
  let i = 0;
  for (const key in row) {
    if (keys[i] !== key) return false;
    i++;
  }
  return i === keys.length;
}

/** A literal can be compiled of these names (`"__proto__": x` in a literal would set the prototype). */
function literalAllowed(keys: readonly string[]): boolean {
  return keys.length <= MAX_FIELDS && !keys.includes('__proto__');
}

/**
 * `function (param) { return {"name": <valueOf(name)>, ...} }`. The names are JSON string literals,
 * so no name can end the literal early.
 */
function compileLiteral<F>(
  param: string,
  keys: readonly string[],
  valueOf: (key: string, i: number) => string,
): F {
  const fields = keys.map((key, i) => `${JSON.stringify(key)}: ${valueOf(key, i)}`).join(',\n');
  return new Function(param, `return {\n${fields}\n};`) as F;
}

/** Keeps `value` under `signature` while the cache has room (the shapes of records are few). */
function remember<V>(cache: Map<string, V>, signature: string, value: V): V {
  if (cache.size < MAX_SHAPES) cache.set(signature, value);
  return value;
}

function shapeOf(row: object): Shape {
  const keys = Object.keys(row);
  const signature = keys.join('\u0000');
  const shape = compiled.get(signature);
  if (shape) return shape;
  // A record whose names cannot make a literal is copied with a spread.
  if (!literalAllowed(keys)) return { keys, copy: (source) => ({ ...source }) };
  return remember(compiled, signature, {
    keys,
    copy: compileLiteral<Shape['copy']>('s', keys, (key) => `s[${JSON.stringify(key)}]`),
  });
}

type Builder = (values: readonly unknown[]) => Record<string, unknown>;

const builders = new Map<string, Builder>();
/** The same, by the very array of names (a document's collection asks once per row). */
const builderOfList = new WeakMap<readonly string[], Builder>();

/**
 * A function making the record whose fields are `keys` (distinct) from an array of their values,
 * as a literal (a version-2 snapshot's rows). Compiled once per list of names; a `__proto__` name
 * is defined as a field.
 *
 * @example
 * recordBuilder(['id', 'email'])([1, 'a@example.com']); // { id: 1, email: 'a@example.com' }
 */
export function recordBuilder(keys: readonly string[]): Builder {
  let build = builderOfList.get(keys);
  if (build) return build;
  const signature = keys.join('\u0000');
  build = builders.get(signature) ?? remember(builders, signature, compileBuilder(keys));
  builderOfList.set(keys, build);
  return build;
}

function compileBuilder(keys: readonly string[]): Builder {
  if (literalAllowed(keys)) return compileLiteral<Builder>('v', keys, (_key, i) => `v[${i}]`);
  return (values) => {
    const record: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++)
      Object.defineProperty(record, keys[i] as string, {
        value: values[i],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return record;
  };
}

/**
 * Copies records of one collection as literals.
 *
 * @example
 * const shapes = new RecordShapes();
 * const copy = shapes.copy(record); // same fields, same order, kept inside the object
 */
export class RecordShapes {
  /** The shapes met last, newest first. */
  private recent: Shape[] = [];

  copy<T extends object>(row: T): T {
    for (const shape of this.recent) if (hasKeys(row, shape.keys)) return shape.copy(row) as T;
    const shape = shapeOf(row);
    this.recent = [shape, ...this.recent.slice(0, 3)];
    return shape.copy(row) as T;
  }
}
