/** How credit accounts and adjustments are listed (the spec's sorting table names neither: id-desc). */
import {
  enumFilter,
  idsFilter,
  indexedIntegerFilter,
  maxTimeFilter,
  minTimeFilter,
  timestampFilters,
} from '../../http/list/filters.js';
import type { ListSpec } from '../../http/list/list.js';
import type { Store } from '../../store/store.js';
import {
  ADJUSTMENT_TYPES,
  CREDIT_ACCOUNT_TYPES,
  type CreditAccount,
  type CreditAdjustment,
} from '../../model/credit.js';
import { serializeCreditAccount, serializeCreditAdjustment } from './credits.serializers.js';

const accounts = (store: Store) => store.collections.credit_accounts;
const adjustments = (store: Store) => store.collections.credit_adjustments;

export const creditAccountList: ListSpec<CreditAccount> = {
  name: 'credit_accounts',
  collection: accounts,
  filters: {
    ids: idsFilter(),
    customer_id: indexedIntegerFilter(accounts, 'customer_id'),
    type: enumFilter(CREDIT_ACCOUNT_TYPES, (account) => account.type),
    ...timestampFilters<CreditAccount>(),
  },
  sorts: { created_at: (account) => account.created_at, updated_at: (account) => account.updated_at },
  defaultSort: 'id-desc',
  serialize: (account, { version }) => serializeCreditAccount(account, version),
};

export const creditAdjustmentList: ListSpec<CreditAdjustment> = {
  name: 'credit_adjustments',
  collection: adjustments,
  filters: {
    ids: idsFilter(),
    customer_id: indexedIntegerFilter(adjustments, 'customer_id'),
    credit_account_id: indexedIntegerFilter(adjustments, 'credit_account_id'),
    type: enumFilter(ADJUSTMENT_TYPES, (adjustment) => adjustment.type),
    created_at_min: minTimeFilter((adjustment) => adjustment.created_at),
    created_at_max: maxTimeFilter((adjustment) => adjustment.created_at),
  },
  sorts: { created_at: (adjustment) => adjustment.created_at },
  defaultSort: 'id-desc',
  serialize: (adjustment, { version }) => serializeCreditAdjustment(adjustment, version),
};
