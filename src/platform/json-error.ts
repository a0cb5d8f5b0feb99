/**
 * Where a JSON text stops being JSON, for the 415 of a malformed body: V8 names the position in
 * most of its messages but not all (`Unexpected token '}', "{"a": tru}" is not valid JSON`), so the
 * position is found by parsing prefixes when it does not.
 */

/** 1-based line and column of a 0-based character position. */
function lineColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  return { line, column: position - before.lastIndexOf('\n') };
}

const ENDED = /^Unexpected end of JSON input/;

/**
 * The first position at which `text` cannot be the start of a JSON value: a prefix shorter than it
 * parses or ends too early, any longer one fails otherwise. Only called on the error path; at most
 * about twenty parses of a 1 MB body.
 */
function firstBadPosition(text: string): number {
  const bad = (length: number) => {
    try {
      JSON.parse(text.slice(0, length));
      return false;
    } catch (error) {
      // Running out of text is "Unexpected end", or a complaint at the very end ("Expected ',' or
      // '}' after property value in JSON at position <length>"): the prefix is still good.
      const message = (error as Error).message;
      const at = /at position (\d+)/.exec(message);
      return !ENDED.test(message) && (at === null || Number(at[1]) < length);
    }
  };
  let [low, high] = [1, text.length];
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (bad(middle)) high = middle;
    else low = middle + 1;
  }
  return low - 1;
}

/**
 * What is wrong with a JSON text and where, from the error `JSON.parse(text)` threw.
 *
 * @example
 * describeJsonError('{"a": 1,}', error); // "Expected double-quoted property name at line 1, column 9 (character 8)"
 */
export function describeJsonError(text: string, error: Error): string {
  const message = error.message;
  if (ENDED.test(message)) return `it ends too early (after ${text.length} characters)`;
  const given = /at position (\d+)/.exec(message);
  const position = given ? Number(given[1]) : firstBadPosition(text);
  const reason = message
    .replace(/ in JSON at position \d+.*$/s, '')
    .replace(/, ".*" is not valid JSON$/s, '');
  const { line, column } = lineColumn(text, position);
  return `${reason} at line ${line}, column ${column} (character ${position})`;
}
