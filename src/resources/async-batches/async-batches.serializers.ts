/**
 * The async batch and task records (api-facts: Async batch, Task). Both versions share the fields;
 * timestamps follow the version. A task's `result.output` is the 2021-11 body its request answered,
 * whatever the version reading it (tasks always run as 2021-11 requests, decision 0012).
 */
import type { ApiVersion } from '../../model/versions.js';
import { timestamp } from '../serialize.js';
import type { AsyncBatch, AsyncBatchTask } from '../../model/async-batch.js';

export function serializeBatch(batch: AsyncBatch, version: ApiVersion): Record<string, unknown> {
  return {
    id: batch.id,
    batch_type: batch.batch_type,
    closed_at: timestamp(version, batch.closed_at),
    created_at: timestamp(version, batch.created_at),
    fail_task_count: batch.fail_task_count,
    status: batch.status,
    submitted_at: timestamp(version, batch.submitted_at),
    success_task_count: batch.success_task_count,
    total_task_count: batch.total_task_count,
    updated_at: timestamp(version, batch.updated_at),
  };
}

export function serializeTask(task: AsyncBatchTask, version: ApiVersion): Record<string, unknown> {
  return {
    id: task.id,
    batch_id: task.batch_id,
    body: task.body,
    completed_at: timestamp(version, task.completed_at),
    queued_at: timestamp(version, task.queued_at),
    result: task.result,
    started_at: timestamp(version, task.started_at),
    status: task.status,
  };
}
