/**
 * Runs a store's due jobs in `due_at` order (ties by id), moving the store clock to each job's
 * time before it runs. Job implementations live in a table keyed by `type`, injected at wiring.
 */
import { toIso } from '../clock.js';
import type { Job, JobReport } from './job.js';
import type { Store } from '../../store/store.js';

export interface JobKind {
  /** One line saying what this kind of job does (shown in previews and docs). */
  readonly description: string;
  /** Does the work; returns the outcome in a few words (`paid`, `failed: CARD_DECLINED`, ...). */
  run(store: Store, job: Job): string;
}

export type JobKinds = ReadonlyMap<string, JobKind>;

export interface AdvanceReport {
  readonly now: string;
  readonly jobs: readonly JobReport[];
  readonly events: readonly string[];
}

export class Scheduler {
  constructor(
    private readonly store: Store,
    private readonly kinds: JobKinds,
  ) {}

  /** Adds a job; returns it with its id. */
  schedule(job: Omit<Job, 'id'>): Job {
    return this.store.collections.jobs.insert({ ...job, id: this.store.nextId('jobs') });
  }

  /** Removes the jobs for which `match` holds (e.g. the retries of a charge that got paid). */
  cancel(match: (job: Job) => boolean): number {
    const jobs = this.store.collections.jobs;
    let removed = 0;
    for (const job of [...jobs.values()]) {
      if (match(job)) {
        jobs.delete(job.id);
        removed += 1;
      }
    }
    return removed;
  }

  /** Scheduled jobs in the order they will run. */
  pending(): Job[] {
    return [...this.store.collections.jobs.values()].sort(byDue);
  }

  /** The job that runs next, if any. */
  next(): Job | undefined {
    let first: Job | undefined;
    for (const job of this.store.collections.jobs.values()) {
      if (!first || byDue(job, first) < 0) first = job;
    }
    return first;
  }

  /** Moves the clock forward to `targetMs`, running every job due on the way. */
  advanceTo(targetMs: number, onError: (error: unknown, job: Job) => void): AdvanceReport {
    const clock = this.store.clock;
    const ran: JobReport[] = [];
    const topics: string[] = [];
    const unsubscribe = this.store.onEvent((event) => topics.push(event.topic));
    try {
      for (let job = this.next(); job && job.due_at <= targetMs; job = this.next()) {
        if (job.due_at > clock.now()) clock.set(job.due_at);
        this.store.collections.jobs.delete(job.id);
        ran.push({
          type: job.type,
          due_at: toIso(job.due_at),
          subject: job.subject,
          outcome: this.run(job, onError),
        });
      }
      if (targetMs > clock.now()) clock.set(targetMs);
    } finally {
      unsubscribe();
    }
    return { now: clock.iso(), jobs: ran, events: topics };
  }

  private run(job: Job, onError: (error: unknown, job: Job) => void): string {
    const kind = this.kinds.get(job.type);
    if (!kind) return `skipped: no job kind ${job.type}`;
    try {
      return kind.run(this.store, job);
    } catch (error) {
      onError(error, job);
      return 'failed: internal error';
    }
  }
}

function byDue(a: Job, b: Job): number {
  return a.due_at - b.due_at || a.id - b.id;
}
