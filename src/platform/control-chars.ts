/**
 * Text taken from files and answers a user did not write (a HAR recording, a scenario file, a
 * webhook receiver's answer) is shown with its control characters escaped: ESC, BEL, CR and every
 * other C0 and C1 character, DEL, and the bidirectional overrides that reorder what a terminal
 * shows. `\x1b]0;title\x07` would otherwise retitle the terminal, `\r` overwrite a line of a
 * report, and `\x1b[2J` clear the screen. Newlines and tabs are kept unless asked otherwise: they
 * are the structure of multi-line text.
 */

// eslint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROL_ALL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function escapeOne(char: string): string {
  const code = char.charCodeAt(0);
  if (char === '\n') return '\\n';
  if (char === '\t') return '\\t';
  if (char === '\r') return '\\r';
  return code <= 0xff
    ? `\\x${code.toString(16).padStart(2, '0')}`
    : `\\u${code.toString(16).padStart(4, '0')}`;
}

/**
 * `text` with its control characters written as escapes (`\x1b`, `\r`, `\u202e`); with
 * `{ lines: false }` newlines and tabs are escaped too (a value shown on one line).
 *
 * @example
 * escapeControl('GET /\u001b]0;pwned\u0007'); // 'GET /\\x1b]0;pwned\\x07'
 * escapeControl('a\nb'); // 'a\nb' (kept)
 * escapeControl('a\nb', { lines: false }); // 'a\\nb'
 */
export function escapeControl(text: string, options: { lines?: boolean } = {}): string {
  return text.replace(options.lines === false ? CONTROL_ALL : CONTROL, escapeOne);
}
