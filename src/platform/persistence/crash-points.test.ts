/** The crash-test seam: unset it does nothing; a value that names no point is refused. */
import { describe, expect, it } from 'vitest';
import { CRASH_POINTS, crashPointsFrom } from './crash-points.js';

describe('crashPointsFrom', () => {
  it('arms nothing when the variable is unset or empty', () => {
    for (const value of [undefined, '']) {
      const points = crashPointsFrom(value);
      for (const point of CRASH_POINTS) expect(() => points.reach(point)).not.toThrow();
    }
  });

  it('refuses a value that names no point, or a count that is not a number', () => {
    expect(() => crashPointsFrom('base-renamd')).toThrow(/base-renamed/);
    expect(() => crashPointsFrom('base-renamed:x')).toThrow('expected <point>[:<n>]');
  });
});
