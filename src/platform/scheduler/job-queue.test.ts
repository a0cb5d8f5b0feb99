import { describe, expect, it } from 'vitest';
import { Random } from '../random.js';
import { JobQueue } from './job-queue.js';

describe('JobQueue', () => {
  it('pops jobs by due time, then id', () => {
    const random = new Random(3);
    const jobs = Array.from({ length: 500 }, (_, id) => ({ id, due_at: random.int(0, 50) }));
    const queue = new JobQueue(jobs);
    const popped = [];
    for (let job = queue.pop(); job; job = queue.pop()) popped.push(job);
    const expected = [...jobs].sort((a, b) => a.due_at - b.due_at || a.id - b.id);
    expect(popped).toEqual(expected);
    expect(queue.size).toBe(0);
  });
});
