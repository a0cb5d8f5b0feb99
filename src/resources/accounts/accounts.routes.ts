/** Staff accounts of the store (read-only; the owner account exists from the start). */
import { idsFilter, maxTimeFilter, minTimeFilter } from '../../http/list/filters.js';
import { listResponse, type ListSpec } from '../../http/list/list.js';
import { pathId } from '../../http/params.js';
import type { Endpoint } from '../../http/types.js';
import { errors } from '../../errors/messages.js';
import type { ApiVersion } from '../../model/versions.js';
import { timestamp } from '../serialize.js';
import type { Account } from '../../model/account.js';

function serializeAccount(account: Account, version: ApiVersion): Record<string, unknown> {
  return {
    id: account.id,
    created_at: timestamp(version, account.created_at),
    email: account.email,
    first_name: account.first_name,
    invited_at: timestamp(version, account.invited_at),
    is_owner: account.is_owner,
    last_name: account.last_name,
    user_id: account.user_id ?? account.id,
  };
}

const accountList: ListSpec<Account> = {
  name: 'accounts',
  collection: (store) => store.collections.accounts,
  filters: {
    ids: idsFilter(),
    created_at_min: minTimeFilter((a) => a.created_at),
    created_at_max: maxTimeFilter((a) => a.created_at),
  },
  sorts: { created_at: (a) => a.created_at },
  defaultSort: 'id-desc',
  serialize: (account, { version }) => serializeAccount(account, version),
};

export const accountEndpoints: readonly Endpoint[] = [
  {
    method: 'GET',
    path: '/accounts',
    scope: 'read_accounts',
    summary: 'List staff accounts',
    handle: (request) => listResponse(accountList, request),
  },
  {
    method: 'GET',
    path: '/accounts/:id',
    scope: 'read_accounts',
    summary: 'Retrieve a staff account',
    handle: (request) => {
      const account = request.store.collections.accounts.get(pathId(request));
      if (!account) throw errors.notFound();
      return { body: { account: serializeAccount(account, request.version) } };
    },
  },
];
