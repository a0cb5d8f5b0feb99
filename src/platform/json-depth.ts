/**
 * How deep JSON text nests, measured on the text before it is parsed, so a deep body never becomes a
 * deep value (decision 0021: a 20,000-level body once made every later flush overflow the stack).
 */

/**
 * Follows the nesting of JSON text given in pieces (brackets inside strings ignored), so a body read
 * as a stream is checked as it arrives; `push` answers whether the text so far nests deeper than `max`.
 *
 * @example
 * const depth = new JsonDepth(2);
 * depth.push('{"a":['); // false
 * depth.push('[1]]}'); // true (3 levels)
 */
export class JsonDepth {
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(readonly max: number) {}

  /** How deep the text so far has opened (0 outside any object or array). */
  get level(): number {
    return this.depth;
  }

  /**
   * Inside a string it jumps to the next quote or backslash with `indexOf` (a native search):
   * strings are most of a snapshot's text, and a character-by-character loop took twice as long.
   */
  push(text: string): boolean {
    const n = text.length;
    let depth = this.depth;
    let inString = this.inString;
    let i = 0;
    // A backslash ended the last text inside a string: the character it escapes is skipped.
    if (this.escaped && n > 0) {
      this.escaped = false;
      i = 1;
    }
    let slash = -1;
    while (i < n) {
      if (inString) {
        if (slash < i) slash = indexOrEnd(text, '\\', i);
        const quote = indexOrEnd(text, '"', i);
        if (slash < quote) {
          // An escape: the backslash and the character after it are text.
          i = slash + 2;
          if (i > n) this.escaped = true;
          continue;
        }
        if (quote === n) break;
        inString = false;
        i = quote + 1;
        continue;
      }
      const c = text.charCodeAt(i++);
      if (c === 0x22) inString = true;
      else if (c === 0x7b || c === 0x5b) {
        depth += 1;
        if (depth > this.max) return true;
      } else if (c === 0x7d || c === 0x5d) depth -= 1;
    }
    this.depth = depth;
    this.inString = inString;
    return false;
  }
}

/** Where `search` is next in `text` from `from`, or the text's length when it is not. */
function indexOrEnd(text: string, search: string, from: number): number {
  const at = text.indexOf(search, from);
  return at === -1 ? text.length : at;
}

/**
 * Whether JSON `text` nests objects and arrays deeper than `max` (one pass, brackets inside
 * strings ignored). Run before parsing, so a deep body never becomes a deep value.
 *
 * @example
 * nestedDeeperThan('{"a":[[1]]}', 2); // true (3 levels)
 * nestedDeeperThan('{"a":"[[["}', 1); // false
 */
export function nestedDeeperThan(text: string, max: number): boolean {
  return text.length > max && new JsonDepth(max).push(text);
}

/**
 * Whether a parsed value nests objects and arrays deeper than `max`, walked without recursion (for
 * values parsed by a reader that cannot be checked as text first, such as YAML).
 *
 * @example
 * valueDeeperThan({ a: [[1]] }, 2); // true (3 levels)
 */
export function valueDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [item, depth] = next;
    if (typeof item !== 'object' || item === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Whether a parsed object or array spans more than `levels` levels (itself one). Recursive, but
 * never more than `levels` calls deep: for values a parser that does not recurse made (V8's
 * `JSON.parse`), checked where a text scan would cost more than the walk (a snapshot's rows).
 *
 * @example
 * spansMoreThan([1, { a: [] }], 2); // true (3 levels)
 * spansMoreThan([1, { a: 2 }], 2); // false
 */
export function spansMoreThan(value: object, levels: number): boolean {
  if (levels < 1) return true;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'object' && item !== null && spansMoreThan(item, levels - 1)) return true;
    }
    return false;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const item = record[key];
    if (typeof item === 'object' && item !== null && spansMoreThan(item, levels - 1)) return true;
  }
  return false;
}
