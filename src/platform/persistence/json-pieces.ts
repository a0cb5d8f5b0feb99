/**
 * A JSON document as a stream of text pieces, for files people read and diff: objects are
 * indented two spaces a level, arrays of objects hold one element a line (arrays of plain values
 * stay on one line), and from `inlineDepth` down every object is written on one line. With records at that depth a file shows one record a line, so a
 * diff of two files names the records that changed. Equivalent to `JSON.stringify` for JSON data.
 */

export interface JsonLayout {
  /** Depth (the document is 0) from which objects are written on one line (default 4). */
  inlineDepth?: number;
}

/**
 * The text of `value` in pieces (join them for the whole document).
 *
 * @example
 * [...jsonPieces({ rows: [{ id: 1 }, { id: 2 }] }, { inlineDepth: 2 })].join('');
 * // '{\n  "rows": [\n    {"id":1},\n    {"id":2}\n  ]\n}\n'
 */
export function* jsonPieces(value: unknown, layout: JsonLayout = {}): Generator<string> {
  yield* piecesOf(value, 0, layout.inlineDepth ?? 4);
  yield '\n';
}

function* piecesOf(input: unknown, depth: number, inlineDepth: number): Generator<string> {
  const value = jsonValue(input);
  if (Array.isArray(value)) {
    if (!value.some((element) => element !== null && typeof element === 'object')) {
      yield JSON.stringify(value);
      return;
    }
    const inner = '\n' + '  '.repeat(depth + 1);
    yield '[';
    for (let i = 0; i < value.length; i++) {
      yield i === 0 ? inner : ',' + inner;
      // Like JSON.stringify: an element that has no JSON form is written as null.
      const element: unknown = jsonValue(value[i]);
      if (element === undefined || typeof element === 'function' || typeof element === 'symbol') yield 'null';
      else yield* piecesOf(element, depth + 1, inlineDepth);
    }
    yield '\n' + '  '.repeat(depth) + ']';
    return;
  }
  if (value !== null && typeof value === 'object' && depth < inlineDepth) {
    const inner = '\n' + '  '.repeat(depth + 1);
    let first = true;
    yield '{';
    for (const [key, field] of Object.entries(value)) {
      const json: unknown = jsonValue(field);
      if (json === undefined || typeof json === 'function' || typeof json === 'symbol') continue;
      yield (first ? inner : ',' + inner) + JSON.stringify(key) + ': ';
      first = false;
      yield* piecesOf(json, depth + 1, inlineDepth);
    }
    yield first ? '}' : '\n' + '  '.repeat(depth) + '}';
    return;
  }
  yield JSON.stringify(value) ?? 'null';
}

function jsonValue(value: unknown): unknown {
  if (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { toJSON?: unknown }).toJSON === 'function'
  )
    return (value as { toJSON: () => unknown }).toJSON();
  return value;
}
