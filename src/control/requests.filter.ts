/**
 * Filters of `GET /_emulator/requests` (query) and `POST /_emulator/requests/count` (body): method,
 * path pattern (the fault rules' globs), status (`503` or a class `5xx`), since (an entry id, or
 * an ISO time of the store's virtual clock) and request id.
 */
import * as z from 'zod';
import { parseTimestampMs } from '../platform/calendar.js';
import { onFirstUse } from '../platform/first-use.js';
import { compilePathGlob, pathPatternProblem } from '../platform/path-glob.js';
import type { JournalEntry, JournalFilter } from '../platform/journal/journal.js';

export type { JournalFilter } from '../platform/journal/journal.js';

const STATUS = /^[1-5](\d\d|xx)$/i;

function sinceProblem(value: number | string): string | null {
  if (typeof value === 'number' || /^\d+$/.test(value)) return null;
  return parseTimestampMs(value) === null ? 'Not an entry id or an ISO-8601 datetime.' : null;
}

/** The filters, built on first use (src/platform/first-use.ts). */
export const journalFilterSchema = onFirstUse(() => {
  return z
    .object({
      method: z
        .string()
        .regex(/^[A-Za-z]{1,10}$/)
        .optional(),
      path: z
        .string()
        .superRefine((value, ctx) => {
          const problem = pathPatternProblem(value);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        })
        .optional(),
      status: z
        .union([
          z.number().int().min(100).max(599),
          z.string().regex(STATUS, 'Must be a status (503) or a class (5xx).'),
        ])
        .optional(),
      since: z
        .union([
          z.number().int().min(0),
          z.string().superRefine((value, ctx) => {
            const problem = sinceProblem(value);
            if (problem) ctx.addIssue({ code: 'custom', message: problem });
          }),
        ])
        .optional(),
      request_id: z.string().min(1).optional(),
    })
    .strict();
});

/**
 * A predicate for entries (parse the filter with `journalFilterSchema` first).
 *
 * @example
 * const retried = compileJournalFilter({ method: 'POST', path: '/customers', status: '5xx' });
 * [...journal.newestFirst()].filter(retried).length;
 */
export function compileJournalFilter(filter: JournalFilter): (entry: JournalEntry) => boolean {
  const tests: ((entry: JournalEntry) => boolean)[] = [];
  if (filter.method !== undefined) {
    const method = filter.method.toUpperCase();
    tests.push((entry) => entry.method === method);
  }
  if (filter.path !== undefined) {
    const matches = compilePathGlob(filter.path);
    tests.push((entry) => matches(entry.path));
  }
  if (filter.status !== undefined) {
    const text = String(filter.status).toLowerCase();
    if (text.endsWith('xx')) {
      const digit = Number(text[0]);
      tests.push((entry) => entry.status !== null && Math.floor(entry.status / 100) === digit);
    } else {
      const status = Number(text);
      tests.push((entry) => entry.status === status);
    }
  }
  if (filter.since !== undefined) {
    const since = filter.since;
    if (typeof since === 'number' || /^\d+$/.test(since)) {
      const id = Number(since);
      tests.push((entry) => entry.id > id);
    } else {
      const ms = parseTimestampMs(since) ?? 0;
      tests.push((entry) => entry.atMs >= ms);
    }
  }
  if (filter.request_id !== undefined) {
    const requestId = filter.request_id;
    tests.push((entry) => entry.requestId === requestId);
  }
  return (entry) => tests.every((test) => test(entry));
}
