/** Tools for a store's virtual clock: where it stands and what is due, and moving it. */
import * as z from 'zod';
import type { AdvanceInput } from '../../client/client.js';
import { controlOf } from '../target.js';
import { answer, storeToken, type ToolModule } from '../tool.js';

/** The one way to move the clock a call gives (several or none is refused). */
function advanceOf(input: {
  days?: number;
  hours?: number;
  minutes?: number;
  months?: number;
  to?: string;
  until_next_job?: boolean;
}): AdvanceInput {
  const ways: AdvanceInput[] = [];
  if (input.days !== undefined) ways.push({ days: input.days });
  if (input.hours !== undefined) ways.push({ hours: input.hours });
  if (input.minutes !== undefined) ways.push({ minutes: input.minutes });
  if (input.months !== undefined) ways.push({ months: input.months });
  if (input.to !== undefined) ways.push({ to: input.to });
  if (input.until_next_job) ways.push({ until: 'next_job' });
  const [way] = ways;
  if (ways.length !== 1 || !way)
    throw new Error('Give exactly one of days, hours, minutes, months, to or until_next_job.');
  return way;
}

export const clockTools: ToolModule = (server, target) => {
  server.registerTool(
    'clock_status',
    {
      title: 'Clock and scheduled jobs',
      description:
        "The store's virtual time, its mode, and the next jobs it will run (charges, retries, notices).",
      inputSchema: {
        store_token: storeToken(),
        limit: z.number().int().min(1).max(100).optional().describe('Jobs to list (default 10)'),
      },
      annotations: { readOnlyHint: true },
    },
    ({ store_token, limit }) =>
      answer(async () => {
        const control = controlOf(target, store_token);
        const clock = await control.clock();
        const jobs = await control.scheduledJobs(limit ?? 10);
        return [
          `now ${clock.now} (${clock.mode}); ${jobs.total} jobs scheduled`,
          ...jobs.jobs.map((job) => `${job.due_at} ${job.type} ${job.subject}: ${job.does}`),
        ];
      }),
  );

  server.registerTool(
    'advance_clock',
    {
      title: 'Advance the clock',
      description:
        "Moves the store's virtual clock forward (by an amount, to a time, or to the next job), running every job due " +
        'on the way in order; answers each job with its outcome and the events recorded.',
      inputSchema: {
        store_token: storeToken(),
        days: z.number().int().min(1).max(3660).optional(),
        hours: z.number().int().min(1).optional(),
        minutes: z.number().int().min(1).optional(),
        months: z.number().int().min(1).max(120).optional().describe('Calendar months (UTC)'),
        to: z.iso
          .datetime()
          .optional()
          .describe('Set the clock to this later time, e.g. 2025-03-01T00:00:00Z'),
        until_next_job: z.boolean().optional().describe('Move to the next scheduled job and run it'),
      },
    },
    (input) =>
      answer(async () => {
        const report = await controlOf(target, input.store_token).advanceClock(advanceOf(input));
        return [
          `now ${report.now}; ${report.jobs.length} jobs ran`,
          ...report.jobs.map((job) => `${job.due_at} ${job.type} ${job.subject}: ${job.outcome}`),
          report.events.length > 0 ? `events: ${report.events.join(', ')}` : 'no events',
        ];
      }),
  );

  server.registerTool(
    'set_clock_mode',
    {
      title: 'Freeze or run the clock',
      description:
        'frozen: the clock moves only when advanced; realtime: it follows wall-clock time from where it stands.',
      inputSchema: { store_token: storeToken(), mode: z.enum(['frozen', 'realtime']) },
    },
    ({ store_token, mode }) =>
      answer(async () => {
        const clock = await controlOf(target, store_token).setClockMode(mode);
        return `now ${clock.now} (${clock.mode})`;
      }),
  );
};
