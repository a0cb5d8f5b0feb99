/**
 * How batches and their tasks are listed. Batches: spec, Sorting (id-desc; id and created_at).
 * Tasks: the spec names no sort; they list in the order they run (id-asc).
 */
import { enumFilter, idsFilter, timestampFilters } from '../../http/list/filters.js';
import type { ListSpec } from '../../http/list/list.js';
import {
  BATCH_STATUSES,
  BATCH_TYPES,
  TASK_STATUSES,
  type AsyncBatch,
  type AsyncBatchTask,
} from '../../model/async-batch.js';
import { serializeBatch, serializeTask } from './async-batches.serializers.js';

export const batchList: ListSpec<AsyncBatch> = {
  name: 'async_batches',
  collection: (store) => store.collections.async_batches,
  filters: {
    ids: idsFilter(),
    batch_type: enumFilter(BATCH_TYPES, (batch) => batch.batch_type),
    status: enumFilter(BATCH_STATUSES, (batch) => batch.status),
    ...timestampFilters<AsyncBatch>(),
  },
  sorts: { created_at: (batch) => batch.created_at },
  defaultSort: 'id-desc',
  serialize: (batch, { version }) => serializeBatch(batch, version),
};

/** Listed with the batch of the path as a fixed condition. */
export const taskList: ListSpec<AsyncBatchTask> = {
  name: 'async_batch_tasks',
  collection: (store) => store.collections.async_batch_tasks,
  filters: {
    ids: idsFilter(),
    status: enumFilter(TASK_STATUSES, (task) => task.status),
  },
  sorts: {},
  defaultSort: 'id-asc',
  serialize: (task, { version }) => serializeTask(task, version),
};
