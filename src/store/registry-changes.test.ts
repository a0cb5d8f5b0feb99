/**
 * The base a compaction writes is the registry at one instant (regression: each collection was
 * copied when the writer reached it, after the id sequences were taken, so a base could hold
 * records newer than its counters and a restart answered 500 `customers already holds id N`).
 */
import { describe, expect, it } from 'vitest';
import { RegistryChanges } from './registry-changes.js';
import { StoreRegistry, type RegistryDoc } from './registry.js';
import type { Store } from './store.js';

function registryWithChanges() {
  const changes = new RegistryChanges();
  const registry = new StoreRegistry({
    seed: 7,
    jobKinds: new Map(),
    observers: [changes.observe],
    onChange: (storeId) => changes.onChange(storeId),
  });
  registry.create({ token: 'cut-token' });
  changes.attach(registry);
  return { registry, changes, store: registry.defaultStore };
}

type Customer = Parameters<Store['collections']['customers']['insert']>[0];

/** A customer with the fields the collection indexes (enough for persistence). */
function addCustomer(store: Store, email: string): Customer {
  const customer = { id: store.nextId('customers'), email, hash: email, external_customer_id: null };
  return store.collections.customers.insert(customer as unknown as Customer);
}

describe('RegistryChanges.capture', () => {
  it('is the registry at the instant of the capture, whatever is written before its text is made', () => {
    const { registry, changes, store } = registryWithChanges();
    const first = addCustomer(store, 'first@example.com');
    const kept = addCustomer(store, 'kept@example.com');
    const doc = changes.capture({ id: 'log', seq: 4 });
    const sequences = { ...store.metaJSON().sequences };

    // Written after the capture, before the writer reaches the collections.
    const later = addCustomer(store, 'later@example.com');
    store.collections.customers.update(first.id, { email: 'changed@example.com' });
    store.collections.customers.delete(kept.id);
    registry.create({ name: 'Later store' });

    const base = JSON.parse(JSON.stringify(doc)) as RegistryDoc;
    expect(base.log_seq).toBe(4);
    expect(base.stores.map((s) => s.id)).toEqual([1]);
    const [stored] = base.stores;
    expect(stored?.sequences).toEqual(sequences);
    expect(stored?.collections.customers?.map((c) => [c.id, c.email])).toEqual([
      [first.id, 'first@example.com'],
      [kept.id, 'kept@example.com'],
    ]);
    expect(stored?.sequences.customers).toBeLessThan(later.id);
  });
});
