/**
 * The virtual clock: read it, move it forward by an amount, calendar months, to a time or to the
 * next job (running due jobs), preview the schedule.
 */
import * as z from 'zod';
import { onFirstUse } from '../platform/first-use.js';
import { errors } from '../errors/messages.js';
import { parseTimestampMs } from '../platform/calendar.js';
import { parseWith } from '../errors/validation.js';
import { LATEST_MS, toIso } from '../platform/clock.js';
import type { Store } from '../store/store.js';
import { ApiError } from '../errors/api-error.js';
import type { AdvanceReport } from '../platform/scheduler/scheduler.js';
import { limitParam } from './limit-param.js';
import type { ControlEndpoint } from './control.types.js';

/** The request schemas of these routes, built on first use (src/platform/first-use.ts). */
const clockSchemas = onFirstUse(() => {
  const amount = z.number().finite().nonnegative();

  const advanceBody = z
    .object({
      seconds: amount.optional(),
      minutes: amount.optional(),
      hours: amount.optional(),
      days: amount.optional(),
      months: z.number().int('Whole calendar months only.').nonnegative().optional(),
      to: z.string().optional(),
      until: z.literal('next_job').optional(),
    })
    .strict()
    .superRefine((body, ctx) => {
      const given = Object.keys(body).filter((key) => body[key as keyof typeof body] !== undefined);
      if (given.length !== 1) {
        ctx.addIssue({
          code: 'custom',
          path: [],
          message: 'Send exactly one of seconds, minutes, hours, days, months, to or until.',
        });
      }
    });

  const modeBody = z.object({ mode: z.enum(['frozen', 'realtime']) }).strict();

  const jobsQuery = z.object({
    subject: z.string().min(1).optional(),
    limit: limitParam(),
  });
  return { advance: advanceBody, mode: modeBody, jobs: jobsQuery };
});

type ClockSchemas = ReturnType<typeof clockSchemas>;

