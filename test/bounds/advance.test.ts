/**
 * A clock advance is bounded by jobs and by wall time, and by its client staying: it stops between
 * two jobs with a 422 that says where the clock stands, what ran, which bound stopped it and how to
 * go on; advancing again goes on from there. Bounds are driven by counts (settings), never timed.
 */
import { describe, expect, it } from 'vitest';
import { ControlError } from '../../src/index.js';
import { useEmulator } from '../helpers/emulator.js';

const { emulator } = useEmulator();

const THOUSAND_YEARS = { days: 365_000 };

async function smallShop(settings: Record<string, unknown>) {
  const created = await emulator().control.createStore({ scenario: 'small-shop', settings });
  const control = emulator().control.forStore(created.token);
  const get = async (path: string) => {
    const reply = await fetch(`${emulator().url}${path}`, {
      headers: { 'X-Service-Access-Token': created.token, 'X-Service-Version': '2021-11' },
    });
    return (await reply.json()) as Record<string, unknown>;
  };
  return { created, control, get };
}

interface Stopped {
  errors: { days: string[] };
  stopped_short: {
    reason: string;
    now: string;
    target: string;
    jobs_run: number;
    events_recorded: number;
    elapsed_ms: number;
  };
}

async function refusal(promise: Promise<unknown>): Promise<Stopped> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ControlError);
  expect((error as ControlError).status).toBe(422);
  return (error as ControlError).body as Stopped;
}

describe('a clock advance of 1,000 years on a small store', () => {
  // Regression: it answered after about two minutes and half a gigabyte.
  it('stops at max_jobs_per_advance between two jobs, says where and how to go on, and goes on when asked', async () => {
    const { control, get } = await smallShop({ max_jobs_per_advance: 40 });
    const before = await control.clock();
    const target = new Date(Date.parse(before.now) + 365_000 * 86_400_000).toISOString().replace('.000', '');
    const first = await refusal(control.advanceClock(THOUSAND_YEARS));
    expect(first.stopped_short).toMatchObject({
      reason: 'max_jobs_per_advance',
      jobs_run: 40,
      target,
    });
    expect(first.stopped_short.events_recorded).toBeGreaterThan(0);
    const message = first.errors.days[0] as string;
    expect(message).toContain(`The clock stopped at ${first.stopped_short.now}, short of ${target}`);
    expect(message).toContain('after running 40 jobs in ');
    expect(message).toContain(
      "the store's max_jobs_per_advance (40). Advance again to go on, or raise max_jobs_per_advance.",
    );

    // The clock stands where the last job ran; nothing due before it is left behind.
    const clock = await control.clock();
    expect(clock.now).toBe(first.stopped_short.now);
    expect(Date.parse(clock.now)).toBeGreaterThan(Date.parse(before.now));
    const pending = await control.scheduledJobs();
    expect(Date.parse(pending.jobs[0]?.due_at ?? '')).toBeGreaterThanOrEqual(Date.parse(clock.now));
    const charges = (await get('/charges?status=success&limit=250')).charges as { processed_at: string }[];
    expect(charges.length).toBeGreaterThan(0);
    expect(charges.every((c) => Date.parse(c.processed_at) <= Date.parse(clock.now))).toBe(true);

    // Advancing again goes on from there, with the same bound.
    const second = await refusal(control.advanceClock({ to: first.stopped_short.target }));
    expect(second.stopped_short.jobs_run).toBe(40);
    expect(Date.parse(second.stopped_short.now)).toBeGreaterThan(Date.parse(first.stopped_short.now));
    expect((await control.clock()).now).toBe(second.stopped_short.now);

    // A reachable target completes as before: 200 with the jobs it ran.
    const next = await control.advanceClock({ until: 'next_job' });
    expect(next.jobs.length).toBeGreaterThan(0);
    expect(next.jobs.length).toBeLessThan(40);
  });

  it('stops at max_advance_ms of wall time (0: one job per advance, so every advance moves on)', async () => {
    const { control } = await smallShop({ max_advance_ms: 0 });
    const first = await refusal(control.advanceClock(THOUSAND_YEARS));
    expect(first.stopped_short).toMatchObject({ reason: 'max_advance_ms', jobs_run: 1 });
    expect(first.errors.days[0]).toContain(
      "the store's max_advance_ms (0 ms of wall time). Advance again to go on, or raise max_advance_ms.",
    );
    const second = await refusal(control.advanceClock(THOUSAND_YEARS));
    expect(second.stopped_short.jobs_run).toBe(1);
    expect(Date.parse(second.stopped_short.now)).toBeGreaterThanOrEqual(Date.parse(first.stopped_short.now));
  });

  it('has documented defaults a store shows and may change', async () => {
    const { created, control } = await smallShop({});
    expect(created.store.settings).toMatchObject({ max_jobs_per_advance: 100_000, max_advance_ms: 10_000 });
    const changed = await control.updateSettings({ max_advance_ms: 30_000 });
    expect(changed.settings).toMatchObject({ max_advance_ms: 30_000 });
    const refused = await control.updateSettings({ max_advance_ms: -1 }).catch((e: unknown) => e);
    expect((refused as ControlError).status).toBe(422);
  });

  it('stops at the next job when its client leaves: the clock stands short of the target', async () => {
    const { created, control } = await smallShop({
      max_jobs_per_advance: 10_000_000,
      max_advance_ms: 600_000,
    });
    const start = (await control.clock()).now;
    const leaving = new AbortController();
    const request = fetch(`${emulator().url}/_emulator/clock/advance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Service-Access-Token': created.token },
      body: JSON.stringify(THOUSAND_YEARS),
      signal: leaving.signal,
    }).catch((error: unknown) => error);
    // Other requests are served while it runs: wait until the clock has moved, then leave.
    for (let i = 0; i < 100_000 && (await control.clock()).now === start; i++);
    expect((await control.clock()).now).not.toBe(start);
    leaving.abort();
    expect(await request).toBeInstanceOf(Error);
    // Advances of one store run one after another: this one answers once the abandoned one stopped.
    const after = await control.advanceClock({ seconds: 0 });
    expect(Date.parse(after.now)).toBeLessThan(Date.parse('2100-01-01T00:00:00Z'));
    const pending = await control.scheduledJobs(1);
    expect(pending.total).toBeGreaterThan(0);
  });
});

describe('a store seeded from a scenario whose client leaves', () => {
  it('stops seeding and removes the half-seeded store', async () => {
    const listNames = async () => (await emulator().control.listStores()).map((store) => store.name);
    const leaving = new AbortController();
    const request = fetch(`${emulator().url}/_emulator/stores`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ scenario: 'large-shop', name: 'left behind' }),
      signal: leaving.signal,
    }).catch((error: unknown) => error);
    // Seeding lets other requests in: wait until the store exists, then leave.
    for (let i = 0; i < 10_000 && !(await listNames()).includes('left behind'); i++);
    expect(await listNames()).toContain('left behind');
    leaving.abort();
    expect(await request).toBeInstanceOf(Error);
    // Had seeding gone on, the store would stay once done; it goes within a few customers.
    for (let i = 0; i < 10_000 && (await listNames()).includes('left behind'); i++);
    expect(await listNames()).not.toContain('left behind');
  });
});
