/** Time-based work stored as data, so a persisted store resumes its schedule after a restart. */
export interface Job {
  readonly id: number;
  /** Names the implementation in the job-kind table. */
  readonly type: string;
  /** Virtual epoch milliseconds at which it runs. */
  readonly due_at: number;
  /** What it acts on, e.g. `charge:123` (shown in previews and reports). */
  readonly subject: string;
  readonly payload: Readonly<Record<string, unknown>>;
}

/** What running a job did, as the clock-advance report shows it. */
export interface JobReport {
  readonly type: string;
  readonly due_at: string;
  readonly subject: string;
  readonly outcome: string;
}
