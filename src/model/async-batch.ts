import type { Timestamp } from './shared.js';

/** The kinds of batch (api-facts: Async batch); each task of a batch is one request of its kind. */
export const BATCH_TYPES = [
  'discount_create',
  'discount_update',
  'discount_delete',
  'bulk_plans_create',
  'bulk_plans_update',
  'bulk_plans_delete',
  'onetime_create',
  'onetime_delete',
] as const;
export type BatchType = (typeof BATCH_TYPES)[number];

/** `failed` is a batch in which no task succeeded (decision 0012). */
export const BATCH_STATUSES = ['not_started', 'processing', 'completed', 'failed'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** `pending` until the batch runs; `processing` only while its own request runs. */
export const TASK_STATUSES = ['pending', 'processing', 'success', 'failed'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Most tasks one request may add, and one batch may hold (spec: Limits). */
export const MAX_TASKS_PER_REQUEST = 1_000;
export const MAX_TASKS_PER_BATCH = 10_000;

export interface AsyncBatch {
  readonly id: number;
  readonly batch_type: BatchType;
  readonly status: BatchStatus;
  readonly total_task_count: number;
  readonly success_task_count: number;
  readonly fail_task_count: number;
  readonly submitted_at: Timestamp | null;
  readonly closed_at: Timestamp | null;
  readonly created_at: Timestamp;
  readonly updated_at: Timestamp;
}

/** What running a task answered: the status and body the single request would have answered. */
export interface TaskResult {
  readonly status_code: number;
  /** The response body; `null` for a 204. */
  readonly output: unknown;
}

export interface AsyncBatchTask {
  readonly id: number;
  readonly batch_id: number;
  /** The task's body exactly as it was added. */
  readonly body: Readonly<Record<string, unknown>>;
  readonly result: TaskResult | null;
  readonly status: TaskStatus;
  /** When the batch was submitted (the task queued to run); null before. */
  readonly queued_at: Timestamp | null;
  readonly started_at: Timestamp | null;
  readonly completed_at: Timestamp | null;
  readonly created_at: Timestamp;
}
