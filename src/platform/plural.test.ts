import { describe, expect, it } from 'vitest';
import { counted } from './plural.js';

describe('counted', () => {
  it('writes one with the singular, any other count with the plural', () => {
    expect([0, 1, 2].map((n) => counted(n, 'job'))).toEqual(['0 jobs', '1 job', '2 jobs']);
    expect(counted(1, 'try', 'tries')).toBe('1 try');
    expect(counted(4, 'try', 'tries')).toBe('4 tries');
  });
});
