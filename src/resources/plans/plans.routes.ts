/** Plan endpoints (2021-11; spec: Other 2021-11 endpoints). 2021-01 answers 501. */
import { parseIncludes } from '../../http/list/include.js';
import { listResponse } from '../../http/list/list.js';
import { pathId } from '../../http/params.js';
import type { ApiRequest, Endpoint } from '../../http/types.js';
import { parseWith } from '../../errors/validation.js';
import { findProduct } from '../../domain/products/products.service.js';
import { createdResponse, deletedResponse } from '../responses.js';
import type { Plan } from '../../model/plan.js';
import { planList } from './plans.list.js';
import { planSchemas } from './plans.schemas.js';
import { serializePlan } from './plans.serializers.js';
import {
  createPlan,
  createPlans,
  deletePlan,
  deletePlans,
  findPlan,
  updatePlan,
  updatePlans,
} from '../../domain/plans/plans.service.js';

const V2021_11 = ['2021-11'] as const;

const many = (request: ApiRequest, plans: readonly Plan[]) => ({
  plans: plans.map((plan) => serializePlan(plan, request.version)),
});

/** The product named by the path of a plans-bulk request (404 when unknown). */
const pathProduct = (request: ApiRequest) =>
  findProduct(request.store, request.params.external_product_id ?? '').external_product_id;

export const planEndpoints: readonly Endpoint[] = [
  {
    method: 'POST',
    path: '/plans',
    scope: 'write_products',
    versions: V2021_11,
    summary: 'Create a plan',
    handle: (request) => {
      const plan = createPlan(request, parseWith(planSchemas().create, request.body));
      return createdResponse(request.routeVersion, { plan: serializePlan(plan, request.version) });
    },
  },
  {
    method: 'GET',
    path: '/plans',
    scope: 'read_products',
    versions: V2021_11,
    summary: 'List plans',
    handle: (request) => listResponse(planList, request),
  },
  {
    method: 'GET',
    path: '/plans/:id',
    scope: 'read_products',
    versions: V2021_11,
    summary: 'Retrieve a plan',
    handle: (request) => {
      const plan = findPlan(request.store, pathId(request));
      // The spec's include table lists nothing for plans: any value is refused.
      parseIncludes(undefined, request.query.include, request.version);
      return { body: { plan: serializePlan(plan, request.version) } };
    },
  },
  {
    method: 'PUT',
    path: '/plans/:id',
    scope: 'write_products',
    versions: V2021_11,
    summary: 'Update a plan',
    handle: (request) => {
      const id = pathId(request);
      findPlan(request.store, id);
      const plan = updatePlan(request, id, parseWith(planSchemas().update, request.body));
      return { body: { plan: serializePlan(plan, request.version) } };
    },
  },
  {
    method: 'DELETE',
    path: '/plans/:id',
    scope: 'write_products',
    versions: V2021_11,
    summary: 'Delete a plan',
    handle: (request) => {
      deletePlan(request, pathId(request));
      return deletedResponse(request.routeVersion);
    },
  },
  {
    method: 'POST',
    path: '/products/:external_product_id/plans-bulk',
    scope: 'write_products',
    versions: V2021_11,
    summary: 'Create up to 250 plans of a product, all or nothing',
    handle: (request) => {
      const product = pathProduct(request);
      const { plans } = parseWith(planSchemas().bulkCreate, request.body);
      return createdResponse(request.routeVersion, many(request, createPlans(request, product, plans)));
    },
  },
  {
    method: 'PUT',
    path: '/products/:external_product_id/plans-bulk',
    scope: 'write_products',
    versions: V2021_11,
    summary: 'Update up to 250 plans of a product, all or nothing',
    handle: (request) => {
      const product = pathProduct(request);
      const { plans } = parseWith(planSchemas().bulkUpdate, request.body);
      return { body: many(request, updatePlans(request, product, plans)) };
    },
  },
  {
    method: 'DELETE',
    path: '/products/:external_product_id/plans-bulk',
    scope: 'write_products',
    versions: V2021_11,
    summary: 'Delete up to 250 plans of a product, all or nothing',
    handle: (request) => {
      const product = pathProduct(request);
      const { plans } = parseWith(planSchemas().bulkDelete, request.body);
      deletePlans(
        request,
        product,
        plans.map((plan) => plan.id),
      );
      return deletedResponse(request.routeVersion);
    },
  },
];
