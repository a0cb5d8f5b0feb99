/**
 * A clone as a snapshot document the emulator imports (src/store/snapshots.ts): the converted
 * records put into a scratch store, whose own observers then schedule what the records need
 * (charge attempts on their dates, dunning retries, upcoming notices, prepaid order releases:
 * decision 0010), exactly as a restored or seeded store would have them.
 */
import { billingJobKinds } from '../billing/jobs.js';
import { scheduleFromRecords } from '../billing/charge-jobs.js';
import { Random } from '../platform/random.js';
import type { CollectionName } from '../store/collections.js';
import type { StoreSettings } from '../store/settings.js';
import { takeSnapshot, type SnapshotDoc } from '../store/snapshots.js';
import { Store } from '../store/store.js';
import type { CloneRecords } from './rebuild.js';

/** What a clone document is made of. */
export interface CloneState {
  readonly name: string;
  readonly settings: StoreSettings;
  /** The clone's virtual time (epoch ms): when the records were read. */
  readonly now: number;
  readonly records: CloneRecords;
  readonly sequences: Readonly<Record<string, number>>;
}

/** Records whose writes schedule jobs: inserted one by one after the others are loaded. */
const SCHEDULING: readonly CollectionName[] = ['charges', 'orders'];

/**
 * The snapshot document of a clone, with the jobs its charges and orders need.
 *
 * @example
 * const doc = await storeDocument({ name: 'Clone', settings, now: Date.parse('2025-01-15T12:00:00Z'), records, sequences: {} });
 */
export async function storeDocument(state: CloneState): Promise<SnapshotDoc> {
  const store = new Store({
    id: 1,
    name: state.name,
    settings: state.settings,
    clientSecret: '',
    random: new Random(1),
    clock: { now: state.now, mode: 'frozen' },
    jobKinds: billingJobKinds,
    observers: [scheduleFromRecords],
    onChange: () => undefined,
  });
  store.load({
    ...store.metaJSON(),
    sequences: state.sequences,
    collections: Object.fromEntries(
      Object.entries(state.records).filter(([name]) => !SCHEDULING.includes(name as CollectionName)),
    ),
  });
  for (const charge of state.records.charges ?? []) store.collections.charges.insert(charge);
  for (const order of state.records.orders ?? []) store.collections.orders.insert(order);
  return takeSnapshot(store);
}
