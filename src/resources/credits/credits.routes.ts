/**
 * Credit endpoints (2021-11; spec: Other 2021-11 endpoints, Credits), read-only. Only merchants on
 * the retention product may use them (spec rule 7): the gate refuses other stores with 403.
 */
import { parseIncludes } from '../../http/list/include.js';
import { listResponse } from '../../http/list/list.js';
import { pathId } from '../../http/params.js';
import type { Endpoint, Gate } from '../../http/types.js';
import { creditAccountList, creditAdjustmentList } from './credits.list.js';
import { serializeCreditAccount, serializeCreditAdjustment } from './credits.serializers.js';
import {
  creditSummary,
  findCreditAccount,
  findCreditAdjustment,
} from '../../domain/credits/credits.service.js';

const V2021_11 = ['2021-11'] as const;
const RETENTION: Gate = { retention: true };

export const creditEndpoints: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/credit_accounts',
    scope: 'read_credit_accounts',
    versions: V2021_11,
    gate: RETENTION,
    summary: 'List credit accounts',
    handle: (request) => listResponse(creditAccountList, request),
  },
  {
    method: 'GET',
    path: '/credit_accounts/:id',
    scope: 'read_credit_accounts',
    versions: V2021_11,
    gate: RETENTION,
    summary: 'Retrieve a credit account',
    handle: (request) => {
      const account = findCreditAccount(request.store, pathId(request));
      parseIncludes(undefined, request.query.include, request.version);
      return { body: { credit_account: serializeCreditAccount(account, request.version) } };
    },
  },
  {
    method: 'GET',
    path: '/credit_accounts/:id/credit_adjustments',
    scope: 'read_credit_adjustments',
    versions: V2021_11,
    gate: RETENTION,
    summary: "List a credit account's adjustments",
    handle: (request) => {
      const account = findCreditAccount(request.store, pathId(request));
      const ids = request.store.collections.credit_adjustments.idsBy('credit_account_id', account.id);
      return listResponse(creditAdjustmentList, request, [{ candidates: ids }]);
    },
  },
  {
    method: 'GET',
    path: '/credit_adjustments',
    scope: 'read_credit_adjustments',
    versions: V2021_11,
    gate: RETENTION,
    summary: 'List credit adjustments',
    handle: (request) => listResponse(creditAdjustmentList, request),
  },
  {
    method: 'GET',
    path: '/credit_adjustments/:id',
    scope: 'read_credit_adjustments',
    versions: V2021_11,
    gate: RETENTION,
    summary: 'Retrieve a credit adjustment',
    handle: (request) => {
      const adjustment = findCreditAdjustment(request.store, pathId(request));
      parseIncludes(undefined, request.query.include, request.version);
      return { body: { credit_adjustment: serializeCreditAdjustment(adjustment, request.version) } };
    },
  },
  {
    method: 'GET',
    path: '/customers/:id/credit_summary',
    // Credit data of a customer: the credit scope here, the customer scope in the handler.
    scope: 'read_credit_accounts',
    versions: V2021_11,
    gate: RETENTION,
    summary: "The customer's spendable credit: unexpired balances in the store currency",
    handle: (request) => {
      request.authorize('read_customers');
      return { body: { credit_summary: creditSummary(request.store, pathId(request)) } };
    },
  },
];
