/** The billing engine's scheduled job kinds (the scheduler runs them as the clock passes their time). */
import type { JobKind } from '../platform/scheduler/scheduler.js';
import { SCHEDULER_ACTOR } from '../model/actor.js';
import { REGENERATE_JOB, syncQueuedCharges } from './charges/queued-charges.js';
import { timeJobKinds } from './charges/charge-jobs.js';

export const billingJobKinds: ReadonlyMap<string, JobKind> = new Map<string, JobKind>([
  [
    REGENERATE_JOB,
    {
      description: 'Rebuilds the queued charges of an address after a change made with commit_update=false',
      run: (store, job) => {
        syncQueuedCharges({ store, actor: SCHEDULER_ACTOR }, Number(job.payload.address_id));
        return 'regenerated';
      },
    },
  ],
  ...timeJobKinds,
]);
