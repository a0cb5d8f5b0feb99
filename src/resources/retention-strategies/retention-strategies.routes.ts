/**
 * Retention strategy endpoints (2021-11; spec: Other 2021-11 endpoints). The spec names no scope:
 * they shape the subscription cancellation flow, so the subscription scopes guard them
 * (decision 0012). Not gated: spec rule 7 reserves only the credits to retention merchants.
 */
import { enumFilter, idsFilter, timestampFilters } from '../../http/list/filters.js';
import { parseIncludes } from '../../http/list/include.js';
import { listResponse, type ListSpec } from '../../http/list/list.js';
import { pathId } from '../../http/params.js';
import type { ApiRequest, Endpoint } from '../../http/types.js';
import { parseWith } from '../../errors/validation.js';
import { createdResponse, deletedResponse } from '../responses.js';
import {
  CANCELLATION_FLOW_TYPES,
  INCENTIVE_TYPES,
  type RetentionStrategy,
} from '../../model/retention-strategy.js';
import { retentionStrategySchemas } from './retention-strategies.schemas.js';
import { serializeRetentionStrategy } from './retention-strategies.serializers.js';
import {
  createRetentionStrategy,
  deleteRetentionStrategy,
  findRetentionStrategy,
  updateRetentionStrategy,
} from '../../domain/retention-strategies/retention-strategies.service.js';

const V2021_11 = ['2021-11'] as const;

export const retentionStrategyList: ListSpec<RetentionStrategy> = {
  name: 'retention_strategies',
  collection: (store) => store.collections.retention_strategies,
  filters: {
    ids: idsFilter(),
    cancellation_flow_type: enumFilter(CANCELLATION_FLOW_TYPES, (s) => s.cancellation_flow_type),
    incentive_type: enumFilter(INCENTIVE_TYPES, (s) => s.incentive_type),
    ...timestampFilters<RetentionStrategy>(),
  },
  sorts: { created_at: (s) => s.created_at, updated_at: (s) => s.updated_at },
  defaultSort: 'id-desc',
  serialize: (strategy, { version }) => serializeRetentionStrategy(strategy, version),
};

const render = (request: ApiRequest, strategy: RetentionStrategy) => ({
  retention_strategy: serializeRetentionStrategy(strategy, request.version),
});

export const retentionStrategyEndpoints: readonly Endpoint[] = [
  {
    method: 'POST',
    path: '/retention_strategies',
    scope: 'write_subscriptions',
    versions: V2021_11,
    summary: 'Create a retention strategy',
    handle: (request) => {
      const strategy = createRetentionStrategy(
        request,
        parseWith(retentionStrategySchemas().create, request.body),
      );
      return createdResponse(request.routeVersion, render(request, strategy));
    },
  },
  {
    method: 'GET',
    path: '/retention_strategies',
    scope: 'read_subscriptions',
    versions: V2021_11,
    summary: 'List retention strategies',
    handle: (request) => listResponse(retentionStrategyList, request),
  },
  {
    method: 'GET',
    path: '/retention_strategies/:id',
    scope: 'read_subscriptions',
    versions: V2021_11,
    summary: 'Retrieve a retention strategy',
    handle: (request) => {
      const strategy = findRetentionStrategy(request.store, pathId(request));
      parseIncludes(undefined, request.query.include, request.version);
      return { body: render(request, strategy) };
    },
  },
  {
    method: 'PUT',
    path: '/retention_strategies/:id',
    scope: 'write_subscriptions',
    versions: V2021_11,
    summary: 'Update a retention strategy',
    handle: (request) => {
      const id = pathId(request);
      findRetentionStrategy(request.store, id);
      const change = parseWith(retentionStrategySchemas().update, request.body);
      return { body: render(request, updateRetentionStrategy(request, id, change)) };
    },
  },
  {
    method: 'DELETE',
    path: '/retention_strategies/:id',
    scope: 'write_subscriptions',
    versions: V2021_11,
    summary: 'Delete a retention strategy',
    handle: (request) => {
      deleteRetentionStrategy(request, pathId(request));
      return deletedResponse(request.routeVersion);
    },
  },
];
