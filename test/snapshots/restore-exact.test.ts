/**
 * Named snapshots share the store's collections copy-on-write: a restore after later writes must
 * give back the very saved state, lookups by index included, and leave the snapshot reusable.
 */
import { describe, expect, it } from 'vitest';
import type { Json } from '../helpers/api.js';
import { useEmulator } from '../helpers/emulator.js';
import {
  addCard,
  createCustomer,
  createCustomerWithAddress,
  createSubscription,
} from '../helpers/factories.js';

const { store } = useEmulator();

/** What a client can see of the state: lists found through indexes, counts, jobs, the clock. */
async function observed(s: Awaited<ReturnType<typeof store>>, emails: readonly string[]) {
  const byEmail: Json[] = [];
  for (const email of emails)
    byEmail.push((await s.api.get(`/customers?email=${encodeURIComponent(email)}`)).body.customers);
  return {
    byEmail,
    active: (await s.api.get('/subscriptions?status=active')).body.subscriptions,
    queued: (await s.api.get('/charges?status=queued')).body.charges,
    events: (await s.api.get('/events?limit=250')).body.events,
    jobs: await s.control.scheduledJobs(),
    document: (await s.control.snapshot()).store,
  };
}

describe('restoring a named snapshot after later writes', () => {
  it('gives back rows, index lookups, id counters, clock and jobs exactly, as often as asked', async () => {
    const s = await store();
    const kept = await createCustomerWithAddress(s.api);
    await addCard(s.api, kept.customerId, 'tok_ok');
    await createSubscription(s.api, kept.addressId, { next_charge_scheduled_at: '2025-01-20' });
    const removed = await createCustomer(s.api);
    const keptEmail = String((await s.api.get(`/customers/${kept.customerId}`)).body.customer.email);
    const emails = [keptEmail, String(removed.email), 'renamed@example.com'];
    await s.control.saveSnapshot('saved');
    const saved = await observed(s, emails);

    for (let round = 0; round < 2; round++) {
      // Writes that touch every kind of index: a unique key moved, a row deleted, rows added,
      // statuses changed by billing, jobs run and scheduled, the clock moved.
      expect(
        (await s.api.put(`/customers/${kept.customerId}`, { email: 'renamed@example.com' })).status,
      ).toBe(200);
      expect((await s.api.delete(`/customers/${removed.id}`)).status).toBeLessThan(300);
      await createCustomer(s.api);
      await s.control.advanceClock({ days: 40 });
      expect(await observed(s, emails)).not.toEqual(saved);

      const info = await s.control.restoreNamedSnapshot('saved');
      expect(info.clock.now).toBe(saved.document.clock.now);
      expect(await observed(s, emails)).toEqual(saved);
      // The unique index holds the old key again, and not the one written after the save.
      expect(
        (await s.api.post('/customers', { email: keptEmail, first_name: 'A', last_name: 'B' })).status,
      ).toBe(422);
      const renamed = await s.api.post('/customers', {
        email: 'renamed@example.com',
        first_name: 'A',
        last_name: 'B',
      });
      expect(renamed.status).toBe(201);
      // Id counters went back too: the next customer gets the id the first one after the save got.
      expect(renamed.body.customer.id).toBe(Number(removed.id) + 1);
      await s.control.restoreNamedSnapshot('saved');
    }
  });
});
