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

/** Compiled copiers by their fields' names (joined); bounded, as the records' shapes are few. */
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

const spreadShape = (keys: readonly string[]): Shape => ({ keys, copy: (source) => ({ ...source }) });

function shapeOf(row: object): Shape {
  const keys = Object.keys(row);
  const signature = keys.join('\u0000');
  let shape = compiled.get(signature);
  if (shape) return shape;
  // `"__proto__": x` in a literal would set the prototype: such a record is copied with a spread.
  if (keys.length > MAX_FIELDS || keys.includes('__proto__')) return spreadShape(keys);
  const fields = keys.map((key) => `${JSON.stringify(key)}: s[${JSON.stringify(key)}]`).join(',\n');
  // The names are JSON string literals, so no name can end the literal early.
  shape = { keys, copy: new Function('s', `return {\n${fields}\n};`) as (source: object) => object };
  if (compiled.size < MAX_SHAPES) compiled.set(signature, shape);
  return shape;
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
  build = builders.get(signature) ?? compileBuilder(keys);
  if (builders.size < MAX_SHAPES) builders.set(signature, build);
  builderOfList.set(keys, build);
  return build;
}

function compileBuilder(keys: readonly string[]): Builder {
  let build: Builder;
  if (keys.length > MAX_FIELDS || keys.includes('__proto__')) {
    build = (values) => {
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
  } else {
    const fields = keys.map((key, i) => `${JSON.stringify(key)}: v[${i}]`).join(',\n');
    build = new Function('v', `return {\n${fields}\n};`) as Builder;
  }
  return build;
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
