/** Seeds credit accounts and adjustments, which the API only reads (spec: Credits). */
import { pathId } from '../http/params.js';
import { parseWith } from '../errors/validation.js';
import { creditSchemas } from '../resources/credits/credits.schemas.js';
import {
  serializeCreditAccount,
  serializeCreditAdjustment,
} from '../resources/credits/credits.serializers.js';
import { seedCreditAccount, seedCreditAdjustment } from '../domain/credits/credits.service.js';
import type { ControlEndpoint } from './control.types.js';

export const creditControlEndpoints: readonly ControlEndpoint[] = [
  {
    method: 'POST',
    path: '/credit_accounts',
    access: 'store',
    summary: 'Open a credit account for a customer (its initial balance is its first adjustment)',
    status: 201,
    body: () => creditSchemas().accountSeed,
    handle: ({ store, body }) => {
      const account = seedCreditAccount(store, parseWith(creditSchemas().accountSeed, body));
      return { status: 201, body: { credit_account: serializeCreditAccount(account, '2021-11') } };
    },
  },
  {
    method: 'POST',
    path: '/credit_accounts/:id/adjustments',
    access: 'store',
    summary: 'Credit or debit a credit account (a debit beyond the available balance is refused)',
    status: 201,
    body: () => creditSchemas().adjustmentSeed,
    handle: ({ store, params, body }) => {
      const { adjustment, account } = seedCreditAdjustment(
        store,
        pathId({ params }),
        parseWith(creditSchemas().adjustmentSeed, body),
      );
      return {
        status: 201,
        body: {
          credit_adjustment: serializeCreditAdjustment(adjustment, '2021-11'),
          credit_account: serializeCreditAccount(account, '2021-11'),
        },
      };
    },
  },
];
