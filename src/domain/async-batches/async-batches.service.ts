/**
 * Business rules of async batches: tasks are added only before submission, within the limits of the
 * spec; submitting runs every task in order (through `run`, which the routes give: each task is the
 * single request it stands for) and closes the batch with `async_batch/processed`.
 */
import { runCommand } from '../command.js';
import { fail } from '../failures.js';
import { RULE } from '../messages.js';
import { recordEvent } from '../events/event-log.js';
import type { Store } from '../../store/store.js';
import type { ServiceContext } from '../service-context.js';
import {
  MAX_TASKS_PER_BATCH,
  type AsyncBatch,
  type AsyncBatchTask,
  type BatchType,
  type TaskResult,
} from '../../model/async-batch.js';

/** Runs one task and answers what its request answered (never throws for a refused request). */
export type TaskRunner = (task: AsyncBatchTask) => TaskResult | Promise<TaskResult>;

export function findBatch(store: Store, id: number): AsyncBatch {
  const batch = store.collections.async_batches.get(id);
  if (!batch) throw fail.notFound();
  return batch;
}

export function createBatch(ctx: ServiceContext, batchType: BatchType): AsyncBatch {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const now = store.now();
    return store.collections.async_batches.insert({
      id: store.nextId('async_batches'),
      batch_type: batchType,
      status: 'not_started',
      total_task_count: 0,
      success_task_count: 0,
      fail_task_count: 0,
      submitted_at: null,
      closed_at: null,
      created_at: now,
      updated_at: now,
    });
  });
}

function refuseSubmitted(batch: AsyncBatch): void {
  if (batch.status !== 'not_started') throw fail.field('status', RULE.batch.submitted(batch.status));
}

/** Adds tasks to a batch not yet submitted; a batch holds at most 10,000 (spec: Limits). */
export function addTasks(
  ctx: ServiceContext,
  batchId: number,
  bodies: readonly Readonly<Record<string, unknown>>[],
): AsyncBatchTask[] {
  return runCommand(ctx, () => {
    const { store } = ctx;
    const batch = findBatch(store, batchId);
    refuseSubmitted(batch);
    if (batch.total_task_count + bodies.length > MAX_TASKS_PER_BATCH) {
      throw fail.field(
        'tasks',
        RULE.batch.tasksPerBatch(MAX_TASKS_PER_BATCH, batch.total_task_count, bodies.length),
      );
    }
    const now = store.now();
    const tasks = bodies.map((body) =>
      store.collections.async_batch_tasks.insert({
        id: store.nextId('async_batch_tasks'),
        batch_id: batchId,
        body,
        result: null,
        status: 'pending',
        queued_at: null,
        started_at: null,
        completed_at: null,
        created_at: now,
      }),
    );
    store.collections.async_batches.update(batchId, {
      total_task_count: batch.total_task_count + tasks.length,
      updated_at: now,
    });
    return tasks;
  });
}

/**
 * Submits a batch and runs its tasks in the order they were added. The batch turns `processing`
 * before the first task runs, so a second submission meanwhile is refused. It ends `completed`, or
 * `failed` when no task succeeded (decision 0012), and records `async_batch/processed`.
 */
export async function processBatch(
  ctx: ServiceContext,
  batchId: number,
  run: TaskRunner,
): Promise<AsyncBatch> {
  const { store } = ctx;
  const batches = store.collections.async_batches;
  const tasks = store.collections.async_batch_tasks;
  // Each step is a command of its own: submitting, each task with its result, closing.
  const ids = store.command(() => {
    const batch = findBatch(store, batchId);
    refuseSubmitted(batch);
    const ids = [...tasks.idsBy('batch_id', batchId)].sort((a, b) => a - b);
    if (ids.length === 0) throw fail.field('tasks', RULE.batch.empty);
    const submitted = store.now();
    batches.update(batchId, { status: 'processing', submitted_at: submitted, updated_at: submitted });
    for (const id of ids) tasks.update(id, { queued_at: submitted });
    return ids;
  });

  let success = 0;
  let failed = 0;
  for (const id of ids) {
    const task = store.command(() => tasks.update(id, { status: 'processing', started_at: store.now() }));
    const result = await run(task);
    const ok = result.status_code < 400;
    if (ok) success += 1;
    else failed += 1;
    store.command(() => {
      tasks.update(id, { status: ok ? 'success' : 'failed', result, completed_at: store.now() });
      batches.update(batchId, {
        success_task_count: success,
        fail_task_count: failed,
        updated_at: store.now(),
      });
    });
  }

  return store.command(() => {
    const closed = store.now();
    const done = batches.update(batchId, {
      status: success === 0 ? 'failed' : 'completed',
      closed_at: closed,
      updated_at: closed,
    });
    recordEvent(store, ctx.actor, {
      object_type: 'async_batch',
      verb: 'processed',
      object_id: batchId,
      custom_attributes: {
        batch_type: done.batch_type,
        status: done.status,
        success_task_count: success,
        fail_task_count: failed,
      },
    });
    return done;
  });
}
