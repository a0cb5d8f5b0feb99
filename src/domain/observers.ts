/**
 * What the domain attaches to every store: jobs follow the charges and orders they are about
 * (decision 0010), and knock-on effects follow the writes of the records charges are made of
 * (src/domain/command.ts).
 */
import type { StoreObserver } from '../store/store.js';
import { scheduleFromRecords } from './charges/charge-jobs.js';
import { followKnockOns } from './command.js';

export const domainObservers: readonly StoreObserver[] = [scheduleFromRecords, followKnockOns];
