/**
 * Async batch endpoints (spec: Async batch workflow). Both versions: the spec's cursor section lists
 * `/async_batches` and its tasks among the 2021-01 lists with a `Link` header (decision 0012).
 */
import { listResponse } from '../../http/list/list.js';
import { pathId } from '../../http/params.js';
import type { ApiRequest, Endpoint } from '../../http/types.js';
import { parseWith } from '../../errors/validation.js';
import { createdResponse } from '../responses.js';
import { batchList, taskList } from './async-batches.list.js';
import { taskRunner } from './async-batches.runner.js';
import { asyncBatchSchemas } from './async-batches.schemas.js';
import { serializeBatch, serializeTask } from './async-batches.serializers.js';
import {
  addTasks,
  createBatch,
  findBatch,
  processBatch,
} from '../../domain/async-batches/async-batches.service.js';

const render = (request: ApiRequest, batch: Parameters<typeof serializeBatch>[0]) => ({
  async_batch: serializeBatch(batch, request.version),
});

const batchOf = (request: ApiRequest) => findBatch(request.store, pathId(request, 'batch_id'));

/**
 * The batch endpoints; `table` gives the endpoint table the tasks are run through (a function, as
 * the table lists these endpoints too).
 */
export function asyncBatchEndpoints(table: () => readonly Endpoint[]): readonly Endpoint[] {
  return [
    {
      method: 'POST',
      path: '/async_batches',
      scope: 'write_batches',
      summary: 'Create an async batch of one batch_type',
      handle: (request) => {
        const { batch_type } = parseWith(asyncBatchSchemas().create, request.body);
        return createdResponse(request.routeVersion, render(request, createBatch(request, batch_type)));
      },
    },
    {
      method: 'GET',
      path: '/async_batches',
      scope: 'read_batches',
      summary: 'List async batches',
      handle: (request) => listResponse(batchList, request),
    },
    {
      method: 'GET',
      path: '/async_batches/:id',
      scope: 'read_batches',
      summary: 'Retrieve an async batch (progress and counts)',
      handle: (request) => ({ body: render(request, findBatch(request.store, pathId(request))) }),
    },
    {
      method: 'POST',
      path: '/async_batches/:batch_id/tasks',
      scope: 'write_batches',
      summary: 'Add up to 1,000 tasks to a batch not yet submitted (10,000 per batch)',
      handle: (request) => {
        const batch = batchOf(request);
        const { tasks } = parseWith(asyncBatchSchemas().tasksAdd, request.body);
        const added = addTasks(
          request,
          batch.id,
          tasks.map((task) => task.body),
        );
        return createdResponse(request.routeVersion, {
          async_batch_tasks: added.map((task) => serializeTask(task, request.version)),
        });
      },
    },
    {
      method: 'GET',
      path: '/async_batches/:batch_id/tasks',
      scope: 'read_batches',
      summary: "List a batch's tasks with their results",
      handle: (request) => {
        const batch = batchOf(request);
        const ids = request.store.collections.async_batch_tasks.idsBy('batch_id', batch.id);
        return listResponse(taskList, request, [{ candidates: ids }]);
      },
    },
    {
      method: 'POST',
      path: '/async_batches/:batch_id/process',
      scope: 'write_batches',
      summary: 'Submit a batch: runs every task now, as the request it stands for, then closes the batch',
      handle: async (request) => {
        const batch = batchOf(request);
        const run = taskRunner(table(), request, batch.batch_type);
        return { body: render(request, await processBatch(request, batch.id, run)) };
      },
    },
  ];
}
