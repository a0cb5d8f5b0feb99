/**
 * What a store keeps about its API traffic besides its data: fault rules and the positions of
 * `X-Emulator-Fault` lists, rate-limit buckets, and the request journal. All of it lives in
 * memory only: none of it is in the store document (docs/decisions/0011).
 */
import { HeaderFaultSequences } from './faults/fault-header.js';
import { FaultRules } from './faults/fault-rules.js';
import { Journal } from './journal/journal.js';
import { RateLimiter } from './rate-limit/leaky-bucket.js';

export class StoreTraffic {
  readonly faults: FaultRules;
  readonly headerFaults = new HeaderFaultSequences();
  readonly limiter: RateLimiter;
  readonly journal: Journal;

  /**
   * @example
   * const traffic = new StoreTraffic(store.id, store.settings.journal_size);
   * traffic.faults.add({ match: { path: '/customers' }, action: { type: 'status', status: 503 } });
   */
  constructor(storeId: number, journalSize: number, now?: () => number) {
    this.faults = new FaultRules(storeId);
    this.limiter = new RateLimiter(now);
    this.journal = new Journal(journalSize);
  }

  /** Back to a fresh store's state: no rules, full allowance, empty journal. */
  reset(): void {
    this.faults.clear();
    this.headerFaults.clear();
    this.limiter.clear();
    this.journal.clear();
  }
}
