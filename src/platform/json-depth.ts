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

  push(text: string): boolean {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (c === 0x5c) this.escaped = true;
        else if (c === 0x22) this.inString = false;
      } else if (c === 0x22) this.inString = true;
      else if (c === 0x7b || c === 0x5b) {
        this.depth += 1;
        if (this.depth > this.max) return true;
      } else if (c === 0x7d || c === 0x5d) this.depth -= 1;
    }
    return false;
  }
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
