/**
 * Runs a store's due jobs in `due_at` order (ties by id), moving the store clock to each job's
 * time before it runs, each job as one command of the store. Job implementations live in a table
 * keyed by `type`, injected at wiring. It knows the store only through `SchedulerHost`.
 */
import type { Clock } from '../clock.js';
import { monotonicMs, toIso } from '../clock.js';
import type { Job, JobReport } from '../../model/job.js';
import type { Collection } from '../persistence/collection.js';
import { JobQueue } from './job-queue.js';

/** What the scheduler needs of a store (the store implements it). */
export interface SchedulerHost {
  readonly collections: { readonly jobs: Collection<Job> };
  readonly clock: Clock;
  readonly settings: { readonly max_jobs_per_advance: number; readonly max_advance_ms: number };
  nextId(kind: 'jobs'): number;
  /** Runs `work` as one command: all its writes or none. */
  command<T>(work: () => T): T;
  /** Resolves when the background work the jobs started (webhook sends) has settled. */
  settle(): Promise<void>;
  /** Whether no background work is under way (outside a command: nothing for `settle` to wait for). */
  readonly settled: boolean;
  /** Subscribes to committed events (the advance reports their topics). */
  onEvent(listener: (event: { readonly topic: string }) => void): () => void;
  /** Tells listeners where the clock stands after an advance. */
  clockMoved(ran: { jobs: number; events: number }): void;
}

export interface JobKind<Host = SchedulerHost> {
  /** One line saying what this kind of job does (shown in previews and docs). */
  readonly description: string;
  /** What this job will do to its subject as things stand (the timeline preview); `description` when absent. */
  explain?(store: Host, job: Job): string;
  /**
   * Does the work; returns the outcome in a few words (`paid`, `failed: CARD_DECLINED`, ...). May
   * be async (a webhook retry sends over HTTP); the clock waits for it before the next job.
   */
  run(store: Host, job: Job): string | Promise<string>;
}

export type JobKinds<Host = SchedulerHost> = ReadonlyMap<string, JobKind<Host>>;

/**
 * Why an advance stopped short of its target, between two jobs: the store's `max_jobs_per_advance`
 * or `max_advance_ms` was reached, or the client that asked left (`abandoned`).
 */
export type AdvanceStop = 'max_jobs_per_advance' | 'max_advance_ms' | 'abandoned';

export interface AdvanceReport {
  readonly now: string;
  readonly jobs: readonly JobReport[];
  readonly events: readonly string[];
  /** Set when the advance stopped at `now`, short of its target, after its last job; says why. */
  readonly stopped_short?: AdvanceStop;
  /** Wall-clock milliseconds the advance took. */
  readonly elapsed_ms: number;
}

export interface AdvanceOptions {
  /** Aborted when the client that asked has left: the advance stops before its next job. */
  readonly signal?: AbortSignal;
}

/**
 * How long jobs run between two turns of the event loop, so other stores' requests (and the news
 * that a client left) are served meanwhile: a few milliseconds, whatever one job costs.
 */
const TURN_MS = 10;

export class Scheduler<Host extends SchedulerHost = SchedulerHost> {
  /** Due-order index of the jobs collection: built on first use, kept up by inserts, pruned lazily. */
  private queue: JobQueue | null = null;
  private queuedGeneration = -1;

  constructor(
    private readonly store: Host,
    private readonly kinds: JobKinds<Host>,
  ) {
    store.collections.jobs.onWrite((previous, job) => {
      if (!previous && job) this.queue?.push(job);
    });
  }

  /** The kinds of job this scheduler runs (a scratch store made for samples runs the same). */
  get jobKinds(): JobKinds<Host> {
    return this.kinds;
  }

  /** Adds a job; returns it with its id. */
  schedule(job: Omit<Job, 'id'>): Job {
    // Object.assign, not a spread followed by a new field, which V8 builds at ~1.5 µs a field
    // (decision 0050); the same keys in the same order (the job's, then `id`).
    return this.store.collections.jobs.insert(
      Object.assign({}, job, { id: this.store.nextId('jobs') }) as Job,
    );
  }

  /** Scheduled jobs in the order they will run. */
  pending(): Job[] {
    return [...this.store.collections.jobs.values()].sort(byDue);
  }

