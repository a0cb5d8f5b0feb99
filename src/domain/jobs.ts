/** The billing engine's scheduled job kinds (the scheduler runs them as the clock passes their time). */
import type { StoreJobKind } from '../store/store.js';
import { SCHEDULER_ACTOR } from '../model/actor.js';
import { REGENERATE_JOB, syncQueuedCharges } from './charges/queued-charges.js';
import { runCommand } from './command.js';
import { timeJobKinds } from './charges/charge-jobs.js';

export const billingJobKinds: ReadonlyMap<string, StoreJobKind> = new Map<string, StoreJobKind>([
  [
    REGENERATE_JOB,
    {
      description: 'Rebuilds the queued charges of an address after a change made with commit_update=false',
      run: (store, job) => {
        const ctx = { store, actor: SCHEDULER_ACTOR };
        runCommand(ctx, () => syncQueuedCharges(ctx, Number(job.payload.address_id)));
        return 'regenerated';
      },
    },
  ],
  ...timeJobKinds,
]);
