/**
 * Path patterns shared by fault rules and journal filters: `*` stands for exactly one path
 * segment, `**` (as the last segment) for any number of them, anything else must match exactly.
 */

/** Why a string is not a path pattern, or null when it is one. */
export function pathPatternProblem(pattern: string): string | null {
  if (!pattern.startsWith('/')) return 'Must start with "/".';
  const segments = pattern.split('/').slice(1);
  const deep = segments.indexOf('**');
  if (deep !== -1 && deep !== segments.length - 1) return '"**" may only be the last segment.';
  if (segments.some((segment) => segment !== '*' && segment !== '**' && segment.includes('*')))
    return '"*" must be a whole segment.';
  return null;
}

/**
 * A predicate for one path pattern (check it first with `pathPatternProblem`). A trailing slash
 * of the path is ignored, as the router ignores it.
 *
 * @example
 * const matches = compilePathGlob('/customers/*');
 * matches('/customers/10000001'); // true
 * matches('/customers/10000001/addresses'); // false
 * compilePathGlob('/customers/**')('/customers/1/addresses'); // true
 */
export function compilePathGlob(pattern: string): (path: string) => boolean {
  const expected = pattern.split('/').slice(1);
  const deep = expected.at(-1) === '**';
  if (deep) expected.pop();
  if (!expected.includes('*') && !deep) return (path) => trimSlash(path) === trimSlash(pattern);
  return (path) => {
    const actual = trimSlash(path).split('/').slice(1);
    if (deep ? actual.length < expected.length : actual.length !== expected.length) return false;
    for (let i = 0; i < expected.length; i++) {
      const segment = expected[i] as string;
      if (segment === '*' ? actual[i] === '' : segment !== actual[i]) return false;
    }
    return true;
  };
}

function trimSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}