const UNIT_MS = { seconds: 1_000, minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;

/**
 * `ms` plus whole calendar months in UTC, at the same time of day, on the same day of the month or
 * the month's last day when it is shorter (Jan 31 + 1 → Feb 28), as the dashboard's "+1 month".
 * NaN past the last date a Date can hold, which the caller refuses.
 *
 * @example
 * toIso(plusMonths(Date.parse('2025-01-31T12:00:00Z'), 1)); // '2025-02-28T12:00:00Z'
 */
export function plusMonths(ms: number, months: number): number {
  const date = new Date(ms);
  const [year, month] = [date.getUTCFullYear(), date.getUTCMonth() + months];
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(date.getUTCDate(), lastDay);
  return Date.UTC(year, month, day) + (ms - Date.UTC(year, date.getUTCMonth(), date.getUTCDate()));
}

/** Where the clock would go; past the last representable time → 422 on the field sent. */
function targetOf(store: Store, body: z.output<ClockSchemas['advance']>): number {
  const target = unboundedTargetOf(store, body);
  if (target <= LATEST_MS) return target; // NaN (months beyond any date) falls through
  const field = Object.keys(body)[0] ?? 'to';
  throw errors.field(field, `The clock cannot go past ${toIso(LATEST_MS)}.`);
}

function unboundedTargetOf(store: Store, body: z.output<ClockSchemas['advance']>): number {
  const now = store.clock.now();
  if (body.until) return store.scheduler.next()?.due_at ?? now;
  if (body.to !== undefined) {
    const to = parseTimestampMs(body.to);
    if (to === null) throw errors.field('to', 'Not a valid ISO-8601 datetime.');
    if (to < now) throw errors.field('to', `The clock never moves back; it is ${toIso(now)}.`);
    return to;
  }
  if (body.months !== undefined) return plusMonths(now, body.months);
  for (const unit of Object.keys(UNIT_MS) as (keyof typeof UNIT_MS)[]) {
    const value = body[unit];
    if (value !== undefined) return now + value * UNIT_MS[unit];
  }
  return now;
}

/**
 * The 422 of an advance that stopped between two jobs, short of its target: where the clock stands,
 * what ran, which bound stopped it and how to go on. A 422, not a 200 with a flag: a test that asked
 * for a year and got less must fail loudly (docs/decisions/0041).
 */
function stoppedShort(field: string, report: AdvanceReport, target: number, store: Store): ApiError {
  const reason = report.stopped_short ?? 'abandoned';
  const bound =
    reason === 'max_jobs_per_advance'
      ? `the store's max_jobs_per_advance (${store.settings.max_jobs_per_advance})`
      : reason === 'max_advance_ms'
        ? `the store's max_advance_ms (${store.settings.max_advance_ms} ms of wall time)`
        : 'the client left';
  const goOn =
    reason === 'abandoned' ? 'Advance again to go on.' : `Advance again to go on, or raise ${reason}.`;
  const message =
    `The clock stopped at ${report.now}, short of ${toIso(target)}, after running ${report.jobs.length} jobs ` +
    `in ${report.elapsed_ms} ms: ${bound}. ${goOn}`;
  return new ApiError(422, {
    errors: { [field]: [message] },
    stopped_short: {
      reason,
      now: report.now,
      target: toIso(target),
      jobs_run: report.jobs.length,
      events_recorded: report.events.length,
      elapsed_ms: report.elapsed_ms,
    },
  });
}

export const clockControlEndpoints: readonly ControlEndpoint[] = [
  {
    method: 'GET',
    path: '/clock',
    access: 'store',
    summary: "The calling store's virtual time and clock mode",
    handle: ({ store }) => ({ body: { now: store.clock.iso(), mode: store.clock.mode } }),
  },
  {
    method: 'POST',
    path: '/clock/advance',
    access: 'store',
    summary: 'Move the clock forward, running every job that falls due on the way, in order',
    body: () => clockSchemas().advance,
    handle: async ({ store, body, deps, abandoned }) => {
      const input = parseWith(clockSchemas().advance, body);
      const target = targetOf(store, input);
      const report = await store.scheduler.advanceTo(
        target,
        (error, job) => deps.logger.error({ err: error, job }, 'scheduled job failed'),
        { signal: abandoned },
      );
      if (report.stopped_short) throw stoppedShort(Object.keys(input)[0] ?? 'to', report, target, store);
      // Wall time only in a stop's answer: a completed advance answers the same on every run.
      return { body: { now: report.now, jobs: report.jobs, events: report.events } };
    },
  },
  {
    method: 'POST',
    path: '/clock/mode',
    access: 'store',
    summary:
      'Set the clock mode: frozen (moves only when told) or realtime (follows wall-clock time from where it stands)',
    body: () => clockSchemas().mode,
    handle: ({ store, body }) => {
      store.clock.setMode(parseWith(clockSchemas().mode, body).mode);
      store.clockMoved({ jobs: 0, events: 0 });
      return { body: { now: store.clock.iso(), mode: store.clock.mode } };
    },
  },
  {
    method: 'GET',
    path: '/clock/jobs',
    access: 'store',
    summary:
      'The scheduled jobs, in the order they will run, each with what it will do; filters subject (charge:12), limit',
    query: () => clockSchemas().jobs,
    handle: ({ store, query }) => {
      const { limit, subject } = parseWith(clockSchemas().jobs, query);
      const pending =
        subject === undefined
          ? store.scheduler.pending()
          : store.collections.jobs
              .findBy('subject', subject)
              .sort((a, b) => a.due_at - b.due_at || a.id - b.id);
      return {
        body: {
          now: store.clock.iso(),
          total: pending.length,
          jobs: pending.slice(0, limit ?? pending.length).map((job) => ({
            id: job.id,
            type: job.type,
            due_at: toIso(job.due_at),
            subject: job.subject,
            does: store.scheduler.describe(job),
          })),
        },
      };
    },
  },
];