  /** What a job will do as things stand (its kind's explanation, or description), for the timeline preview. */
  describe(job: Job): string {
    const kind = this.kinds.get(job.type);
    if (!kind) return `no job kind ${job.type}`;
    return kind.explain?.(this.store, job) ?? kind.description;
  }

  /** The job that runs next, if any. */
  next(): Job | undefined {
    const jobs = this.store.collections.jobs;
    if (!this.queue || this.queuedGeneration !== jobs.generation) {
      this.queue = new JobQueue(jobs.values());
      this.queuedGeneration = jobs.generation;
    }
    for (let top = this.queue.peek(); top; top = this.queue.peek()) {
      const job = jobs.get(top.id);
      if (job && job.due_at === top.due_at) return job;
      this.queue.pop();
    }
    return undefined;
  }

  /**
   * Moves the clock forward to `targetMs`, running every job due on the way, each at its own time,
   * and waiting for the background work each one started (webhook deliveries) before the next.
   * Advances of one store run one after another. It stops between two jobs, at the last one it ran,
   * when the store's `max_jobs_per_advance` jobs have run, when `max_advance_ms` of wall time have
   * passed (the first job always runs, so every advance moves on) or when `signal` aborts.
   */
  advanceTo(
    targetMs: number,
    onError: (error: unknown, job: Job) => void,
    options: AdvanceOptions = {},
  ): Promise<AdvanceReport> {
    const run = this.advancing.then(() => this.advanceNow(targetMs, onError, options));
    this.advancing = run.catch(() => undefined);
    return run;
  }

  private advancing: Promise<unknown> = Promise.resolve();

  private async advanceNow(
    targetMs: number,
    onError: (error: unknown, job: Job) => void,
    { signal }: AdvanceOptions,
  ): Promise<AdvanceReport> {
    const clock = this.store.clock;
    const ran: JobReport[] = [];
    const topics: string[] = [];
    const unsubscribe = this.store.onEvent((event) => topics.push(event.topic));
    const started = monotonicMs();
    let turned = started;
    const report = (stopped_short?: AdvanceStop): AdvanceReport => ({
      now: clock.iso(),
      jobs: ran,
      events: topics,
      ...(stopped_short ? { stopped_short } : {}),
      elapsed_ms: Math.round(monotonicMs() - started),
    });
    try {
      await this.store.settle();
      for (;;) {
        let now = monotonicMs();
        if (now - turned >= TURN_MS) {
          await nextTurn();
          now = turned = monotonicMs();
        }
        if (signal?.aborted) return report('abandoned');
        const job = this.next();
        if (!job || job.due_at > targetMs) break;
        const { max_jobs_per_advance, max_advance_ms } = this.store.settings;
        if (ran.length >= max_jobs_per_advance) return report('max_jobs_per_advance');
        if (ran.length > 0 && now - started >= max_advance_ms) return report('max_advance_ms');
        if (job.due_at > clock.now()) clock.set(job.due_at);
        this.store.command(() => this.store.collections.jobs.delete(job.id));
        // A job that ran synchronously and started no background work (a charge paid, no webhook)
        // goes on to the next without a turn of the microtask queue: a year runs 24,000 of them.
        const result = this.run(job, onError);
        const outcome = typeof result === 'string' ? result : await result;
        if (!this.store.settled) await this.store.settle();
        ran.push({ type: job.type, due_at: toIso(job.due_at), subject: job.subject, outcome });
      }
      if (targetMs > clock.now()) clock.set(targetMs);
    } finally {
      unsubscribe();
      this.store.clockMoved({ jobs: ran.length, events: topics.length });
    }
    return report();
  }

  /** Runs one job as one command; its outcome, or a promise of it when the job's kind is async. */
  private run(job: Job, onError: (error: unknown, job: Job) => void): string | Promise<string> {
    const kind = this.kinds.get(job.type);
    if (!kind) return `skipped: no job kind ${job.type}`;
    const failed = (error: unknown): string => {
      onError(error, job);
      return 'failed: internal error';
    };
    let result: string | Promise<string>;
    try {
      // A job is one command: a job that throws leaves the store as it was before it.
      result = this.store.command(() => kind.run(this.store, job));
    } catch (error) {
      return failed(error);
    }
    return typeof result === 'string' ? result : result.catch(failed);
  }
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function byDue(a: Job, b: Job): number {
  return a.due_at - b.due_at || a.id - b.id;
}
