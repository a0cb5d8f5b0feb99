import { describe, expect, it } from 'vitest';
import { onFirstUse } from './first-use.js';

describe('onFirstUse', () => {
  it('builds nothing until the first call, then once', () => {
    let builds = 0;
    const value = onFirstUse(() => ({ built: ++builds }));
    expect(builds).toBe(0);
    const first = value();
    expect(value()).toBe(first);
    expect(builds).toBe(1);
  });

  it('builds once when the value built is undefined', () => {
    let builds = 0;
    const nothing = onFirstUse(() => {
      builds += 1;
      return undefined;
    });
    nothing();
    nothing();
    expect(builds).toBe(1);
  });

  it('builds again after a build that threw', () => {
    let calls = 0;
    const flaky = onFirstUse(() => {
      calls += 1;
      if (calls === 1) throw new Error('first build fails');
      return calls;
    });
    expect(flaky).toThrow('first build fails');
    expect(flaky()).toBe(2);
    expect(flaky()).toBe(2);
  });
});
