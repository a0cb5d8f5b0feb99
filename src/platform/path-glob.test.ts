import { describe, expect, it } from 'vitest';
import { compilePathGlob, pathPatternProblem } from './path-glob.js';

describe('path globs', () => {
  it.each([
    ['/customers', '/customers', true],
    ['/customers', '/customers/', true],
    ['/customers', '/customers/1', false],
    ['/customers/*', '/customers/1', true],
    ['/customers/*', '/customers/', false],
    ['/charges/*/process', '/charges/10000001/process', true],
    ['/charges/*/process', '/charges/10000001/skip', false],
    ['/customers/**', '/customers', true],
    ['/customers/**', '/customers/1/addresses', true],
    ['/**', '/anything/at/all', true],
    ['/*', '/a/b', false],
  ])('%s matches %s: %s', (pattern, path, expected) => {
    expect(pathPatternProblem(pattern)).toBeNull();
    expect(compilePathGlob(pattern)(path)).toBe(expected);
  });

  it.each([
    ['customers', 'Must start with "/".'],
    ['/a/**/b', '"**" may only be the last segment.'],
    ['/cust*', '"*" must be a whole segment.'],
  ])('refuses %s', (pattern, problem) => {
    expect(pathPatternProblem(pattern)).toBe(problem);
  });
});
