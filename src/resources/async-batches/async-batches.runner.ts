/**
 * Runs a batch task as the single request it stands for: the endpoint of the batch type is taken
 * from the endpoint table and invoked like the HTTP router does (src/http/endpoint-request.ts), as a
 * 2021-11 request of the token that submits the batch. Business rules are never repeated here; a
 * refused task records the status and body the request would have answered.
 */
import * as z from 'zod';
import { apiErrorOf } from '../../http/failures.js';
import { errors } from '../../errors/messages.js';
import { dialectOf } from '../../http/dialect.js';
import { checkAccess, endpointFor, endpointRequest, invokeEndpoint } from '../../http/endpoint-request.js';
import { jsonValue } from '../../http/json-text.js';
import type { ApiRequest, ApiResponse, Body, Endpoint, HttpMethod } from '../../http/types.js';
import { parseWith } from '../../errors/validation.js';
import { authenticated } from '../../store/registry.js';
import type { ApiVersion } from '../../model/versions.js';
import { onFirstUse } from '../../platform/first-use.js';
import { catalogParts } from '../products/catalog.schema-parts.js';
import { schemaParts } from '../schema-parts.js';
import type { AsyncBatchTask, BatchType, TaskResult } from '../../model/async-batch.js';
import type { TaskRunner } from '../../domain/async-batches/async-batches.service.js';

/** Tasks run as 2021-11 requests whatever the version of the batch request (decision 0012). */
export const TASK_VERSION: ApiVersion = '2021-11';

/** The path parameter a task body carries, and how it is read from the body (built on first use). */
const pathParams = onFirstUse(() => ({
  id: z.object({ id: schemaParts().integerId.transform(String) }),
  external_product_id: z.object({ external_product_id: catalogParts().externalIdField }),
}));

interface TaskTarget {
  readonly method: HttpMethod;
  readonly path: string;
  /** Taken out of the task body into the path. */
  readonly param?: keyof ReturnType<typeof pathParams>;
}

const PLANS_BULK = '/products/:external_product_id/plans-bulk';

/** The request each batch type stands for (spec: Async batch workflow). */
export const TASK_TARGETS: Readonly<Record<BatchType, TaskTarget>> = {
  discount_create: { method: 'POST', path: '/discounts' },
  discount_update: { method: 'PUT', path: '/discounts/:id', param: 'id' },
  discount_delete: { method: 'DELETE', path: '/discounts/:id', param: 'id' },
  bulk_plans_create: { method: 'POST', path: PLANS_BULK, param: 'external_product_id' },
  bulk_plans_update: { method: 'PUT', path: PLANS_BULK, param: 'external_product_id' },
  bulk_plans_delete: { method: 'DELETE', path: PLANS_BULK, param: 'external_product_id' },
  onetime_create: { method: 'POST', path: '/onetimes' },
  onetime_delete: { method: 'DELETE', path: '/onetimes/:id', param: 'id' },
};

/** The endpoints (one per version at most) a batch type's tasks are sent to. */
export function taskEndpoints(table: readonly Endpoint[], batchType: BatchType): readonly Endpoint[] {
  const target = TASK_TARGETS[batchType];
  return table.filter((endpoint) => endpoint.method === target.method && endpoint.path === target.path);
}

/** Path parameters and the remaining body of a task (422 when the body lacks the parameter). */
function routeOf(target: TaskTarget, body: Readonly<Record<string, unknown>>) {
  if (!target.param) return { params: {}, body: body as Body, path: target.path };
  const params: Record<string, string> = parseWith(pathParams()[target.param], body);
  const { [target.param]: _taken, ...rest } = body;
  const path = target.path.replace(/:(\w+)/g, (_match, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  return { params, body: rest as Body, path };
}

function resultOf(response: ApiResponse): TaskResult {
  const status = response.status ?? 200;
  // A 204 has no body (the router sends none either).
  return { status_code: status, output: status === 204 ? null : (jsonValue(response.body) ?? {}) };
}

/**
 * A runner of the tasks of one batch, acting as the token of `request` (the submission).
 *
 * @example
 * const run = taskRunner(endpoints, request, 'discount_create');
 * await run(task); // { status_code: 201, output: { discount: {...} } }
 */
export function taskRunner(
  table: readonly Endpoint[],
  request: ApiRequest,
  batchType: BatchType,
): TaskRunner {
  const target = TASK_TARGETS[batchType];
  const group = taskEndpoints(table, batchType);
  const { store } = request;
  const identity = { auth: authenticated(store, request.token), version: TASK_VERSION };
  return async (task: AsyncBatchTask) => {
    try {
      const endpoint = endpointFor(group, TASK_VERSION);
      checkAccess(endpoint, identity);
      const route = routeOf(target, task.body);
      const taskRequest = endpointRequest({
        identity,
        params: route.params,
        query: {},
        body: route.body,
        path: route.path,
        origin: () => request.origin,
      });
      return resultOf(await invokeEndpoint(endpoint, taskRequest));
    } catch (error) {
      // A bug in a handler fails its task with the body a request would get, not the whole batch.
      // Its messages name fields in the store's words, as the request's would (its keys are
      // renamed when the task is served).
      const answer = apiErrorOf(error);
      return answer
        ? { status_code: answer.status, output: dialectOf(store).writeErrorTexts(answer.body) }
        : { status_code: 500, output: errors.internal().body };
    }
  };
}
