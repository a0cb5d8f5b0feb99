/**
 * A clone as a snapshot document the emulator imports (src/store/snapshots.ts): the converted
 * records put into a scratch store, whose own observers then schedule what the records need
 * (charge attempts on their dates, dunning retries, upcoming notices, prepaid order releases:
 * decision 0010), exactly as a restored or seeded store would have them.
 */
import { billingJobKinds } from '../domain/jobs.js';
import { scheduleFromRecords } from '../domain/charges/charge-jobs.js';
import { Random } from '../platform/random.js';
import type { Charge } from '../model/charge.js';
import type { CollectionName } from '../store/collections.js';
import type { StoreSettings } from '../store/settings.js';
import { seedStore } from '../store/seed-store.js';
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

/**
 * Inserts of the charges and orders in the order their jobs were made: the scheduler runs jobs
 * due at one moment in the order of their ids, so a charge attempt and a prepaid order release due
 * the same day keep the order they had (which order the platform numbers first). A queued order's
 * jobs were made with it, when its charge was paid; a queued charge's when it was made, after the
 * charge before it on its address was paid (later changes of its lines do not touch them); a
 * failing charge's at its last try. Records made at one moment follow the order in which the
 * charges that made them were paid, each charge's orders before the charge that follows it.
 */
function inJobOrder(records: CloneState['records']): ((store: Store) => void)[] {
  const paidAt = new Map<string, number>();
  for (const charge of records.charges ?? [])
    if (charge.processed_at !== null) paidAt.set(`${charge.address_id}@${charge.processed_at}`, charge.id);
  const chargeTime = (charge: Charge): string =>
    charge.status === 'queued' ? charge.created_at : (charge.last_charge_attempt ?? charge.updated_at);
  const writes = [
    ...(records.orders ?? []).map((order) => ({
      at: order.created_at,
      cause: order.charge_id,
      kind: 0,
      id: order.id,
      write: (store: Store) => void store.collections.orders.insert(order),
    })),
    ...(records.charges ?? []).map((charge) => ({
      at: chargeTime(charge),
      cause: paidAt.get(`${charge.address_id}@${charge.created_at}`) ?? charge.id,
      kind: 1,
      id: charge.id,
      write: (store: Store) => void store.collections.charges.insert(charge),
    })),
  ];
  writes.sort((a, b) =>
    a.at < b.at ? -1 : a.at > b.at ? 1 : a.cause - b.cause || a.kind - b.kind || a.id - b.id,
  );
  return writes.map(({ write }) => write);
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
  // Its owner's staff account, as every new store has (the real store's staff are not cloned).
  seedStore(store);
  for (const write of inJobOrder(state.records)) write(store);
  return takeSnapshot(store);
}
