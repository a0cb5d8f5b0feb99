/**
 * How a scenario's expectations compare values. A plain value must be equal; an object checks only
 * the fields it names (a key with dots is a path: `charge.status`); an array checks every element;
 * an object of `$` operators tests the value: `{$gte: 1}`, `{$matches: "^txn_"}`, `{$length: 3}`,
 * `{$contains: "charge/paid"}`, `{$exists: false}`, `{$in: [a, b]}`, `{$not: ...}`.
 */
import type { TopicsExpectation } from './scenario.schema.js';
import { OPERATORS } from './scenario.schema.js';
import { readPath } from '../fixtures/interpolation.js';
import { own } from '../platform/dictionary.js';
import { linearPattern, linearPatternProblem, PatternError } from '../platform/linear-pattern.js';

const OPERATOR_SET: ReadonlySet<string> = new Set(OPERATORS);

const BOUNDS: Readonly<Record<string, string>> = {
  $gt: 'more than',
  $gte: 'at least',
  $lt: 'less than',
  $lte: 'at most',
};

const show = (value: unknown): string => (value === undefined ? 'nothing' : JSON.stringify(value));

function isOperators(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((key) => key.startsWith('$'));
}

/** `$` keys that are not operators, anywhere in an expected value (checked when a file is read). */
export function unknownOperators(
  expected: unknown,
  path: readonly (string | number)[] = [],
): { path: (string | number)[]; key: string }[] {
  if (Array.isArray(expected)) return expected.flatMap((item, i) => unknownOperators(item, [...path, i]));
  if (typeof expected !== 'object' || expected === null) return [];
  return Object.entries(expected).flatMap(([key, value]) => [
    ...(key.startsWith('$') && !OPERATOR_SET.has(key) ? [{ path: [...path], key }] : []),
    ...unknownOperators(value, [...path, key]),
  ]);
}

/**
 * `$matches` patterns that cannot run on the linear-time engine (a backreference, lookaround, a
 * syntax error), anywhere in an expected value (checked when a file is read), each with why.
 *
 * @example
 * badPatterns({ id: { $matches: '(a)\\1' } }); // [{ path: ['id', '$matches'], problem: 'Pattern /(a)\\1/ cannot be used: ...' }]
 */
export function badPatterns(
  expected: unknown,
  path: readonly (string | number)[] = [],
): { path: (string | number)[]; problem: string }[] {
  if (Array.isArray(expected)) return expected.flatMap((item, i) => badPatterns(item, [...path, i]));
  if (typeof expected !== 'object' || expected === null) return [];
  return Object.entries(expected).flatMap(([key, value]) => {
    if (key !== '$matches') return badPatterns(value, [...path, key]);
    if (typeof value !== 'string')
      return [{ path: [...path, key], problem: '$matches takes a pattern (text).' }];
    const problem = linearPatternProblem(value);
    return problem === null
      ? []
      : [{ path: [...path, key], problem: new PatternError(value, problem).message }];
  });
}

function matchesPattern(actual: unknown, pattern: unknown): boolean | string {
  if (typeof pattern !== 'string') return '$matches takes a pattern (text)';
  try {
    return typeof actual === 'string' && linearPattern(pattern).test(actual);
  } catch (error) {
    return (error as Error).message;
  }
}

function compare(actual: unknown, bound: unknown): number | null {
  const a = typeof actual === 'string' && /^-?\d+(\.\d+)?$/.test(actual) ? Number(actual) : actual;
  const b = typeof bound === 'string' && /^-?\d+(\.\d+)?$/.test(bound) ? Number(bound) : bound;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return null;
}

