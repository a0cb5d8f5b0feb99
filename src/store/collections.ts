/**
 * Every collection a store holds, with its indexes. Adding a resource means adding its collection
 * here; persistence, snapshots and reset follow from this table.
 */
import { Collection } from '../platform/persistence/collection.js';
import type { Account } from '../resources/accounts/account.model.js';
import type { Address } from '../resources/addresses/address.model.js';
import type { Customer } from '../resources/customers/customer.model.js';
import type { EventRecord } from '../resources/events/event.model.js';
import type { Metafield } from '../resources/metafields/metafield.model.js';
import type { PaymentMethod } from '../resources/payment-methods/payment-method.model.js';
import type { Job } from '../platform/scheduler/job.js';

export function createCollections(onChange: () => void) {
  return {
    accounts: new Collection<Account>('accounts', {}, onChange),
    customers: new Collection<Customer>(
      'customers',
      {
        email: { key: (c) => c.email.toLowerCase(), unique: true },
        hash: { key: (c) => c.hash },
        external_customer_id: { key: (c) => c.external_customer_id },
      },
      onChange,
    ),
    addresses: new Collection<Address>(
      'addresses',
      {
        customer_id: { key: (a) => a.customer_id },
        discount_id: { key: (a) => a.discount_id },
      },
      onChange,
    ),
    payment_methods: new Collection<PaymentMethod>(
      'payment_methods',
      { customer_id: { key: (p) => p.customer_id } },
      onChange,
    ),
    metafields: new Collection<Metafield>(
      'metafields',
      { owner: { key: (m) => `${m.owner_resource}:${m.owner_id}` } },
      onChange,
    ),
    events: new Collection<EventRecord>('events', { object_type: { key: (e) => e.object_type } }, onChange),
    jobs: new Collection<Job>('jobs', {}, onChange),
  };
}

export type Collections = ReturnType<typeof createCollections>;
export type CollectionName = keyof Collections;
export type RecordOf<N extends CollectionName> = Collections[N] extends Collection<infer T> ? T : never;
