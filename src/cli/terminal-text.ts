/**
 * What the commands print: every line passes through one escaping function (src/platform/control-chars.ts),
 * so a recording, a scenario file or an upstream's answer cannot send control sequences to the
 * user's terminal (retitle it, rewrite a line with `\r`, clear the screen). A line is one line:
 * a newline inside a value is shown as `\n`, so no value can forge a line of a report.
 *
 * @example
 * printLine(`✓ #1 GET ${path}`); // a path holding ESC prints \x1b
 */
import { escapeControl } from '../platform/control-chars.js';

/** Writes `line` and a newline to stdout, its control characters escaped. */
export function printLine(line: string): void {
  process.stdout.write(`${escapeControl(line, { lines: false })}\n`);
}

/** Writes multi-line `text` to `stream` as is but for control characters (newlines and tabs stay). */
export function printText(text: string, stream: NodeJS.WriteStream = process.stdout): void {
  stream.write(escapeControl(text));
}
