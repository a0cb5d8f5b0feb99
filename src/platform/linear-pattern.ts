/**
 * Regular expressions written by users (scenario `$matches`, parity allow-list globs) run on RE2
 * (re2js): matching takes time linear in the text whatever the pattern, so `^(a+)+$` cannot hold
 * the process. RE2 has no backreferences and no lookaround; a pattern using them is refused when
 * it is read, with the reason.
 */
import { RE2JS } from 're2js';

/** A compiled pattern: `test` finds it anywhere in the text, as `RegExp.prototype.test` does. */
export interface LinearPattern {
  readonly source: string;
  test(text: string): boolean;
}

const compiled = new Map<string, LinearPattern | string>();
/** Compiled patterns kept for reuse (a scenario checks the same pattern on every step). */
const KEPT = 500;

/** Why RE2 refuses the pattern, in a user's words; re2js reports `error parsing regexp: <why>: \`<where>\``. */
function reasonOf(pattern: string, error: unknown): string {
  const raw = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : String(error);
  const unsupported = /\\[1-9]|\\k<|\(\?<?[=!]/.test(pattern)
    ? ' (backreferences and lookaround are not supported: matching runs in linear time, without backtracking)'
    : '';
  return `${raw}${unsupported}`;
}

function compile(pattern: string, caseInsensitive: boolean): LinearPattern | string {
  const key = `${caseInsensitive ? 'i' : '-'}${pattern}`;
  const known = compiled.get(key);
  if (known !== undefined) return known;
  let out: LinearPattern | string;
  try {
    const re = RE2JS.compile(pattern, caseInsensitive ? RE2JS.CASE_INSENSITIVE : 0);
    out = { source: pattern, test: (text) => re.test(text) };
  } catch (error) {
    out = reasonOf(pattern, error);
  }
  if (compiled.size >= KEPT) compiled.clear();
  compiled.set(key, out);
  return out;
}

/**
 * Why `pattern` cannot be used, or null when it can.
 *
 * @example
 * linearPatternProblem('^txn_\\d+$'); // null
 * linearPatternProblem('(a)\\1'); // 'invalid escape sequence: `\1` (backreferences and lookaround are not supported: ...)'
 */
export function linearPatternProblem(pattern: string): string | null {
  const out = compile(pattern, false);
  return typeof out === 'string' ? out : null;
}

/** Thrown by `linearPattern` for a pattern RE2 refuses; the message names the pattern and why. */
export class PatternError extends Error {
  override name = 'PatternError';
  constructor(
    readonly pattern: string,
    readonly reason: string,
  ) {
    super(`Pattern /${pattern}/ cannot be used: ${reason}.`);
  }
}

/**
 * Compiles `pattern` for linear-time matching; throws `PatternError` when RE2 refuses it.
 *
 * @example
 * linearPattern('^(a+)+$').test('a'.repeat(40) + '!'); // false, at once
 */
export function linearPattern(pattern: string, options: { caseInsensitive?: boolean } = {}): LinearPattern {
  const out = compile(pattern, options.caseInsensitive === true);
  if (typeof out === 'string') throw new PatternError(pattern, out);
  return out;
}