function operator(name: string, actual: unknown, argument: unknown, at: string): string[] {
  const fail = (what: string) => [`${at}: expected ${what}, got ${show(actual)}`];
  switch (name) {
    case '$exists':
      return (actual !== undefined) === Boolean(argument) ? [] : fail(argument ? 'a value' : 'no value');
    case '$matches': {
      // RE2, not RegExp: a pattern such as ^(a+)+$ must not hold the process (linear-pattern.ts).
      const matched = matchesPattern(actual, argument);
      if (typeof matched === 'string') return [`${at}: ${matched}`];
      return matched ? [] : fail(`to match /${String(argument)}/`);
    }
    case '$contains':
      if (typeof actual === 'string' && typeof argument === 'string')
        return actual.includes(argument) ? [] : fail(`to contain ${show(argument)}`);
      if (Array.isArray(actual))
        return actual.some((item) => mismatches(item, argument, at).length === 0)
          ? []
          : fail(`to contain ${show(argument)}`);
      return fail(`a list or text containing ${show(argument)}`);
    case '$length': {
      const length = typeof actual === 'string' || Array.isArray(actual) ? actual.length : undefined;
      if (length === undefined) return fail('a list or text');
      return mismatches(length, argument, `${at} length`);
    }
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte': {
      const order = compare(actual, argument);
      const ok =
        order !== null &&
        (name === '$gt' ? order > 0 : name === '$gte' ? order >= 0 : name === '$lt' ? order < 0 : order <= 0);
      return ok ? [] : fail(`${BOUNDS[name]} ${show(argument)}`);
    }
    case '$in':
      return Array.isArray(argument) && argument.some((item) => mismatches(actual, item, at).length === 0)
        ? []
        : fail(`one of ${show(argument)}`);
    case '$not':
      return mismatches(actual, argument, at).length > 0 ? [] : fail(`not ${show(argument)}`);
    default:
      return [`${at}: unknown operator ${name}`];
  }
}

/**
 * What differs between `actual` and `expected` (empty when it matches).
 *
 * @example
 * mismatches({ charge: { status: 'error', charge_attempts: 8 } }, { 'charge.status': 'error' }, 'body'); // []
 */
export function mismatches(actual: unknown, expected: unknown, at: string): string[] {
  if (isOperators(expected))
    return Object.entries(expected).flatMap(([name, arg]) => operator(name, actual, arg, at));
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${at}: expected a list, got ${show(actual)}`];
    if (actual.length !== expected.length)
      return [
        `${at}: expected ${expected.length} items, got ${actual.length}${actual.length <= 5 ? ` ${show(actual)}` : ''}`,
      ];
    return expected.flatMap((item, i) => mismatches(actual[i], item, `${at}.${i}`));
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null)
      return [`${at}: expected an object, got ${show(actual)}`];
    return Object.entries(expected).flatMap(([key, value]) =>
      mismatches(
        key.includes('.') ? readPath(actual, key) : own(actual as Record<string, unknown>, key),
        value,
        at ? `${at}.${key}` : key,
      ),
    );
  }
  return Object.is(actual, expected) ? [] : [`${at}: expected ${show(expected)}, got ${show(actual)}`];
}

function counts(topics: readonly string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const topic of topics) map.set(topic, (map.get(topic) ?? 0) + 1);
  return map;
}

/** Checks topics that happened against a topics expectation; one line per check. */
export function topicChecks(
  what: string,
  actual: readonly string[],
  expected: TopicsExpectation,
): { label: string; problems: string[] }[] {
  const spec = Array.isArray(expected) ? { include: expected } : expected;
  const seen = counts(actual);
  const summary = actual.length ? actual.join(', ') : 'none';
  const out: { label: string; problems: string[] }[] = [];
  if (spec.include) {
    const missing = [...counts(spec.include)].filter(([topic, n]) => (seen.get(topic) ?? 0) < n);
    out.push({
      label: `${what} include ${spec.include.join(', ')}`,
      problems: missing.length
        ? [`missing ${missing.map(([t, n]) => (n > 1 ? `${t} ×${n}` : t)).join(', ')}; got ${summary}`]
        : [],
    });
  }
  if (spec.exclude) {
    const present = spec.exclude.filter((topic) => seen.has(topic));
    out.push({
      label: `${what} exclude ${spec.exclude.join(', ')}`,
      problems: present.length ? [`got ${present.join(', ')}`] : [],
    });
  }
  if (spec.equal) {
    const same = spec.equal.length === actual.length && spec.equal.every((topic, i) => actual[i] === topic);
    out.push({
      label: `${what} equal [${spec.equal.join(', ')}]`,
      problems: same ? [] : [`got [${actual.join(', ')}]`],
    });
  }
  for (const [topic, matcher] of Object.entries(spec.count ?? {})) {
    out.push({
      label: `${what} count ${topic} ${JSON.stringify(matcher)}`,
      problems: mismatches(seen.get(topic) ?? 0, matcher, `${topic} count`),
    });
  }
  return out;
}
