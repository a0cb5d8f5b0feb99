import type { Store } from './store.js';

/** What every new or reset store starts with: its owner's staff account. */
export function seedStore(store: Store): void {
  const now = store.now();
  store.collections.accounts.insert({
    id: store.nextId('accounts'),
    user_id: store.nextId('users'),
    email: store.settings.email ?? `owner@store-${store.id}.example`,
    first_name: 'Store',
    last_name: 'Owner',
    is_owner: true,
    created_at: now,
    invited_at: null,
  });
}
