/**
 * The clone's summary in words: one line of records per list, time, requests and waits on the
 * rate limit, and what was left out (the whole list is in `--json`).
 */
import type { CloneSummary } from './clone.js';

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/**
 * `Cloned 25 customers, 25 addresses, ... in 1.2 s: 29 requests, 0 waits on the rate limit (0.0 s).`
 *
 * @example formatSummary(summary) // 'Cloned 25 customers, ... in 1.2 s: 29 requests, 2 waits on the rate limit (3.5 s).'
 */
export function formatSummary(summary: CloneSummary): string {
  const counts = Object.entries(summary.counts)
    .filter(([, n]) => n > 0)
    .map(([list, n]) => `${n.toLocaleString('en-US')} ${list}`);
  const retries = summary.retries > 0 ? `, ${summary.retries} tried again` : '';
  return (
    `Cloned ${counts.length ? counts.join(', ') : 'no records'} in ${seconds(summary.duration_ms)}: ` +
    `${summary.requests} requests, ${summary.rate_limit_waits} waits on the rate limit ` +
    `(${seconds(summary.waited_ms)})${retries}.`
  );
}

/** The lines saying what was not cloned, at most `max` (then how many more). */
export function formatSkipped(summary: CloneSummary, max = 12): string[] {
  const lines = summary.skipped
    .slice(0, max)
    .map((s) => `  ${s.collection}${s.id === null ? '' : ` ${s.id}`}: ${s.reason}`);
  const more = summary.skipped.length - max;
  if (more > 0) lines.push(`  ... and ${more} more (--json lists them all)`);
  return lines.length ? ['Not cloned:', ...lines] : [];
}
